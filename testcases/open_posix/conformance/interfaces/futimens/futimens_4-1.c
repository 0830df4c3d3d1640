// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * futimens(), utimensat() permissions for a caller that may write the
 * file but does not own it (nobody, root's 0666 file): "Only a process
 * with ... write access to the file ... may use futimens() or
 * utimensat() with a null pointer as the times argument or with both
 * tv_nsec fields set to the special value UTIME_NOW" - both succeed and
 * set the times to now; "Only a process with the effective user ID
 * equal to the user ID of the file ... may use [them] with a non-null
 * times argument that does not have both tv_nsec fields set to
 * UTIME_NOW and does not have both tv_nsec fields set to UTIME_OMIT":
 * UTIME_NOW with UTIME_OMIT and explicit times fail with [EPERM], the
 * times kept; both UTIME_OMIT succeed and change nothing, st_ctime
 * included ("the file timestamps shall not be marked for update").
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char path[64];

static struct stat st_of(void)
{
	struct stat st;

	if (stat(path, &st))
		PTS_UNRES("stat(): %m");
	return st;
}

static void tick_past(void)
{
	struct stat st = st_of();
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10), t;

	t = pts_ts_ns(&st.st_ctim);
	if (pts_ts_ns(&st.st_mtim) > t)
		t = pts_ts_ns(&st.st_mtim);
	if (pts_ts_ns(&st.st_atim) > t)
		t = pts_ts_ns(&st.st_atim);
	while (pts_now(CLOCK_REALTIME_COARSE) <= t) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("CLOCK_REALTIME_COARSE does not advance");
		pts_nap();
	}
}

static int same(const struct stat *a, const struct stat *b)
{
	return pts_ts_ns(&a->st_atim) == pts_ts_ns(&b->st_atim) &&
	       pts_ts_ns(&a->st_mtim) == pts_ts_ns(&b->st_mtim) &&
	       pts_ts_ns(&a->st_ctim) == pts_ts_ns(&b->st_ctim);
}

static int nobody(void)
{
	struct timespec now[2] = { { 0, UTIME_NOW }, { 0, UTIME_NOW } };
	struct timespec mixed[2] = { { 0, UTIME_NOW }, { 0, UTIME_OMIT } };
	struct timespec omit[2] = { { 0, UTIME_OMIT }, { 0, UTIME_OMIT } };
	struct timespec expl[2] = { { 1000, 0 }, { 2000, 0 } };
	struct stat a, b;
	int fd = open(path, O_WRONLY);

	if (fd < 0) {
		printf("nobody cannot open the 0666 file: %m\n");
		return PTS_UNRESOLVED;
	}
	tick_past();
	a = st_of();
	if (futimens(fd, now))
		PTS_FAILED("futimens(UTIME_NOW, UTIME_NOW) with write access: %m");
	b = st_of();
	if (pts_ts_ns(&b.st_mtim) <= pts_ts_ns(&a.st_mtim) ||
	    pts_ts_ns(&b.st_atim) <= pts_ts_ns(&a.st_atim))
		PTS_FAILED("both UTIME_NOW did not set the times to now");
	tick_past();
	a = st_of();
	if (utimensat(AT_FDCWD, path, NULL, 0))
		PTS_FAILED("utimensat(NULL) with write access: %m");
	b = st_of();
	if (pts_ts_ns(&b.st_mtim) <= pts_ts_ns(&a.st_mtim))
		PTS_FAILED("NULL times did not set the times to now");

	tick_past();
	a = st_of();
	PTS_EXPECT_ERRNO(futimens(fd, mixed), EPERM,
			 "futimens(UTIME_NOW, UTIME_OMIT) by a non-owner");
	PTS_EXPECT_ERRNO(utimensat(AT_FDCWD, path, mixed, 0), EPERM,
			 "utimensat(UTIME_NOW, UTIME_OMIT) by a non-owner");
	PTS_EXPECT_ERRNO(futimens(fd, expl), EPERM,
			 "futimens() of explicit times by a non-owner");
	if (futimens(fd, omit) || utimensat(AT_FDCWD, path, omit, 0))
		PTS_FAILED("both UTIME_OMIT by a non-owner: %m");
	b = st_of();
	if (!same(&a, &b))
		PTS_FAILED("a refused call or both UTIME_OMIT changed a timestamp");
	return PTS_PASS;
}

int main(void)
{
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_futimens4_%d", (int)getpid());
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
	if (fd < 0 || fchmod(fd, 0666))
		PTS_UNRES("open(): %m");
	close(fd);
	pts_run_as_nobody(nobody, "nobody");
	unlink(path);
	PTS_PASSED("write access: NULL and both UTIME_NOW; EPERM for NOW+OMIT and explicit; both OMIT a no-op");
}
