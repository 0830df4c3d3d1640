// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * futimens() and utimensat(): explicit access and modification times
 * are stored with their nanoseconds (read back with fstat(), the file
 * system of /tmp keeping them at least to the microsecond printed);
 * UTIME_OMIT leaves a time as it is, UTIME_NOW sets the current time
 * (between two CLOCK_REALTIME reads, coarse clock slack of a second);
 * st_ctime is updated by each. A NULL times sets both to now. [EINVAL]
 * for tv_nsec out of range; [EPERM] for nobody setting explicit times
 * of root's file, and [EACCES] for NULL times without write permission;
 * [EBADF].
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static int fd;
static char path[] = "/tmp/futimens_1-1.XXXXXX";

static int nobody(void)
{
	struct timespec t[2] = { { 5, 0 }, { 5, 0 } };

	PTS_EXPECT_ERRNO(utimensat(AT_FDCWD, path, t, 0), EPERM,
			 "nobody setting explicit times on root's file");
	PTS_EXPECT_ERRNO(utimensat(AT_FDCWD, path, NULL, 0), EACCES,
			 "nobody setting now on root's 0644 file");
	return PTS_PASS;
}

int main(void)
{
	struct timespec t[2];
	struct stat st;
	long long before, after;

	fd = mkstemp(path);
	if (fd < 0 || fchmod(fd, 0644))
		PTS_UNRES("mkstemp(): %s", strerror(errno));
	t[0] = (struct timespec){ 1000000000, 123456789 };
	t[1] = (struct timespec){ 1100000000, 987654321 };
	if (futimens(fd, t))
		PTS_FAILED("futimens(): %s", strerror(errno));
	fstat(fd, &st);
	printf("atime ns %ld, mtime ns %ld\n", st.st_atim.tv_nsec,
	       st.st_mtim.tv_nsec);
	if (st.st_atim.tv_sec != 1000000000 || st.st_mtim.tv_sec != 1100000000 ||
	    st.st_atim.tv_nsec / 1000 != 123456 ||
	    st.st_mtim.tv_nsec / 1000 != 987654)
		PTS_FAILED("times read back %lld.%09ld / %lld.%09ld",
			   (long long)st.st_atim.tv_sec, st.st_atim.tv_nsec,
			   (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);

	t[0] = (struct timespec){ 0, UTIME_OMIT };
	t[1] = (struct timespec){ 0, UTIME_NOW };
	before = pts_now(CLOCK_REALTIME);
	if (futimens(fd, t))
		PTS_FAILED("futimens(OMIT, NOW): %s", strerror(errno));
	after = pts_now(CLOCK_REALTIME);
	fstat(fd, &st);
	if (st.st_atim.tv_sec != 1000000000)
		PTS_FAILED("UTIME_OMIT changed the access time");
	if (pts_ts_ns(&st.st_mtim) < before - PTS_NSEC ||
	    pts_ts_ns(&st.st_mtim) > after + PTS_NSEC)
		PTS_FAILED("UTIME_NOW gave mtime %lld, clock %lld..%lld",
			   pts_ts_ns(&st.st_mtim), before, after);
	if (pts_ts_ns(&st.st_ctim) < before - PTS_NSEC)
		PTS_FAILED("st_ctime not updated");

	t[0] = (struct timespec){ 1000000000, 0 };
	t[1] = (struct timespec){ 1000000000, 0 };
	futimens(fd, t);
	before = pts_now(CLOCK_REALTIME);
	if (utimensat(AT_FDCWD, path, NULL, 0))
		PTS_FAILED("utimensat(NULL): %s", strerror(errno));
	fstat(fd, &st);
	if (pts_ts_ns(&st.st_atim) < before - PTS_NSEC ||
	    pts_ts_ns(&st.st_mtim) < before - PTS_NSEC)
		PTS_FAILED("NULL times did not set both to now");

	t[0] = (struct timespec){ 0, 1000000000 };
	t[1] = (struct timespec){ 0, 0 };
	PTS_EXPECT_ERRNO(futimens(fd, t), EINVAL, "tv_nsec 1000000000");
	t[0] = (struct timespec){ 0, -1 };
	PTS_EXPECT_ERRNO(futimens(fd, t), EINVAL, "tv_nsec -1");
	PTS_EXPECT_ERRNO(futimens(-1, NULL), EBADF, "fd -1");
	if (geteuid() == 0)
		pts_run_as_nobody(nobody, "nobody child");
	close(fd);
	unlink(path);
	PTS_PASSED("explicit times with ns, OMIT, NOW, NULL, ctime; EINVAL, EPERM, EACCES, EBADF");
}
