// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * utimes(2), the raw system call (glibc routes utimes() to utimensat):
 * - explicit times read back to the microsecond (st_*tim.tv_nsec is
 *   tv_usec * 1000), ctime set to now;
 * - times NULL sets atime and mtime to now;
 * - a symlink is followed;
 * - as nobody: times NULL on root's writable file succeeds, on a file it
 *   cannot write is EACCES; explicit times on root's file are EPERM;
 * - EINVAL for tv_usec -1 and 1000000, ENOENT, ENOTDIR, EFAULT for an
 *   unmapped times array and path;
 * - on a read-only tmpfs (ro_tmpfs.h): EROFS for NULL and explicit times,
 *   through a symlink too, and for nobody (NULL on root's 0644 file,
 *   explicit times on root's file: EROFS, not EACCES or EPERM, the mount
 *   is checked first); tv_usec 1000000 is still EINVAL and an unmapped
 *   times array EFAULT (checked before the path), a missing name ENOENT;
 *   nothing on it changes.
 * Architectures without the call (arm64, riscv) TCONF.
 */
#include <fcntl.h>
#include <sys/time.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "ro_tmpfs.h"

#define FILE_NAME "utimes01_file"
#define LINK_NAME "utimes01_link"
#define READONLY "utimes01_readonly"

static void *bad_addr;

#ifdef __NR_utimes
static long raw_utimes(const char *path, const struct timeval *tv)
{
	return tst_syscall(__NR_utimes, path, tv);
}
#else
static long raw_utimes(const char *path, const struct timeval *tv)
{
	(void)path;
	(void)tv;
	tst_brk(TCONF, "this architecture has no utimes system call");
}
#endif

static void setup(void)
{
	rofs_setup();
	fsm_create_file(FILE_NAME, 0666, "x");
	FSM_SAFE(symlink(FILE_NAME, LINK_NAME));
	fsm_create_file(READONLY, 0644, "x");
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	rofs_cleanup();
}

static void expect_times(const char *path, time_t asec, long ausec,
			 time_t msec, long musec)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EXPR(st.st_atim.tv_sec == asec &&
		     st.st_atim.tv_nsec == ausec * 1000 &&
		     st.st_mtim.tv_sec == msec &&
		     st.st_mtim.tv_nsec == musec * 1000,
		     "%s: atime %ld.%09ld mtime %ld.%09ld", path,
		     st.st_atim.tv_sec, st.st_atim.tv_nsec,
		     st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
}

static void check_success(void)
{
	const struct timeval tv[2] = { { 1000, 1 }, { 2000, 999999 } };
	const struct timeval tv2[2] = { { 3000, 3 }, { 4000, 4 } };
	struct timespec before;
	struct stat st;

	clock_gettime(CLOCK_REALTIME_COARSE, &before);
	TST_EXP_PASS(raw_utimes(FILE_NAME, tv), "utimes() explicit times");
	expect_times(FILE_NAME, 1000, 1, 2000, 999999);
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR(fsm_ts_cmp(&st.st_ctim, &before) >= 0, "ctime now");

	TST_EXP_PASS(raw_utimes(FILE_NAME, NULL), "utimes(file, NULL)");
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR(fsm_ts_cmp(&st.st_atim, &before) >= 0 &&
		     fsm_ts_cmp(&st.st_mtim, &before) >= 0,
		     "both times set to now");

	TST_EXP_PASS(raw_utimes(LINK_NAME, tv2), "utimes() through a link");
	expect_times(FILE_NAME, 3000, 3, 4000, 4);
}

static void nobody_cases(void)
{
	const struct timeval tv[2] = { { 5000, 5 }, { 6000, 6 } };

	TST_EXP_PASS(raw_utimes(FILE_NAME, NULL),
		     "utimes(NULL) on root's mode 0666 file as nobody");
	TST_EXP_FAIL(raw_utimes(READONLY, NULL), EACCES,
		     "utimes(NULL) on root's mode 0644 file as nobody");
	TST_EXP_FAIL(raw_utimes(FILE_NAME, tv), EPERM,
		     "explicit utimes() on root's mode 0666 file as nobody");
}

static void check_errors(void)
{
	struct timeval tv[2] = { { 7000, -1 }, { 8000, 0 } };

	TST_EXP_FAIL(raw_utimes(FILE_NAME, tv), EINVAL, "tv_usec -1");
	tv[0].tv_usec = 0;
	tv[1].tv_usec = 1000000;
	TST_EXP_FAIL(raw_utimes(FILE_NAME, tv), EINVAL, "tv_usec 1000000");
	tv[1].tv_usec = 0;
	TST_EXP_FAIL(raw_utimes("utimes01_missing", tv), ENOENT,
		     "utimes() of a missing file");
	TST_EXP_FAIL(raw_utimes(FILE_NAME "/x", tv), ENOTDIR,
		     "utimes() of a file used as a directory");
	TST_EXP_FAIL(raw_utimes(FILE_NAME, bad_addr), EFAULT,
		     "utimes() with an unmapped times array");
	TST_EXP_FAIL(raw_utimes(bad_addr, tv), EFAULT,
		     "utimes() of an unmapped path");
}

static void nobody_erofs(void)
{
	struct timeval tv[2] = { { 5, 0 }, { 5, 0 } };

	TST_EXP_FAIL(raw_utimes(RO_FILE, NULL), EROFS,
		     "utimes(root's 0644 file, NULL) on a ro fs as nobody");
	TST_EXP_FAIL(raw_utimes(RO_FILE, tv), EROFS,
		     "utimes(root's file, times) on a ro fs as nobody");
}

static void check_erofs(void)
{
	struct timeval tv[2] = { { 7000, 0 }, { 8000, 0 } };

	if (!rofs_ready())
		return;
	TST_EXP_FAIL(raw_utimes(RO_FILE, NULL), EROFS,
		     "utimes(file, NULL) on a ro fs");
	TST_EXP_FAIL(raw_utimes(RO_FILE, tv), EROFS,
		     "utimes(file, times) on a ro fs");
	TST_EXP_FAIL(raw_utimes(RO_LINK, tv), EROFS,
		     "utimes(symlink, times) on a ro fs");
	TST_EXP_FAIL(raw_utimes(RO_SUBDIR, NULL), EROFS,
		     "utimes(dir, NULL) on a ro fs");
	TST_EXP_FAIL(raw_utimes(RO_MISSING, tv), ENOENT,
		     "utimes() of a missing name on a ro fs");
	TST_EXP_FAIL(raw_utimes(RO_FILE, bad_addr), EFAULT,
		     "utimes(file, unmapped times) on a ro fs");
	tv[1].tv_usec = 1000000;
	TST_EXP_FAIL(raw_utimes(RO_FILE, tv), EINVAL,
		     "utimes(file, tv_usec 1000000) on a ro fs");
	fsm_as_nobody(nobody_erofs);
	rofs_unchanged();
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_success();
		break;
	case 1:
		fsm_as_nobody(nobody_cases);
		break;
	case 2:
		check_errors();
		break;
	case 3:
		check_erofs();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
