// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ftruncate(2) errors, each with its exact errno and the size unchanged:
 * - EINVAL for a negative length (checked before the fd: also for fd -1),
 * - EBADF for fd -1 and for an O_PATH fd,
 * - EINVAL for a file opened O_RDONLY, a directory, a pipe and a socket
 *   (not a regular file open for writing),
 * - EFBIG for a length above RLIMIT_FSIZE, with SIGXFSZ sent (caught
 *   here) and, with SIGXFSZ ignored, still EFBIG.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "ftruncate02_file"
#define FSIZE_LIMIT 8192

static int wr_fd = -1, rd_fd = -1, path_fd = -1, dir_fd = -1, bad_fd = -1;
static int pipe_fds[2] = { -1, -1 }, sock_fds[2] = { -1, -1 };
static volatile sig_atomic_t xfsz_count;

static struct tcase {
	int *fd;
	off_t len;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &wr_fd, -1, EINVAL, "length -1" },
	{ &bad_fd, -1, EINVAL, "fd -1 and length -1" },
	{ &bad_fd, 0, EBADF, "fd -1" },
	{ &path_fd, 0, EBADF, "an O_PATH fd" },
	{ &rd_fd, 0, EINVAL, "a file opened O_RDONLY" },
	{ &dir_fd, 0, EINVAL, "a directory" },
	{ &pipe_fds[1], 0, EINVAL, "the write end of a pipe" },
	{ &sock_fds[0], 0, EINVAL, "a socket" },
};

#define NCASES (sizeof(tcases) / sizeof(tcases[0]))

static void setup(void)
{
	fsm_create_file(FILE_NAME, 0644, "0123456789");
	wr_fd = SAFE_OPEN(FILE_NAME, O_WRONLY);
	rd_fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	path_fd = SAFE_OPEN(FILE_NAME, O_PATH);
	dir_fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	SAFE_PIPE(pipe_fds);
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sock_fds);
}

static void cleanup(void)
{
	int *fds[] = { &wr_fd, &rd_fd, &path_fd, &dir_fd, &pipe_fds[0],
		       &pipe_fds[1], &sock_fds[0], &sock_fds[1] };
	unsigned int i;

	for (i = 0; i < sizeof(fds) / sizeof(fds[0]); i++) {
		if (*fds[i] >= 0)
			SAFE_CLOSE(*fds[i]);
	}
}

static void expect_size(off_t size)
{
	struct stat st;

	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR(st.st_size == size, "file size %ld, expected %ld",
		     (long)st.st_size, (long)size);
}

static void on_xfsz(int sig)
{
	(void)sig;
	xfsz_count++;
}

static void check_efbig(void)
{
	struct rlimit rl = { FSIZE_LIMIT, FSIZE_LIMIT };
	pid_t pid = SAFE_FORK();

	if (pid) {
		reap_child(pid);
		return;
	}
	FSM_SAFE(setrlimit(RLIMIT_FSIZE, &rl));
	if (signal(SIGXFSZ, on_xfsz) == SIG_ERR)
		tst_brk(TBROK | TERRNO, "signal(SIGXFSZ)");
	TST_EXP_FAIL(ftruncate(wr_fd, FSIZE_LIMIT + 1), EFBIG,
		     "ftruncate() past RLIMIT_FSIZE %d", FSIZE_LIMIT);
	TST_EXP_EQ_LI(xfsz_count, 1);
	signal(SIGXFSZ, SIG_IGN);
	TST_EXP_FAIL(ftruncate(wr_fd, FSIZE_LIMIT * 2), EFBIG,
		     "ftruncate() past RLIMIT_FSIZE, SIGXFSZ ignored");
	TST_EXP_PASS(ftruncate(wr_fd, FSIZE_LIMIT),
		     "ftruncate() to exactly RLIMIT_FSIZE");
	expect_size(FSIZE_LIMIT);
	SAFE_FTRUNCATE(wr_fd, 10);
	exit(0);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	if (n == NCASES) {
		check_efbig();
		return;
	}
	TST_EXP_FAIL(ftruncate(*tc->fd, tc->len), tc->exp_errno,
		     "ftruncate() with %s", tc->desc);
	expect_size(10);
}

static struct tst_test test = {
	.tcnt = NCASES + 1,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};
