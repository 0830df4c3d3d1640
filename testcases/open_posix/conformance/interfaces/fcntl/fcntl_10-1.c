// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() locks: [EBADF] for a read lock through a descriptor not open
 * for reading (F_SETLK and F_SETLKW); [EINVAL] for an l_whence that is
 * not SEEK_SET, SEEK_CUR or SEEK_END and for an unknown l_type; nothing
 * is locked by a failed call (another process's F_GETLK finds the file
 * free); F_UNLCK of a range that holds no lock succeeds.
 */
#include "pts_helpers.h"

static int fd;

static int lk(int f, int cmd, short type, short whence)
{
	struct flock fl = { .l_type = type, .l_whence = whence,
			    .l_start = 0, .l_len = 10 };

	return fcntl(f, cmd, &fl);
}

static int probe(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = 0 };

	if (fcntl(fd, F_GETLK, &fl))
		return PTS_UNRESOLVED;
	if (fl.l_type != F_UNLCK) {
		printf("a failed call left a lock of type %d\n", fl.l_type);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	char path[64];
	int wo;

	snprintf(path, sizeof(path), "/tmp/pts_fcntl10_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	wo = open(path, O_WRONLY);
	unlink(path);
	if (fd < 0 || wo < 0)
		PTS_UNRES("open(): %m");
	PTS_EXPECT_ERRNO(lk(wo, F_SETLK, F_RDLCK, SEEK_SET), EBADF,
			 "read lock through O_WRONLY");
	PTS_EXPECT_ERRNO(lk(wo, F_SETLKW, F_RDLCK, SEEK_SET), EBADF,
			 "F_SETLKW read lock through O_WRONLY");
	PTS_EXPECT_ERRNO(lk(fd, F_SETLK, F_WRLCK, 7), EINVAL, "l_whence 7");
	PTS_EXPECT_ERRNO(lk(fd, F_SETLK, 42, SEEK_SET), EINVAL, "l_type 42");
	pts_run_child(probe, "F_GETLK child");
	if (lk(fd, F_SETLK, F_UNLCK, SEEK_SET))
		PTS_FAILED("F_UNLCK of an unlocked range: %m");
	PTS_PASSED("EBADF, EINVAL, nothing locked by a failure");
}
