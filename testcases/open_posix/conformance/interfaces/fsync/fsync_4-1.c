// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fsync(): returns 0 on success and -1 with errno set otherwise: exactly
 * 0 for a file with written data (the data then read back through
 * another descriptor), for an O_WRONLY and an O_RDONLY descriptor of
 * it, for an empty file and for a directory; exactly -1 (with errno
 * EBADF, EINVAL) for a closed descriptor and a pipe.
 */
#include "pts_helpers.h"

static void ok(int fd, const char *what)
{
	int r = fsync(fd);

	if (r != 0)
		PTS_FAILED("fsync() of %s returned %d (%m)", what, r);
}

int main(void)
{
	char path[64], buf[16];
	int fd, wo, ro, dir, p[2];

	snprintf(path, sizeof(path), "/tmp/pts_fsync4_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	wo = open(path, O_WRONLY);
	ro = open(path, O_RDONLY);
	dir = open("/tmp", O_RDONLY | O_DIRECTORY);
	unlink(path);
	if (fd < 0 || wo < 0 || ro < 0 || dir < 0 || pipe(p))
		PTS_UNRES("set-up: %m");
	ok(fd, "an empty file");
	if (write(wo, "synced data", 11) != 11)
		PTS_UNRES("write(): %m");
	ok(wo, "an O_WRONLY descriptor after a write");
	if (pread(ro, buf, 11, 0) != 11 || memcmp(buf, "synced data", 11))
		PTS_FAILED("the data is not read back after fsync()");
	ok(ro, "an O_RDONLY descriptor");
	ok(fd, "the file again");
	ok(dir, "a directory");
	close(wo);
	PTS_EXPECT_ERRNO(fsync(wo), EBADF, "fsync() of a closed descriptor");
	PTS_EXPECT_ERRNO(fsync(p[1]), EINVAL, "fsync() of a pipe");
	PTS_PASSED("0 for files and a directory; -1 with errno for the rest");
}
