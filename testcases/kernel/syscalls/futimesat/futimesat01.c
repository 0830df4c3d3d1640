// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * futimesat() (glibc's futimesat() is utimensat(), so the call is made
 * with syscall()): times in microseconds are set to the nanosecond
 * (tv_usec * 1000) on a path relative to a directory fd, relative to
 * AT_FDCWD, on an absolute path whatever the fd, and, with a NULL path,
 * on the file the fd itself refers to; NULL times set now. EINVAL for a
 * tv_usec of 1000000 or -1 in either element (also UTIME_NOW, which only
 * utimensat() knows), EBADF for a closed dirfd with a relative path and
 * with a NULL path, ENOTDIR for a regular file as dirfd, ENOENT, EFAULT
 * for unmapped times. As nobody on a root-owned 0666 file: EPERM for
 * explicit times, NULL allowed; on 0644, EACCES for NULL.
 */
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/time.h>
#include "time_event.h"

static void *bad_addr;
static int dirfd = -1, filefd = -1, closedfd;
static char abs_path[PATH_MAX];

static long sys_futimesat(int fd, const char *path, const struct timeval *tv)
{
	return syscall(__NR_futimesat, fd, path, tv);
}

static void check_times(const char *path, long sec, long usec)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EXPR(st.st_atim.tv_sec == sec &&
		     st.st_atim.tv_nsec == usec * 1000 &&
		     st.st_mtim.tv_sec == sec + 1 &&
		     st.st_mtim.tv_nsec == usec * 1000,
		     "%s: atime %ld.%09ld, mtime %ld.%09ld as set", path,
		     (long)st.st_atim.tv_sec, st.st_atim.tv_nsec,
		     (long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
}

static void set_and_check(int fd, const char *path, const char *check,
			  long sec, long usec, const char *desc)
{
	struct timeval tv[2] = {
		{ .tv_sec = sec, .tv_usec = usec },
		{ .tv_sec = sec + 1, .tv_usec = usec },
	};

	TST_EXP_PASS(sys_futimesat(fd, path, tv), "futimesat(%s)", desc);
	if (TST_PASS)
		check_times(check, sec, usec);
}

static void test_set(void)
{
	struct stat st;
	time_t before;

	set_and_check(dirfd, "file", "dir/file", 1000, 123456,
		      "dirfd, \"file\"");
	set_and_check(AT_FDCWD, "dir/file", "dir/file", 2000, 1,
		      "AT_FDCWD, \"dir/file\"");
	set_and_check(closedfd, abs_path, "dir/file", 3000, 999999,
		      "closed fd, absolute path");
	set_and_check(filefd, NULL, "dir/file", 4000, 500000,
		      "fd of the file, NULL path");

	before = time(NULL);
	TST_EXP_PASS(sys_futimesat(dirfd, "file", NULL),
		     "futimesat(dirfd, \"file\", NULL)");
	SAFE_STAT("dir/file", &st);
	TST_EXP_EXPR(st.st_atime >= before - 1 && st.st_mtime >= before - 1 &&
		     st.st_mtime <= time(NULL), "NULL set atime %ld, mtime %ld "
		     "to now (%ld)", (long)st.st_atime, (long)st.st_mtime,
		     (long)before);
}

static void test_errors(void)
{
	struct timeval tv[2] = { {1, 0}, {1, 0} };

	tv[0].tv_usec = 1000000;
	TST_EXP_FAIL(sys_futimesat(dirfd, "file", tv), EINVAL,
		     "futimesat(atime tv_usec = 1000000)");
	tv[0].tv_usec = 0;
	tv[1].tv_usec = -1;
	TST_EXP_FAIL(sys_futimesat(dirfd, "file", tv), EINVAL,
		     "futimesat(mtime tv_usec = -1)");
	tv[1].tv_usec = (1L << 30) - 1;
	TST_EXP_FAIL(sys_futimesat(dirfd, "file", tv), EINVAL,
		     "futimesat(mtime tv_usec = UTIME_NOW)");
	tv[1].tv_usec = 0;
	TST_EXP_FAIL(sys_futimesat(closedfd, "file", tv), EBADF,
		     "futimesat(closed fd, relative path)");
	TST_EXP_FAIL(sys_futimesat(closedfd, NULL, tv), EBADF,
		     "futimesat(closed fd, NULL path)");
	TST_EXP_FAIL(sys_futimesat(filefd, "file", tv), ENOTDIR,
		     "futimesat(regular file fd, relative path)");
	TST_EXP_FAIL(sys_futimesat(dirfd, "missing", tv), ENOENT,
		     "futimesat(dirfd, missing)");
	TST_EXP_FAIL(sys_futimesat(dirfd, "file", bad_addr), EFAULT,
		     "futimesat(dirfd, file, unmapped times)");
	TST_EXP_FAIL(sys_futimesat(dirfd, bad_addr, tv), EFAULT,
		     "futimesat(dirfd, unmapped path)");
}

static void as_nobody(void)
{
	struct timeval tv[2] = { {7, 0}, {7, 0} };

	TST_EXP_FAIL(sys_futimesat(dirfd, "root_0666", tv), EPERM,
		     "futimesat(root's 0666 file, times) as nobody");
	TST_EXP_PASS(sys_futimesat(dirfd, "root_0666", NULL),
		     "futimesat(root's 0666 file, NULL) as nobody");
	TST_EXP_FAIL(sys_futimesat(dirfd, "root_0644", NULL), EACCES,
		     "futimesat(root's 0644 file, NULL) as nobody");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_set();
	else if (n == 1)
		test_errors();
	else
		run_in_nobody_child(as_nobody, "the permission checks");
}

static void setup(void)
{
	int fd;

	bad_addr = tev_bad_addr();
	SAFE_MKDIR("dir", 0755);
	fd = SAFE_OPEN("dir/file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("dir/root_0644", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("dir/root_0666", O_CREAT | O_WRONLY, 0666);
	SAFE_CLOSE(fd);
	SAFE_CHMOD("dir/root_0666", 0666);
	dirfd = SAFE_OPEN("dir", O_RDONLY | O_DIRECTORY);
	filefd = SAFE_OPEN("dir/file", O_RDONLY);
	/* An fd number far above any this process opened. */
	closedfd = 1000;
	snprintf(abs_path, sizeof(abs_path), "%s/dir/file", tst_tmpdir_path);
}

static void cleanup(void)
{
	if (dirfd >= 0)
		SAFE_CLOSE(dirfd);
	if (filefd >= 0)
		SAFE_CLOSE(filefd);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
