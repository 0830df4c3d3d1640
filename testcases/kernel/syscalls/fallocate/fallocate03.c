// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fallocate(2) errors, each with its exact errno and the file unchanged:
 * - EINVAL for offset -1, len 0 and len -1,
 * - EOPNOTSUPP for an unknown mode bit, for PUNCH_HOLE without
 *   KEEP_SIZE and for PUNCH_HOLE | ZERO_RANGE,
 * - EBADF for fd -1, a file opened O_RDONLY and an O_PATH fd,
 * - ESPIPE for a pipe, ENODEV for /dev/null (neither a regular file nor a
 *   block device; TCONF without /dev/null),
 * - EFBIG when offset + len wraps past the largest file offset,
 * - EFBIG past RLIMIT_FSIZE, with SIGXFSZ sent (caught here).
 * EISDIR is not reachable: a directory cannot be opened for writing.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <limits.h>
#include <linux/falloc.h>
#include <signal.h>
#include <sys/resource.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "fsmeta.h"

#define FILE_NAME "fallocate03_file"
#define FSIZE_LIMIT 65536
#define UNKNOWN_MODE 0x40000000

static int wr_fd = -1, rd_fd = -1, path_fd = -1, bad_fd = -1, null_fd = -1;
static int pipe_fds[2] = { -1, -1 };
static volatile sig_atomic_t xfsz_count;

static struct tcase {
	int *fd;
	int mode;
	off_t off, len;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &wr_fd, 0, -1, 4096, EINVAL, "offset -1" },
	{ &wr_fd, 0, 0, 0, EINVAL, "len 0" },
	{ &wr_fd, 0, 0, -1, EINVAL, "len -1" },
	{ &wr_fd, UNKNOWN_MODE, 0, 4096, EOPNOTSUPP, "an unknown mode bit" },
	{ &wr_fd, FALLOC_FL_PUNCH_HOLE, 0, 4096, EOPNOTSUPP,
	  "PUNCH_HOLE without KEEP_SIZE" },
	{ &wr_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_ZERO_RANGE |
	  FALLOC_FL_KEEP_SIZE, 0, 4096, EOPNOTSUPP,
	  "PUNCH_HOLE | ZERO_RANGE | KEEP_SIZE" },
	{ &bad_fd, 0, 0, 4096, EBADF, "fd -1" },
	{ &rd_fd, 0, 0, 4096, EBADF, "a file opened O_RDONLY" },
	{ &path_fd, 0, 0, 4096, EBADF, "an O_PATH fd" },
	{ &pipe_fds[1], 0, 0, 4096, ESPIPE, "the write end of a pipe" },
	{ &null_fd, 0, 0, 4096, ENODEV, "/dev/null opened O_WRONLY" },
	{ &wr_fd, 0, LLONG_MAX - 4095, 8192, EFBIG,
	  "offset + len past LLONG_MAX" },
};

#define NCASES (sizeof(tcases) / sizeof(tcases[0]))

static void setup(void)
{
	struct stat st;

	fsm_create_file(FILE_NAME, 0644, "0123456789");
	wr_fd = SAFE_OPEN(FILE_NAME, O_WRONLY);
	rd_fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	path_fd = SAFE_OPEN(FILE_NAME, O_PATH);
	SAFE_PIPE(pipe_fds);
	if (!stat("/dev/null", &st) && S_ISCHR(st.st_mode))
		null_fd = SAFE_OPEN("/dev/null", O_WRONLY);
	if (fallocate(wr_fd, 0, 0, 1) && errno == EOPNOTSUPP)
		fs_lacks("ext2 ext3 exfat", "fallocate()", errno);
}

static void cleanup(void)
{
	int *fds[] = { &wr_fd, &rd_fd, &path_fd, &null_fd, &pipe_fds[0],
		       &pipe_fds[1] };
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

static void check_rlimit(void)
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
	TST_EXP_FAIL(fallocate(wr_fd, 0, 0, FSIZE_LIMIT + 4096), EFBIG,
		     "fallocate() past RLIMIT_FSIZE %d", FSIZE_LIMIT);
	TST_EXP_EQ_LI(xfsz_count, 1);
	expect_size(10);
	exit(0);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	if (n == NCASES) {
		check_rlimit();
		return;
	}
	if (*tc->fd == -1 && tc->fd == &null_fd) {
		tst_res(TCONF, "no /dev/null character device");
		return;
	}
	TST_EXP_FAIL(fallocate(*tc->fd, tc->mode, tc->off, tc->len),
		     tc->exp_errno, "fallocate() with %s", tc->desc);
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
