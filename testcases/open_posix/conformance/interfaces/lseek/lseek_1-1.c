// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lseek(): SEEK_SET, SEEK_CUR and SEEK_END set the offset and return it;
 * seeking beyond the end is allowed and a later write there leaves a gap
 * that reads back as zeros ("bytes ... in the gap shall return bytes
 * with the value 0"); [EINVAL] for a resulting negative offset and for
 * an unknown whence, the offset unchanged; [ESPIPE] for a pipe;
 * [EBADF] for a closed descriptor.
 */
#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[16];
	int fd, p[2], i;

	snprintf(path, sizeof(path), "/tmp/pts_lseek_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || write(fd, "0123456789", 10) != 10)
		PTS_UNRES("file: %m");
	if (lseek(fd, 3, SEEK_SET) != 3 || lseek(fd, 2, SEEK_CUR) != 5 ||
	    lseek(fd, -1, SEEK_END) != 9 || lseek(fd, 0, SEEK_CUR) != 9)
		PTS_FAILED("SEEK_SET/CUR/END returned wrong offsets");
	if (read(fd, buf, 1) != 1 || buf[0] != '9')
		PTS_FAILED("read at offset 9 got %c", buf[0]);
	if (lseek(fd, 20, SEEK_END) != 30 || write(fd, "x", 1) != 1)
		PTS_FAILED("seek beyond the end and write: %m");
	if (pread(fd, buf, 16, 10) != 16)
		PTS_FAILED("pread of the gap: %m");
	for (i = 0; i < 16; i++)
		if (buf[i])
			PTS_FAILED("gap byte %d is %d, expected 0", i + 10, buf[i]);
	lseek(fd, 4, SEEK_SET);
	PTS_EXPECT_ERRNO(lseek(fd, -5, SEEK_CUR), EINVAL, "negative result");
	PTS_EXPECT_ERRNO(lseek(fd, 0, 77), EINVAL, "whence 77");
	if (lseek(fd, 0, SEEK_CUR) != 4)
		PTS_FAILED("a failed lseek() moved the offset");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	PTS_EXPECT_ERRNO(lseek(p[0], 0, SEEK_CUR), ESPIPE, "lseek(pipe)");
	close(fd);
	PTS_EXPECT_ERRNO(lseek(fd, 0, SEEK_SET), EBADF, "lseek(closed)");
	PTS_PASSED("offsets, zero-filled gap, EINVAL, ESPIPE, EBADF");
}
