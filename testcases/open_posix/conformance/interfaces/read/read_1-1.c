// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * read() on a regular file: returns the bytes asked for and advances
 * the file offset by that many; near the end it returns only the bytes
 * left, at or past the end it returns 0 and leaves the offset; nbyte 0
 * returns 0 with no other effect; a hole reads as zeros. [EBADF] for a
 * descriptor open for writing only, [EISDIR] for a directory.
 */
#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[32];
	int fd, wo, d, i;

	snprintf(path, sizeof(path), "/tmp/pts_read_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	wo = open(path, O_WRONLY);
	unlink(path);
	if (pwrite(fd, "0123456789", 10, 0) != 10 ||
	    pwrite(fd, "Z", 1, 20) != 1)
		PTS_UNRES("pwrite(): %m");
	if (read(fd, buf, 4) != 4 || memcmp(buf, "0123", 4))
		PTS_FAILED("first read wrong");
	if (lseek(fd, 0, SEEK_CUR) != 4)
		PTS_FAILED("offset %ld after reading 4", (long)lseek(fd, 0, SEEK_CUR));
	if (read(fd, buf, 0) != 0 || lseek(fd, 0, SEEK_CUR) != 4)
		PTS_FAILED("a zero-byte read moved the offset or failed");
	memset(buf, 'x', sizeof(buf));
	if (read(fd, buf, 6) != 6 || memcmp(buf, "456789", 6))
		PTS_FAILED("second read wrong");
	if (read(fd, buf, 20) != 11)
		PTS_FAILED("read across the hole did not return the 11 bytes left");
	for (i = 0; i < 10; i++)
		if (buf[i])
			PTS_FAILED("byte %d of the hole reads %#x", 10 + i, buf[i]);
	if (buf[10] != 'Z')
		PTS_FAILED("last byte wrong");
	if (read(fd, buf, 5) != 0 || lseek(fd, 0, SEEK_CUR) != 21)
		PTS_FAILED("read at end of file did not return 0 with the offset kept");
	lseek(fd, 100, SEEK_SET);
	if (read(fd, buf, 5) != 0 || lseek(fd, 0, SEEK_CUR) != 100)
		PTS_FAILED("read past end of file did not return 0 with the offset kept");
	PTS_EXPECT_ERRNO(read(wo, buf, 1), EBADF, "read() of a write-only fd");
	d = open("/tmp", O_RDONLY | O_DIRECTORY);
	if (d < 0)
		PTS_UNRES("open(/tmp): %m");
	PTS_EXPECT_ERRNO(read(d, buf, 1), EISDIR, "read() of a directory");
	PTS_PASSED("counts, offsets, EOF, hole, EBADF, EISDIR");
}
