// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fdatasync(): returns 0 for a regular file with written data (and for
 * one grown by ftruncate()), the data then read back through another
 * descriptor; [EBADF] for a closed descriptor and -1; [EINVAL] for a
 * descriptor that does not support synchronised I/O (a pipe).
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[8];
	struct stat st;
	int fd, ro, p[2];

	snprintf(path, sizeof(path), "/tmp/pts_fdsync_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	ro = open(path, O_RDONLY);
	unlink(path);
	if (write(fd, "datasync", 8) != 8)
		PTS_UNRES("write(): %m");
	if (fdatasync(fd))
		PTS_FAILED("fdatasync(): %m");
	if (read(ro, buf, 8) != 8 || memcmp(buf, "datasync", 8))
		PTS_FAILED("data not there after fdatasync()");
	if (ftruncate(fd, 1 << 20) || fdatasync(fd))
		PTS_FAILED("fdatasync() after growing the file: %m");
	fstat(ro, &st);
	if (st.st_size != 1 << 20)
		PTS_FAILED("size %ld", (long)st.st_size);
	close(fd);
	PTS_EXPECT_ERRNO(fdatasync(fd), EBADF, "fdatasync() of a closed fd");
	PTS_EXPECT_ERRNO(fdatasync(-1), EBADF, "fdatasync(-1)");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	PTS_EXPECT_ERRNO(fdatasync(p[0]), EINVAL, "fdatasync() of a pipe");
	PTS_PASSED("0 for a file, EBADF, EINVAL");
}
