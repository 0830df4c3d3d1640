// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * utimensat(2) permission rules and errors, the times left unchanged:
 * - a writable file owned by root, as nobody: times NULL and both
 *   UTIME_NOW succeed (write access is enough to set "now"), explicit
 *   times and {UTIME_NOW, UTIME_OMIT} are EPERM (only the owner may);
 * - a root file nobody cannot write: times NULL and both UTIME_NOW are
 *   EACCES, explicit times EPERM;
 * - the owner (nobody on its own mode 0400 file) may set any time;
 * - EINVAL for tv_nsec -1 and 1000000000, for an unknown flag, and for a
 *   flag with a NULL path (the fd form takes none);
 * - EBADF (relative name, dirfd -1; NULL path, fd -1), ENOTDIR, ENOENT,
 *   EFAULT for an unmapped times array.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define WRITABLE "utimensat02_writable"
#define READONLY "utimensat02_readonly"
#define OWN_FILE "utimensat02_own"

static const struct timespec fixed[2] = { { 1000, 1 }, { 2000, 2 } };
static void *bad_addr;
static int fd = -1;

/*
 * glibc answers EINVAL for a NULL path itself: the fd form needs the raw
 * call (struct timespec is the kernel's on 64-bit architectures).
 */
static long utimensat_fd(int dfd, const struct timespec *t, int flags)
{
	return tst_syscall(__NR_utimensat, dfd, NULL, t, flags);
}

static void setup(void)
{
	uid_t uid;
	gid_t gid;

	fsm_nobody_ids(&uid, &gid);
	fsm_create_file(WRITABLE, 0666, "x");
	fsm_create_file(READONLY, 0644, "x");
	fsm_create_file(OWN_FILE, 0400, "x");
	SAFE_CHOWN(OWN_FILE, uid, gid);
	fd = SAFE_OPEN(WRITABLE, O_RDONLY);
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static void reset(const char *path)
{
	FSM_SAFE(utimensat(AT_FDCWD, path, fixed, 0));
}

static void expect_fixed(const char *path)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EXPR(st.st_mtim.tv_sec == 2000 && st.st_mtim.tv_nsec == 2 &&
		     st.st_atim.tv_sec == 1000 && st.st_atim.tv_nsec == 1,
		     "%s times unchanged", path);
}

static void nobody_cases(void)
{
	const struct timespec both_now[2] = { { 0, UTIME_NOW },
					      { 0, UTIME_NOW } };
	const struct timespec now_omit[2] = { { 0, UTIME_NOW },
					      { 0, UTIME_OMIT } };
	const struct timespec t[2] = { { 3000, 3 }, { 4000, 4 } };
	struct stat st;

	TST_EXP_PASS(utimensat(AT_FDCWD, WRITABLE, NULL, 0),
		     "times NULL on root's mode 0666 file as nobody");
	TST_EXP_PASS(utimensat(AT_FDCWD, WRITABLE, both_now, 0),
		     "both UTIME_NOW on root's mode 0666 file as nobody");
	TST_EXP_FAIL(utimensat(AT_FDCWD, WRITABLE, t, 0), EPERM,
		     "explicit times on root's mode 0666 file as nobody");
	TST_EXP_FAIL(utimensat(AT_FDCWD, WRITABLE, now_omit, 0), EPERM,
		     "{UTIME_NOW, UTIME_OMIT} on root's 0666 file as nobody");

	TST_EXP_FAIL(utimensat(AT_FDCWD, READONLY, NULL, 0), EACCES,
		     "times NULL on root's mode 0644 file as nobody");
	TST_EXP_FAIL(utimensat(AT_FDCWD, READONLY, both_now, 0), EACCES,
		     "both UTIME_NOW on root's mode 0644 file as nobody");
	TST_EXP_FAIL(utimensat(AT_FDCWD, READONLY, t, 0), EPERM,
		     "explicit times on root's mode 0644 file as nobody");
	expect_fixed(READONLY);

	TST_EXP_PASS(utimensat(AT_FDCWD, OWN_FILE, t, 0),
		     "explicit times on its own mode 0400 file as nobody");
	SAFE_STAT(OWN_FILE, &st);
	TST_EXP_EXPR(st.st_mtim.tv_sec == 4000 && st.st_mtim.tv_nsec == 4,
		     "its own file's mtime set");
}

static void check_errors(void)
{
	struct timespec t[2] = { { 3000, 0 }, { 4000, 0 } };

	t[0].tv_nsec = -1;
	TST_EXP_FAIL(utimensat(AT_FDCWD, WRITABLE, t, 0), EINVAL,
		     "atime tv_nsec -1");
	t[0].tv_nsec = 0;
	t[1].tv_nsec = 1000000000;
	TST_EXP_FAIL(utimensat(AT_FDCWD, WRITABLE, t, 0), EINVAL,
		     "mtime tv_nsec 1000000000");
	t[1].tv_nsec = 0;
	TST_EXP_FAIL(utimensat(AT_FDCWD, WRITABLE, t, AT_REMOVEDIR), EINVAL,
		     "flag AT_REMOVEDIR");
	TST_EXP_FAIL(utimensat_fd(fd, t, AT_SYMLINK_NOFOLLOW), EINVAL,
		     "NULL path with AT_SYMLINK_NOFOLLOW");
	TST_EXP_FAIL(utimensat(-1, WRITABLE, t, 0), EBADF,
		     "relative name with dirfd -1");
	TST_EXP_FAIL(utimensat_fd(-1, t, 0), EBADF, "NULL path, fd -1");
	TST_EXP_FAIL(utimensat(fd, WRITABLE, t, 0), ENOTDIR,
		     "relative name with dirfd a regular file");
	TST_EXP_FAIL(utimensat(AT_FDCWD, "utimensat02_missing", t, 0),
		     ENOENT, "a missing file");
	TST_EXP_FAIL(utimensat(AT_FDCWD, WRITABLE, bad_addr, 0), EFAULT,
		     "an unmapped times array");
	expect_fixed(WRITABLE);
}

static void run(unsigned int n)
{
	reset(WRITABLE);
	reset(READONLY);
	if (n == 0)
		fsm_as_nobody(nobody_cases);
	else
		check_errors();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
