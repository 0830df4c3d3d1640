// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fsync(): [EBADF] when fildes is not a valid descriptor: -1, a just
 * closed descriptor, one beyond RLIMIT_NOFILE, INT_MAX, and (Linux) an
 * O_PATH descriptor, which is open for no I/O.
 */
#include <limits.h>

#include "pts_helpers.h"

int main(void)
{
	struct rlimit rl;
	char path[64];
	int fd, op;

	snprintf(path, sizeof(path), "/tmp/pts_fsync5_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	op = open(path, O_PATH);
	unlink(path);
	if (fd < 0 || op < 0 || getrlimit(RLIMIT_NOFILE, &rl))
		PTS_UNRES("set-up: %m");
	PTS_EXPECT_ERRNO(fsync(-1), EBADF, "fsync(-1)");
	PTS_EXPECT_ERRNO(fsync(op), EBADF, "fsync() of an O_PATH descriptor");
	PTS_EXPECT_ERRNO(fsync((int)rl.rlim_cur), EBADF,
			 "fsync() of RLIMIT_NOFILE");
	PTS_EXPECT_ERRNO(fsync(INT_MAX), EBADF, "fsync(INT_MAX)");
	if (fsync(fd))
		PTS_FAILED("fsync() of the open file: %m");
	close(fd);
	PTS_EXPECT_ERRNO(fsync(fd), EBADF, "fsync() of a closed descriptor");
	PTS_PASSED("EBADF for invalid descriptors, 0 for the open one");
}
