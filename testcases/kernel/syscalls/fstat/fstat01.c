// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fstat(2) describes the open file, whatever kind it is and whatever
 * happened to its name:
 * - a regular file: the inode stat() reports for its name, and the size
 *   grows with each write through the fd;
 * - an O_PATH fd is enough (no read or write access needed);
 * - a pipe is S_IFIFO, a socket S_IFSOCK, a directory S_IFDIR;
 * - after unlink() of its only name the open file has st_nlink 0 and
 *   keeps its size;
 * - errors: EBADF for fd -1 and for a closed fd, EFAULT for an unmapped
 *   buffer.
 */
#include <fcntl.h>
#include <sys/socket.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "legacy_raw.h"

#define FILE_NAME "fstat01_file"

static int fd = -1, path_fd = -1, dir_fd = -1, closed_fd = -1;
static int pipe_fds[2] = { -1, -1 }, sock_fds[2] = { -1, -1 };
static void *bad_addr;

static void setup(void)
{
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	path_fd = SAFE_OPEN(FILE_NAME, O_PATH);
	dir_fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	SAFE_PIPE(pipe_fds);
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sock_fds);
	/* A number that was an fd a moment ago. */
	closed_fd = dup(fd);
	FSM_SAFE(close(closed_fd));
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	int *fds[] = { &fd, &path_fd, &dir_fd, &pipe_fds[0], &pipe_fds[1],
		       &sock_fds[0], &sock_fds[1] };
	unsigned int i;

	for (i = 0; i < sizeof(fds) / sizeof(fds[0]); i++) {
		if (*fds[i] >= 0)
			SAFE_CLOSE(*fds[i]);
	}
}

static void check_regular(void)
{
	struct stat fst, st;

	SAFE_FTRUNCATE(fd, 0);
	TST_EXP_PASS(sys_fstat(fd, &fst));
	TST_EXP_EQ_LI(fst.st_size, 0);
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR(fst.st_dev == st.st_dev && fst.st_ino == st.st_ino &&
		     S_ISREG(fst.st_mode),
		     "fstat() names the regular file stat() finds");
	SAFE_PWRITE(1, fd, "0123456789", 10, 0);
	TST_EXP_PASS(sys_fstat(fd, &fst));
	TST_EXP_EQ_LI(fst.st_size, 10);
	SAFE_PWRITE(1, fd, "x", 1, 99);
	TST_EXP_PASS(sys_fstat(fd, &fst));
	TST_EXP_EQ_LI(fst.st_size, 100);

	TST_EXP_PASS(sys_fstat(path_fd, &st), "fstat() on an O_PATH fd");
	TST_EXP_EXPR(st.st_ino == fst.st_ino && st.st_size == 100,
		     "O_PATH fd reports the same inode and size");
}

static void check_kinds(void)
{
	struct stat st;

	TST_EXP_PASS(sys_fstat(pipe_fds[0], &st), "fstat() on a pipe");
	TST_EXP_EXPR(S_ISFIFO(st.st_mode), "pipe is S_IFIFO (mode %o)",
		     st.st_mode);
	TST_EXP_PASS(sys_fstat(sock_fds[0], &st), "fstat() on a socket");
	TST_EXP_EXPR(S_ISSOCK(st.st_mode), "socket is S_IFSOCK (mode %o)",
		     st.st_mode);
	TST_EXP_PASS(sys_fstat(dir_fd, &st), "fstat() on a directory");
	TST_EXP_EXPR(S_ISDIR(st.st_mode), "directory is S_IFDIR (mode %o)",
		     st.st_mode);
}

static void check_unlinked(void)
{
	struct stat st;
	int tmp_fd = SAFE_OPEN("fstat01_gone", O_RDWR | O_CREAT | O_EXCL,
			       0600);

	SAFE_WRITE(1, tmp_fd, "abc", 3);
	SAFE_UNLINK("fstat01_gone");
	TST_EXP_PASS(sys_fstat(tmp_fd, &st), "fstat() on an unlinked file");
	TST_EXP_EQ_LI(st.st_nlink, 0);
	TST_EXP_EQ_LI(st.st_size, 3);
	SAFE_CLOSE(tmp_fd);
}

static void check_errors(void)
{
	struct stat st;

	TST_EXP_FAIL(sys_fstat(-1, &st), EBADF, "fstat(-1)");
	TST_EXP_FAIL(sys_fstat(closed_fd, &st), EBADF, "fstat() on a closed fd");
	TST_EXP_FAIL(sys_fstat(fd, bad_addr), EFAULT,
		     "fstat() with an unmapped buffer");
}

static void run(unsigned int n)
{
	void (*const checks[])(void) = {
		check_regular, check_kinds, check_unlinked, check_errors,
	};

	checks[n]();
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
