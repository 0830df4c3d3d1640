// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * read(2) errors, each exact, with the file offset unmoved:
 * - EBADF: fd -1, a closed fd, an O_WRONLY fd, an O_PATH fd;
 * - EISDIR: a directory;
 * - EFAULT: a buffer in an unmapped page;
 * - EAGAIN: an empty O_NONBLOCK pipe that still has a writer;
 * - EINVAL: an eventfd read with count < 8;
 * - EINTR: a read blocked on an empty pipe, interrupted by a signal
 *   whose handler has no SA_RESTART.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "fileio.h"
#include "task_wait.h"

#define FNAME "read02_file"

static int rdwr_fd, wronly_fd, path_fd, dir_fd, nb_pipe[2], event_fd;
static int closed_fd, bad_fd = -1;
static char buf[64], *bad_buf;

static struct tcase {
	int *fd;
	char **buf;
	size_t count;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &bad_fd, NULL, 1, EBADF, "fd -1" },
	{ &closed_fd, NULL, 1, EBADF, "a closed fd" },
	{ &wronly_fd, NULL, 1, EBADF, "an O_WRONLY fd" },
	{ &path_fd, NULL, 1, EBADF, "an O_PATH fd" },
	{ &dir_fd, NULL, 1, EISDIR, "a directory" },
	{ &rdwr_fd, &bad_buf, 1, EFAULT, "into an unmapped page" },
	{ &nb_pipe[0], NULL, 1, EAGAIN, "an empty O_NONBLOCK pipe" },
	{ &event_fd, NULL, 4, EINVAL, "4 bytes of an eventfd" },
};

static void sig_handler(int sig)
{
	(void)sig;
}

static void test_eintr(void)
{
	struct sigaction sa = { .sa_handler = sig_handler };
	int fds[2];
	pid_t pid;

	SAFE_PIPE(fds);
	pid = SAFE_FORK();
	if (!pid) {
		sigaction(SIGUSR1, &sa, NULL);
		TST_EXP_FAIL(read(fds[0], buf, 1), EINTR,
			     "read() of an empty pipe interrupted by a signal");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_read);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void run(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(tcases) / sizeof(tcases[0]); i++) {
		struct tcase *tc = &tcases[i];

		TST_EXP_FAIL(read(*tc->fd, tc->buf ? *tc->buf : buf,
				  tc->count), tc->exp_errno, "read(%s)",
			     tc->desc);
	}
	TST_EXP_EQ_LI(SAFE_LSEEK(rdwr_fd, 0, SEEK_CUR), 0);
	test_eintr();
}

static void setup(void)
{
	rdwr_fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);
	SAFE_WRITE(1, rdwr_fd, "data", 4);
	SAFE_LSEEK(rdwr_fd, 0, SEEK_SET);
	wronly_fd = SAFE_OPEN(FNAME, O_WRONLY);
	path_fd = SAFE_OPEN(FNAME, O_PATH);
	dir_fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	SAFE_PIPE2(nb_pipe, O_NONBLOCK);
	event_fd = eventfd(1, 0);
	if (event_fd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
	closed_fd = event_fd + 100;
	if (fio_fd_is_open(closed_fd))
		tst_brk(TBROK, "fd %d is unexpectedly open", closed_fd);
	bad_buf = fio_bad_addr();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};
