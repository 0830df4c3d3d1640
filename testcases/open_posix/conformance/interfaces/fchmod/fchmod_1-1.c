// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fchmod() sets the mode bits of the file open on fildes, like chmod():
 * every permission bit and S_ISUID/S_ISGID/S_ISVTX read back by stat()
 * through the name, the file type kept, st_ctime marked for update;
 * also through a descriptor open for reading only and on a file whose
 * last name is gone (read back by fstat()). Errors, mode kept: [EPERM]
 * for nobody on root's file (a 0666 file nobody may write), [EBADF]
 * for a closed descriptor.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char path[64];
static int rofd;

static int nobody(void)
{
	int fd = open(path, O_RDWR);

	if (fd < 0) {
		printf("nobody cannot open the 0666 file: %m\n");
		return PTS_UNRESOLVED;
	}
	PTS_EXPECT_ERRNO(fchmod(fd, 0777), EPERM, "nobody's fchmod() of root's file");
	PTS_EXPECT_ERRNO(fchmod(rofd, 0777), EPERM,
			 "nobody's fchmod() through root's inherited descriptor");
	return PTS_PASS;
}

static mode_t mode_of(void)
{
	struct stat st;

	if (stat(path, &st))
		PTS_UNRES("stat(): %m");
	if (!S_ISREG(st.st_mode))
		PTS_FAILED("the file type changed: %o", (unsigned int)st.st_mode);
	return st.st_mode & 07777;
}

int main(void)
{
	static const mode_t modes[] = { 0, 0400, 0070, 0007, 04755, 02711, 01777,
					07000, 0666 };
	struct stat a, b;
	long long end;
	unsigned int i;
	int fd, closed;

	snprintf(path, sizeof(path), "/tmp/pts_fchmod_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	rofd = open(path, O_RDONLY);
	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (fchmod(i % 2 ? rofd : fd, modes[i]))
			PTS_FAILED("fchmod(%04o): %m", (unsigned int)modes[i]);
		if (mode_of() != modes[i])
			PTS_FAILED("fchmod(%04o) read back %04o",
				   (unsigned int)modes[i], (unsigned int)mode_of());
	}
	pts_run_as_nobody(nobody, "nobody");
	if (mode_of() != 0666)
		PTS_FAILED("nobody's refused fchmod() changed the mode to %04o",
			   (unsigned int)mode_of());

	/* the unlink changes the ctime itself: let the clock pass it */
	unlink(path);
	fstat(fd, &a);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	while (pts_now(CLOCK_REALTIME_COARSE) <= pts_ts_ns(&a.st_ctim)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("CLOCK_REALTIME_COARSE does not advance");
		pts_nap();
	}
	if (fchmod(fd, 0640) || fstat(fd, &b))
		PTS_FAILED("fchmod() of an unlinked file: %m");
	if ((b.st_mode & 07777) != 0640 || pts_ts_ns(&b.st_ctim) <= pts_ts_ns(&a.st_ctim))
		PTS_FAILED("unlinked file: mode %04o, ctime not updated",
			   (unsigned int)(b.st_mode & 07777));
	closed = dup(fd);
	close(closed);
	PTS_EXPECT_ERRNO(fchmod(closed, 0600), EBADF, "fchmod() of a closed descriptor");
	PTS_PASSED("modes read back (also read-only fd, unlinked file), ctime; EPERM, EBADF");
}
