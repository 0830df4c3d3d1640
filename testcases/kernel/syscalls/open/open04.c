// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What open(2)'s flags do to the file and the descriptor, each case once
 * through open() and once through openat() with a directory fd:
 * - an O_RDONLY fd cannot write and an O_WRONLY fd cannot read (EBADF),
 *   and the file is unchanged;
 * - O_APPEND: a write after lseek(0) lands at the end;
 * - O_TRUNC on a file with data leaves it empty (size 0);
 * - O_NOATIME: a read leaves st_atime alone where a plain read (the
 *   control) updates it;
 * - O_CLOEXEC: the fd is closed in the program exec() starts, a fd
 *   without it stays open there;
 * - O_NOFOLLOW: ELOOP on a symlink; without it, a chain of two symlinks
 *   opens the target and reads its data;
 * - O_CREAT with mode 01777 as root keeps S_ISVTX on the new file; a
 *   directory opened O_RDONLY has S_IFDIR in fstat();
 * - a write at an offset past 4 GiB works (large file offsets are the
 *   default on 64-bit) and fstat() shows the size.
 * Syscalls: open, openat
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"

static int dirfd_, use_at;

static int xopen(const char *name, int flags, mode_t mode)
{
	char path[64];

	if (use_at)
		return openat(dirfd_, name, flags, mode);
	snprintf(path, sizeof(path), "dir/%s", name);
	return open(path, flags, mode);
}

static int sopen(const char *name, int flags, mode_t mode)
{
	int fd = xopen(name, flags, mode);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s, %#x)", name, flags);
	return fd;
}

static void make(const char *name, const char *data)
{
	int fd = sopen(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	SAFE_WRITE(1, fd, data, strlen(data));
	SAFE_CLOSE(fd);
}

static void access_mode(void)
{
	char buf[8];
	struct stat st;
	int fd;

	make("f", "data");
	fd = sopen("f", O_RDONLY, 0);
	TST_EXP_FAIL(write(fd, "x", 1), EBADF, "write() on an O_RDONLY fd");
	SAFE_CLOSE(fd);
	fd = sopen("f", O_WRONLY, 0);
	TST_EXP_FAIL(read(fd, buf, 1), EBADF, "read() on an O_WRONLY fd");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 4);
	SAFE_CLOSE(fd);
}

static void append_trunc(void)
{
	char buf[16] = "";
	struct stat st;
	int fd;

	make("f", "0123");
	fd = sopen("f", O_WRONLY | O_APPEND, 0);
	SAFE_LSEEK(fd, 0, SEEK_SET);
	SAFE_WRITE(1, fd, "ab", 2);
	SAFE_CLOSE(fd);
	fd = sopen("f", O_RDONLY, 0);
	SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!strcmp(buf, "0123ab"), "O_APPEND write went to the end "
		     "(\"%s\")", buf);

	fd = sopen("f", O_RDWR | O_TRUNC, 0);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 0);
	SAFE_CLOSE(fd);
}

static time_t atime_after_read(int flags)
{
	struct timespec ts[2] = { { 1000, 0 }, { 2000, 0 } };
	struct stat st;
	char c;
	int fd;

	if (utimensat(dirfd_, "f", ts, 0))
		tst_brk(TBROK | TERRNO, "utimensat()");
	fd = sopen("f", O_RDONLY | flags, 0);
	SAFE_READ(1, fd, &c, 1);
	SAFE_FSTAT(fd, &st);
	SAFE_CLOSE(fd);
	return st.st_atime;
}

static void noatime(void)
{
	make("f", "data");
	if (atime_after_read(0) == 1000) {
		tst_res(TCONF, "a plain read does not update atime here "
			"(noatime mount?)");
		return;
	}
	TST_EXP_EQ_LI(atime_after_read(O_NOATIME), 1000);
}

static void cloexec(void)
{
	char script[128];
	int fd1, fd2, status;
	pid_t pid;

	make("f", "data");
	fd1 = sopen("f", O_RDONLY | O_CLOEXEC, 0);
	fd2 = sopen("f", O_RDONLY, 0);
	TST_EXP_EQ_LI(fcntl(fd1, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
	snprintf(script, sizeof(script),
		 "[ ! -e /proc/$$/fd/%d ] && [ -e /proc/$$/fd/%d ]", fd1, fd2);
	pid = SAFE_FORK();
	if (!pid) {
		execl("/bin/sh", "sh", "-c", script, (char *)NULL);
		_exit(127);
	}
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "after exec the O_CLOEXEC fd %d is closed, fd %d open "
		     "(sh status %#x)", fd1, fd2, status);
	SAFE_CLOSE(fd1);
	SAFE_CLOSE(fd2);
}

static void symlinks(void)
{
	char buf[8] = "";
	int fd;

	make("target", "tgt");
	unlinkat(dirfd_, "l1", 0);
	unlinkat(dirfd_, "l2", 0);
	if (symlinkat("target", dirfd_, "l1") || symlinkat("l1", dirfd_, "l2"))
		tst_brk(TBROK | TERRNO, "symlinkat()");
	TST_EXP_FAIL(xopen("l1", O_RDONLY | O_NOFOLLOW, 0), ELOOP,
		     "O_NOFOLLOW on a symlink");
	fd = sopen("l2", O_RDONLY, 0);
	SAFE_READ(1, fd, buf, 3);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!strcmp(buf, "tgt"), "two symlinks lead to the target's "
		     "data (\"%s\")", buf);
}

static void modes(void)
{
	struct stat st;
	int fd;

	unlinkat(dirfd_, "sticky", 0);
	umask(0);
	fd = sopen("sticky", O_CREAT | O_EXCL | O_WRONLY, 01777);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_mode & 07777, 01777);
	SAFE_CLOSE(fd);
	umask(022);
	fd = sopen(".", O_RDONLY, 0);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(S_ISDIR(st.st_mode), "a directory opened O_RDONLY is "
		     "S_IFDIR");
	SAFE_CLOSE(fd);
}

static void large(void)
{
	off_t off = (5LL << 30) + 123;
	struct stat st;
	int fd;

	fd = sopen("big", O_RDWR | O_CREAT | O_TRUNC, 0600);
	TST_EXP_VAL(pwrite(fd, "x", 1, off), 1, "pwrite() at 5 GiB + 123");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, off + 1);
	SAFE_CLOSE(fd);
	unlinkat(dirfd_, "big", 0);
}

static void (*const cases[])(void) = {
	access_mode,
	append_trunc,
	noatime,
	cloexec,
	symlinks,
	modes,
	large,
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

static void run(unsigned int n)
{
	use_at = n >= NCASES;
	if (n % NCASES == 0)
		tst_res(TINFO, "through %s", use_at ? "openat()" : "open()");
	cases[n % NCASES]();
}

static void setup(void)
{
	SAFE_MKDIR("dir", 0755);
	dirfd_ = SAFE_OPEN("dir", O_RDONLY | O_DIRECTORY);
}

static struct tst_test test = {
	.tcnt = 2 * NCASES,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
