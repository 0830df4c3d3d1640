// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pwrite64(2) errors, each exact, with nothing written:
 * - ESPIPE: a pipe, a FIFO, a socket;
 * - EINVAL: a negative offset, and offset + count overflowing;
 * - EBADF: fd -1, an O_RDONLY fd;
 * - EFAULT: a buffer in an unmapped page;
 * - EFBIG: an offset at RLIMIT_FSIZE (SIGXFSZ ignored).
 */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "pwrite64_02_file"

static int fd, rdonly_fd, pipe_fds[2], fifo_fd, sock_fds[2];
static int bad_fd = -1;
static char buf[64], *bad_buf;

static struct tcase {
	int *fd;
	char **buf;
	size_t count;
	off_t off;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &pipe_fds[1], NULL, 1, 0, ESPIPE, "a pipe" },
	{ &fifo_fd, NULL, 1, 0, ESPIPE, "a FIFO" },
	{ &sock_fds[0], NULL, 1, 0, ESPIPE, "a socket" },
	{ &fd, NULL, 1, -1, EINVAL, "offset -1" },
	{ &fd, NULL, 10, INT64_MAX - 5, EINVAL, "offset + count overflows" },
	{ &bad_fd, NULL, 1, 0, EBADF, "fd -1" },
	{ &rdonly_fd, NULL, 1, 0, EBADF, "an O_RDONLY fd" },
	{ &fd, &bad_buf, 1, 0, EFAULT, "from an unmapped page" },
};

/* In a child; the limit is raised again before reporting (stdout). */
static void test_efbig(void)
{
	struct rlimit rl;
	rlim_t old_cur;
	long ret;
	int err;
	pid_t pid = SAFE_FORK();

	if (pid) {
		reap_child(pid);
		return;
	}
	signal(SIGXFSZ, SIG_IGN);
	if (getrlimit(RLIMIT_FSIZE, &rl))
		tst_brk(TBROK | TERRNO, "getrlimit(RLIMIT_FSIZE)");
	old_cur = rl.rlim_cur;
	rl.rlim_cur = 4096;
	if (setrlimit(RLIMIT_FSIZE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_FSIZE, 4096)");
	ret = pwrite(fd, buf, 1, 4096);
	err = errno;
	rl.rlim_cur = old_cur;
	if (setrlimit(RLIMIT_FSIZE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_FSIZE) back");
	TST_EXP_EXPR(ret == -1 && err == EFBIG, "pwrite() at 4096 with "
		     "RLIMIT_FSIZE 4096 returned %ld, errno %s (expected "
		     "EFBIG)", ret, tst_strerrno(err));
	exit(0);
}

static void run(void)
{
	struct stat st;
	unsigned int i;

	for (i = 0; i < sizeof(tcases) / sizeof(tcases[0]); i++) {
		struct tcase *tc = &tcases[i];

		TST_EXP_FAIL(pwrite(*tc->fd, tc->buf ? *tc->buf : buf,
				    tc->count, tc->off), tc->exp_errno,
			     "pwrite(%s)", tc->desc);
	}
	test_efbig();
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 0);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 0);
}

static void setup(void)
{
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);
	rdonly_fd = SAFE_OPEN(FNAME, O_RDONLY);
	SAFE_PIPE(pipe_fds);
	if (mkfifo("fifo", 0600))
		tst_brk(TBROK | TERRNO, "mkfifo()");
	fifo_fd = SAFE_OPEN("fifo", O_RDWR);
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sock_fds);
	bad_buf = fio_bad_addr();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
