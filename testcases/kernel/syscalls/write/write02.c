// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * write(2) errors, each exact, with nothing written:
 * - EBADF: fd -1, an O_RDONLY fd, an O_PATH fd;
 * - EFAULT: a buffer in an unmapped page;
 * - EAGAIN: a full O_NONBLOCK pipe;
 * - EPIPE: a pipe without a reader, with SIGPIPE ignored; with a SIGPIPE
 *   handler the signal is delivered too;
 * - EINVAL: an eventfd write with count < 8;
 * - EDESTADDRREQ: an unconnected UDP socket;
 * - EFBIG: a write that starts at RLIMIT_FSIZE (SIGXFSZ ignored), while
 *   one that crosses it is cut short at the limit;
 * - EINTR: a write blocked on a full pipe, interrupted by a signal whose
 *   handler has no SA_RESTART.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "fileio.h"
#include "task_wait.h"

#define FNAME "write02_file"

static int rdonly_fd, path_fd, rdwr_fd, full_pipe[2], event_fd, udp_fd;
static int bad_fd = -1;
static char buf[64], *bad_buf;
static volatile sig_atomic_t got_sig;

static struct tcase {
	int *fd;
	char **buf;
	size_t count;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &bad_fd, NULL, 1, EBADF, "fd -1" },
	{ &rdonly_fd, NULL, 1, EBADF, "an O_RDONLY fd" },
	{ &path_fd, NULL, 1, EBADF, "an O_PATH fd" },
	{ &rdwr_fd, &bad_buf, 1, EFAULT, "from an unmapped page" },
	{ &full_pipe[1], NULL, 1, EAGAIN, "a full O_NONBLOCK pipe" },
	{ &event_fd, NULL, 4, EINVAL, "4 bytes to an eventfd" },
	{ &udp_fd, NULL, 1, EDESTADDRREQ, "an unconnected UDP socket" },
};

static void sig_handler(int sig)
{
	got_sig = sig;
}

static void test_epipe(void)
{
	struct sigaction sa = { .sa_handler = sig_handler };
	int fds[2];

	SAFE_PIPE(fds);
	SAFE_CLOSE(fds[0]);
	signal(SIGPIPE, SIG_IGN);
	TST_EXP_FAIL(write(fds[1], "x", 1), EPIPE,
		     "write() to a pipe without reader, SIGPIPE ignored");
	sigaction(SIGPIPE, &sa, NULL);
	got_sig = 0;
	TST_EXP_FAIL(write(fds[1], "x", 1), EPIPE,
		     "write() to a pipe without reader, SIGPIPE caught");
	TST_EXP_EXPR(got_sig == SIGPIPE, "SIGPIPE was delivered");
	signal(SIGPIPE, SIG_DFL);
	SAFE_CLOSE(fds[1]);
}

/*
 * In a child, and the limit is raised again before reporting: stdout may
 * be a file, which the limit would cut short too.
 */
static void test_efbig(void)
{
	struct rlimit rl;
	rlim_t old_cur;
	long partial, over;
	int fd, over_err;
	struct stat st;
	pid_t pid = SAFE_FORK();

	if (pid) {
		reap_child(pid);
		return;
	}
	if (getrlimit(RLIMIT_FSIZE, &rl))
		tst_brk(TBROK | TERRNO, "getrlimit(RLIMIT_FSIZE)");
	old_cur = rl.rlim_cur;
	signal(SIGXFSZ, SIG_IGN);
	fd = SAFE_OPEN("write02_limited", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_LSEEK(fd, 90, SEEK_SET);

	rl.rlim_cur = 100;
	if (setrlimit(RLIMIT_FSIZE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_FSIZE, 100)");
	partial = write(fd, buf, 20);
	over = write(fd, buf, 1);
	over_err = errno;
	rl.rlim_cur = old_cur;
	if (setrlimit(RLIMIT_FSIZE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_FSIZE) back");

	TST_EXP_EXPR(partial == 10, "write(20) at 90 with RLIMIT_FSIZE 100 "
		     "returned %ld (expected 10)", partial);
	TST_EXP_EXPR(over == -1 && over_err == EFBIG, "write() at 100 with "
		     "RLIMIT_FSIZE 100 returned %ld, errno %s (expected EFBIG)",
		     over, tst_strerrno(over_err));
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 100);
	SAFE_CLOSE(fd);
	exit(0);
}

static void test_eintr(void)
{
	struct sigaction sa = { .sa_handler = sig_handler };
	int fds[2];
	pid_t pid;

	/* Fill it without blocking, then let the child block on it. */
	SAFE_PIPE(fds);
	fcntl(fds[1], F_SETFL, O_NONBLOCK);
	while (write(fds[1], buf, sizeof(buf)) > 0)
		;
	fcntl(fds[1], F_SETFL, 0);
	pid = SAFE_FORK();
	if (!pid) {
		sigaction(SIGUSR1, &sa, NULL);
		TST_EXP_FAIL(write(fds[1], buf, 1), EINTR,
			     "write() to a full pipe interrupted by a signal");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_write);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void run(void)
{
	struct stat st;
	unsigned int i;

	for (i = 0; i < sizeof(tcases) / sizeof(tcases[0]); i++) {
		struct tcase *tc = &tcases[i];

		TST_EXP_FAIL(write(*tc->fd, tc->buf ? *tc->buf : buf,
				   tc->count), tc->exp_errno, "write(%s)",
			     tc->desc);
	}
	SAFE_FSTAT(rdwr_fd, &st);
	TST_EXP_EQ_LI(st.st_size, 0);
	test_epipe();
	test_efbig();
	test_eintr();
}

static void setup(void)
{
	rdwr_fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);
	rdonly_fd = SAFE_OPEN(FNAME, O_RDONLY);
	path_fd = SAFE_OPEN(FNAME, O_PATH);
	SAFE_PIPE2(full_pipe, O_NONBLOCK);
	while (write(full_pipe[1], buf, sizeof(buf)) > 0)
		;
	if (errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "filling a pipe");
	event_fd = eventfd(0, 0);
	if (event_fd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
	udp_fd = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	bad_buf = fio_bad_addr();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};
