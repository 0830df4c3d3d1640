// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pwrite(): writes at the given offset and does not change the file
 * offset; beyond the end it extends the file, the gap reading as zeros;
 * [EINVAL] for a negative offset, [ESPIPE] for a pipe, [EBADF] for a
 * read-only descriptor, each changing nothing.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[16];
	int fd, ro, p[2], i;
	struct stat st;

	snprintf(path, sizeof(path), "/tmp/pts_pwrite_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	ro = open(path, O_RDONLY);
	unlink(path);
	if (write(fd, "abcdef", 6) != 6)
		PTS_UNRES("write(): %m");
	lseek(fd, 1, SEEK_SET);
	if (pwrite(fd, "XY", 2, 3) != 2)
		PTS_FAILED("pwrite(): %m");
	if (lseek(fd, 0, SEEK_CUR) != 1)
		PTS_FAILED("pwrite moved the offset");
	pread(fd, buf, 6, 0);
	if (memcmp(buf, "abcXYf", 6))
		PTS_FAILED("content %.6s, expected abcXYf", buf);
	if (pwrite(fd, "Q", 1, 12) != 1)
		PTS_FAILED("pwrite beyond the end: %m");
	fstat(fd, &st);
	if (st.st_size != 13)
		PTS_FAILED("size %ld after pwrite at 12", (long)st.st_size);
	pread(fd, buf, 7, 6);
	for (i = 0; i < 6; i++)
		if (buf[i])
			PTS_FAILED("gap byte %d reads %#x", 6 + i, buf[i]);
	PTS_EXPECT_ERRNO(pwrite(fd, "x", 1, -1), EINVAL, "pwrite at -1");
	PTS_EXPECT_ERRNO(pwrite(ro, "x", 1, 0), EBADF, "pwrite to a read-only fd");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	PTS_EXPECT_ERRNO(pwrite(p[1], "x", 1, 0), ESPIPE, "pwrite to a pipe");
	fstat(fd, &st);
	if (st.st_size != 13)
		PTS_FAILED("a refused pwrite changed the size to %ld",
			   (long)st.st_size);
	PTS_PASSED("written at the offset, offset kept, EINVAL, EBADF, ESPIPE");
}
