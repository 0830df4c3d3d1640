// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fchown() sets the owner and group of the file open on fildes, like
 * chown(): root gives any owner and group (read back by stat()), -1
 * leaves that ID unchanged, st_ctime is marked for update, also on a
 * file whose last name is gone. A change of owner by root clears
 * S_ISUID and S_ISGID of a regular executable file ("unless the caller
 * has appropriate privileges" they shall be cleared; Linux clears them
 * for root too: printed, not asserted). [EPERM] for nobody giving
 * root's file away or taking it, the owner kept; [EBADF] for a closed
 * descriptor.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static int fd;

static int nobody(void)
{
	PTS_EXPECT_ERRNO(fchown(fd, PTS_NOBODY, PTS_NOBODY), EPERM,
			 "nobody's fchown() of root's file to itself");
	PTS_EXPECT_ERRNO(fchown(fd, 1, -1), EPERM,
			 "nobody's fchown() of root's file to uid 1");
	return PTS_PASS;
}

static void owner(int fdx, uid_t u, gid_t g, const char *what)
{
	struct stat st;

	if (fstat(fdx, &st))
		PTS_UNRES("fstat(): %m");
	if (st.st_uid != u || st.st_gid != g)
		PTS_FAILED("%s: owner %u:%u, expected %u:%u", what,
			   (unsigned int)st.st_uid, (unsigned int)st.st_gid,
			   (unsigned int)u, (unsigned int)g);
}

int main(void)
{
	struct stat a, b;
	char path[64];
	long long end;
	int closed;

	snprintf(path, sizeof(path), "/tmp/pts_fchown_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0644);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	if (fchown(fd, 1234, 5678))
		PTS_FAILED("fchown(1234, 5678): %m");
	owner(fd, 1234, 5678, "fchown(1234, 5678)");
	if (fchown(fd, (uid_t)-1, 42))
		PTS_FAILED("fchown(-1, 42): %m");
	owner(fd, 1234, 42, "fchown(-1, 42)");
	if (fchown(fd, 99, (gid_t)-1))
		PTS_FAILED("fchown(99, -1): %m");
	owner(fd, 99, 42, "fchown(99, -1)");

	if (fchmod(fd, 06755) || fchown(fd, 0, 0))
		PTS_FAILED("fchmod()/fchown(0, 0): %m");
	fstat(fd, &a);
	printf("root's change of owner left mode %04o of 06755\n",
	       (unsigned int)(a.st_mode & 07777));
	if (fchmod(fd, 0644))
		PTS_UNRES("fchmod(): %m");
	owner(fd, 0, 0, "fchown(0, 0)");
	pts_run_as_nobody(nobody, "nobody");
	owner(fd, 0, 0, "nobody's refused fchown()");

	/* the unlink changes the ctime itself: let the clock pass it */
	unlink(path);
	fstat(fd, &a);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	while (pts_now(CLOCK_REALTIME_COARSE) <= pts_ts_ns(&a.st_ctim)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("CLOCK_REALTIME_COARSE does not advance");
		pts_nap();
	}
	if (fchown(fd, 7, 8) || fstat(fd, &b))
		PTS_FAILED("fchown() of an unlinked file: %m");
	owner(fd, 7, 8, "fchown() of the unlinked file");
	if (pts_ts_ns(&b.st_ctim) <= pts_ts_ns(&a.st_ctim))
		PTS_FAILED("st_ctime not updated by fchown()");
	closed = dup(fd);
	close(closed);
	PTS_EXPECT_ERRNO(fchown(closed, 0, 0), EBADF, "fchown() of a closed descriptor");
	PTS_PASSED("owner/group set, -1 keeps, ctime, unlinked file; EPERM for nobody, EBADF");
}
