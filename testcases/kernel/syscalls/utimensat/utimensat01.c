// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * utimensat(2) sets the times it is told to, to the nanosecond:
 * - explicit atime and mtime read back exactly (nanoseconds included;
 *   ntfs3 keeps 100 ns units: the nanoseconds truncated to a multiple of
 *   100, exactly), and ctime moves to now;
 * - UTIME_OMIT leaves that time alone, UTIME_NOW sets it to the current
 *   time; times NULL sets both to now;
 * - both UTIME_OMIT succeeds without even looking up the path;
 * - AT_SYMLINK_NOFOLLOW changes the link's times and not the target's,
 *   without it the target's change;
 * - a NULL path with a dirfd works on that fd (what futimens() uses), and
 *   AT_EMPTY_PATH with "" does the same on an O_PATH fd.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "fs_matrix.h"

#define FILE_NAME "utimensat01_file"
#define LINK_NAME "utimensat01_link"

static int fd = -1, path_fd = -1;

/*
 * The filesystem's time granularity (s_time_gran): 1 ns, but ntfs3 keeps
 * NTFS's 100 ns units (NTFS_TIME_GRAN) and the VFS truncates a time set
 * to it (timestamp_truncate()): 987654321 ns reads back as 987654300.
 */
static long gran = 1;

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
	if (fs_is("ntfs3"))
		gran = 100;
	fsm_create_file(FILE_NAME, 0644, "x");
	FSM_SAFE(symlink(FILE_NAME, LINK_NAME));
	fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	path_fd = SAFE_OPEN(FILE_NAME, O_PATH);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
}

/* sec.nsec as the filesystem must store it: nsec truncated to gran */
static int ts_eq(const struct timespec *a, time_t sec, long nsec)
{
	return a->tv_sec == sec && a->tv_nsec == nsec - nsec % gran;
}

/* The current time as a file time can show it: truncated to gran. */
static void now_floor(struct timespec *t)
{
	clock_gettime(CLOCK_REALTIME_COARSE, t);
	t->tv_nsec -= t->tv_nsec % gran;
}

static void set_known_times(const char *path, int flags)
{
	const struct timespec t[2] = { { 1000, 1 }, { 2000, 2 } };

	FSM_SAFE(utimensat(AT_FDCWD, path, t, flags));
}

static void check_explicit(void)
{
	const struct timespec t[2] = { { 123456789, 987654321 },
				       { 223456789, 123456789 } };
	struct timespec now;
	struct stat st;

	now_floor(&now);
	TST_EXP_PASS(utimensat(AT_FDCWD, FILE_NAME, t, 0),
		     "utimensat() with explicit times");
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR(ts_eq(&st.st_atim, 123456789, 987654321) &&
		     ts_eq(&st.st_mtim, 223456789, 123456789),
		     "atime %ld.%09ld mtime %ld.%09ld read back (%ld ns "
		     "granularity)", st.st_atim.tv_sec, st.st_atim.tv_nsec,
		     st.st_mtim.tv_sec, st.st_mtim.tv_nsec, gran);
	TST_EXP_EXPR(fsm_ts_cmp(&st.st_ctim, &now) >= 0,
		     "ctime %ld set to now", st.st_ctim.tv_sec);
}

static void check_omit_now(void)
{
	struct timespec t[2], before;
	struct stat st;

	set_known_times(FILE_NAME, 0);
	now_floor(&before);
	t[0].tv_nsec = UTIME_OMIT;
	t[1].tv_nsec = UTIME_NOW;
	TST_EXP_PASS(utimensat(AT_FDCWD, FILE_NAME, t, 0),
		     "utimensat() with {UTIME_OMIT, UTIME_NOW}");
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR(ts_eq(&st.st_atim, 1000, 1), "atime left alone");
	TST_EXP_EXPR(fsm_ts_cmp(&st.st_mtim, &before) >= 0,
		     "mtime set to now");

	set_known_times(FILE_NAME, 0);
	t[0].tv_nsec = UTIME_NOW;
	t[1].tv_nsec = UTIME_OMIT;
	TST_EXP_PASS(utimensat(AT_FDCWD, FILE_NAME, t, 0),
		     "utimensat() with {UTIME_NOW, UTIME_OMIT}");
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR(fsm_ts_cmp(&st.st_atim, &before) >= 0,
		     "atime set to now");
	TST_EXP_EXPR(ts_eq(&st.st_mtim, 2000, 2), "mtime left alone");

	set_known_times(FILE_NAME, 0);
	TST_EXP_PASS(utimensat(AT_FDCWD, FILE_NAME, NULL, 0),
		     "utimensat() with times NULL");
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR(fsm_ts_cmp(&st.st_atim, &before) >= 0 &&
		     fsm_ts_cmp(&st.st_mtim, &before) >= 0,
		     "both times set to now");

	t[0].tv_nsec = UTIME_OMIT;
	t[1].tv_nsec = UTIME_OMIT;
	TST_EXP_PASS(utimensat(AT_FDCWD, "utimensat01_missing", t, 0),
		     "utimensat() of a missing file with both UTIME_OMIT");
}

static void check_nofollow(void)
{
	const struct timespec t[2] = { { 3000, 3 }, { 4000, 4 } };
	struct stat st, lst;

	set_known_times(FILE_NAME, 0);
	set_known_times(LINK_NAME, AT_SYMLINK_NOFOLLOW);
	TST_EXP_PASS(utimensat(AT_FDCWD, LINK_NAME, t, AT_SYMLINK_NOFOLLOW),
		     "utimensat(link, AT_SYMLINK_NOFOLLOW)");
	SAFE_STAT(FILE_NAME, &st);
	FSM_SAFE(lstat(LINK_NAME, &lst));
	TST_EXP_EXPR(ts_eq(&lst.st_mtim, 4000, 4) &&
		     ts_eq(&lst.st_atim, 3000, 3), "the link's times changed");
	TST_EXP_EXPR(ts_eq(&st.st_mtim, 2000, 2), "the target's did not");

	TST_EXP_PASS(utimensat(AT_FDCWD, LINK_NAME, t, 0),
		     "utimensat(link, 0)");
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR(ts_eq(&st.st_mtim, 4000, 4), "the target's changed");
}

static void check_fd_forms(void)
{
	const struct timespec t[2] = { { 5000, 5 }, { 6000, 6 } };
	const struct timespec u[2] = { { 7000, 7 }, { 8000, 8 } };
	struct stat st;

	TST_EXP_PASS(utimensat_fd(fd, t, 0), "utimensat(fd, NULL, ...)");
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR(ts_eq(&st.st_mtim, 6000, 6), "times set through fd");
	TST_EXP_PASS(utimensat(path_fd, "", u, AT_EMPTY_PATH),
		     "utimensat(O_PATH fd, \"\", AT_EMPTY_PATH)");
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR(ts_eq(&st.st_mtim, 8000, 8), "times set through "
		     "an O_PATH fd");
}

static void run(unsigned int n)
{
	void (*const checks[])(void) = {
		check_explicit, check_omit_now, check_nofollow, check_fd_forms,
	};

	checks[n]();
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no symbolic links (symlink(2): EPERM)"},
		{"exfat", "exFAT has no symbolic links (symlink(2): EPERM)"},
		{}
	},
};
