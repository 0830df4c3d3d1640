// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open() flags and errors: O_CLOEXEC sets FD_CLOEXEC on the new
 * descriptor (clear without it); O_APPEND makes every write() go to the
 * end whatever the offset; O_NOFOLLOW on a symbolic link fails with
 * [ELOOP]; a directory opened for writing fails with [EISDIR]; an empty
 * path fails with [ENOENT]; a path component longer than {NAME_MAX}
 * fails with [ENAMETOOLONG]; "a/.." through a regular file with
 * [ENOTDIR]; the lowest free descriptor is returned.
 */
#include <limits.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], link[80], bad[80], buf[8], name[NAME_MAX + 7];
	int fd, a, lo;

	snprintf(path, sizeof(path), "/tmp/pts_open3_%d", (int)getpid());
	snprintf(link, sizeof(link), "%s.lnk", path);
	snprintf(bad, sizeof(bad), "%s/..", path);
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	if (symlink(path, link))
		PTS_UNRES("symlink(): %m");
	if (fcntl(fd, F_GETFD) != FD_CLOEXEC)
		PTS_FAILED("O_CLOEXEC: F_GETFD %d", fcntl(fd, F_GETFD));
	lo = open("/dev/null", O_RDONLY);
	close(lo);
	a = open(path, O_WRONLY | O_APPEND);
	if (a != lo)
		PTS_FAILED("open() returned %d, the lowest free is %d", a, lo);
	if (fcntl(a, F_GETFD) != 0)
		PTS_FAILED("FD_CLOEXEC set without O_CLOEXEC");
	write(fd, "1234", 4);
	lseek(a, 0, SEEK_SET);
	write(a, "A", 1);
	lseek(a, 1, SEEK_SET);
	write(a, "B", 1);
	if (pread(fd, buf, 6, 0) != 6 || memcmp(buf, "1234AB", 6))
		PTS_FAILED("O_APPEND writes not at the end: '%.6s'", buf);
	PTS_EXPECT_ERRNO(open(link, O_RDONLY | O_NOFOLLOW), ELOOP,
			 "O_NOFOLLOW on a symlink");
	PTS_EXPECT_ERRNO(open("/tmp", O_WRONLY), EISDIR, "a directory O_WRONLY");
	PTS_EXPECT_ERRNO(open("/tmp", O_RDWR), EISDIR, "a directory O_RDWR");
	PTS_EXPECT_ERRNO(open("", O_RDONLY), ENOENT, "an empty path");
	PTS_EXPECT_ERRNO(open(bad, O_RDONLY), ENOTDIR, "a file as a directory");
	memset(name, 'n', sizeof(name));
	memcpy(name, "/tmp/", 5);
	name[sizeof(name) - 1] = 0;	/* a component of NAME_MAX + 1 */
	PTS_EXPECT_ERRNO(open(name, O_RDONLY | O_CREAT, 0600), ENAMETOOLONG,
			 "a component of NAME_MAX + 1");
	unlink(link);
	unlink(path);
	PTS_PASSED("O_CLOEXEC, O_APPEND, ELOOP, EISDIR, ENOENT, ENOTDIR, ENAMETOOLONG");
}
