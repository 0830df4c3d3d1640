// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pread(): reads at the given offset without changing the file offset
 * (a following read() goes on from where it was); at or beyond the end
 * it returns 0; [EINVAL] for a negative offset, [ESPIPE] for a pipe,
 * [EBADF] for a write-only descriptor, the offset unchanged each time.
 */
#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[16];
	int fd, wo, p[2];

	snprintf(path, sizeof(path), "/tmp/pts_pread_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	wo = open(path, O_WRONLY);
	unlink(path);
	if (write(fd, "abcdefghij", 10) != 10)
		PTS_UNRES("write(): %m");
	lseek(fd, 2, SEEK_SET);
	if (pread(fd, buf, 3, 6) != 3 || memcmp(buf, "ghi", 3))
		PTS_FAILED("pread at 6 wrong");
	if (lseek(fd, 0, SEEK_CUR) != 2)
		PTS_FAILED("pread moved the offset to %ld",
			   (long)lseek(fd, 0, SEEK_CUR));
	if (read(fd, buf, 2) != 2 || memcmp(buf, "cd", 2))
		PTS_FAILED("read after pread did not go on from offset 2");
	if (pread(fd, buf, 5, 8) != 2 || memcmp(buf, "ij", 2))
		PTS_FAILED("pread near the end did not return the 2 bytes left");
	if (pread(fd, buf, 5, 10) != 0 || pread(fd, buf, 5, 1000) != 0)
		PTS_FAILED("pread at/after the end did not return 0");
	PTS_EXPECT_ERRNO(pread(fd, buf, 1, -1), EINVAL, "pread at -1");
	PTS_EXPECT_ERRNO(pread(wo, buf, 1, 0), EBADF, "pread of a write-only fd");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	write(p[1], "x", 1);
	PTS_EXPECT_ERRNO(pread(p[0], buf, 1, 0), ESPIPE, "pread of a pipe");
	if (read(p[0], buf, 1) != 1)
		PTS_FAILED("the refused pread consumed the pipe's byte");
	if (lseek(fd, 0, SEEK_CUR) != 4)
		PTS_FAILED("offset %ld, expected 4", (long)lseek(fd, 0, SEEK_CUR));
	PTS_PASSED("offset kept, EOF 0, EINVAL, EBADF, ESPIPE");
}
