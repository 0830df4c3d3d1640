// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * utimensat() with AT_SYMLINK_NOFOLLOW: "if path names a symbolic link,
 * then the access and modification times of the symbolic link are
 * changed": the link's st_atim and st_mtim (lstat()) become the
 * explicit times given, with their nanoseconds, while the target's stay;
 * without the flag the link is followed and the target's change, the
 * link's mtime stays (its atime may be touched by the following). UTIME_OMIT for one of them through the flag keeps that
 * time of the link.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], lnk[96], target[96];

static void times_of(const char *p, int follow, long long *a, long long *m)
{
	struct stat st;

	if (follow ? stat(p, &st) : lstat(p, &st))
		PTS_UNRES("stat(%s): %m", p);
	*a = pts_ts_ns(&st.st_atim);
	*m = pts_ts_ns(&st.st_mtim);
}

int main(void)
{
	struct timespec ts[2] = { { 1000000000, 123456789 },
				  { 1100000000, 987654321 } };
	long long la, lm, ta, tm, ta0, tm0;
	int fd;

	strcpy(dir, "/tmp/pts_futimens3.XXXXXX");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %m");
	snprintf(lnk, sizeof(lnk), "%s/link", dir);
	snprintf(target, sizeof(target), "%s/target", dir);
	fd = open(target, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || close(fd) || symlink("target", lnk))
		PTS_UNRES("fixture: %m");
	times_of(target, 1, &ta0, &tm0);

	if (utimensat(AT_FDCWD, lnk, ts, AT_SYMLINK_NOFOLLOW))
		PTS_FAILED("utimensat(AT_SYMLINK_NOFOLLOW): %m");
	times_of(lnk, 0, &la, &lm);
	times_of(target, 1, &ta, &tm);
	if (la != pts_ts_ns(&ts[0]) || lm != pts_ts_ns(&ts[1]))
		PTS_FAILED("the link's times %lld/%lld, expected %lld/%lld", la, lm,
			   pts_ts_ns(&ts[0]), pts_ts_ns(&ts[1]));
	if (ta != ta0 || tm != tm0)
		PTS_FAILED("the target's times changed through AT_SYMLINK_NOFOLLOW");

	ts[0].tv_nsec = UTIME_OMIT;
	ts[1].tv_sec = 1200000000;
	ts[1].tv_nsec = 5;
	if (utimensat(AT_FDCWD, lnk, ts, AT_SYMLINK_NOFOLLOW))
		PTS_FAILED("utimensat(UTIME_OMIT, AT_SYMLINK_NOFOLLOW): %m");
	times_of(lnk, 0, &ta, &tm);
	if (ta != la || tm != 1200000000LL * PTS_NSEC + 5)
		PTS_FAILED("UTIME_OMIT on the link: %lld/%lld", ta, tm);

	ts[0].tv_sec = 900000000;
	ts[0].tv_nsec = 1;
	if (utimensat(AT_FDCWD, lnk, ts, 0))
		PTS_FAILED("utimensat() through the link: %m");
	times_of(target, 1, &ta, &tm);
	times_of(lnk, 0, &la, &lm);
	if (ta != 900000000LL * PTS_NSEC + 1 || tm != 1200000000LL * PTS_NSEC + 5)
		PTS_FAILED("without the flag the target's times are %lld/%lld", ta, tm);
	/* following the link may update its atime (relatime): mtime only */
	if (lm != 1200000000LL * PTS_NSEC + 5)
		PTS_FAILED("without the flag the link's own mtime changed");
	(void)la;
	unlink(lnk);
	unlink(target);
	rmdir(dir);
	PTS_PASSED("AT_SYMLINK_NOFOLLOW sets the link's times (ns, UTIME_OMIT), the target's only without it");
}
