// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pread() at offsets beyond 32 bits: data pwrite() put at 5 GiB in a
 * sparse file is read back at that offset, the hole before it (at 4 GiB
 * and just below 5 GiB) reads as zeros, a read across the end returns
 * the bytes left and one at the end 0; the file offset stays 0
 * throughout. [EISDIR] for a descriptor open on a directory (Linux does
 * not allow read() of directories), its offset kept.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

#define FIVE_G (5LL << 30)

int main(void)
{
	char path[64], buf[16];
	struct stat st;
	int fd, dfd;
	ssize_t r;

	snprintf(path, sizeof(path), "/tmp/pts_pread2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	unlink(path);
	if (pwrite(fd, "far!", 4, FIVE_G) != 4) {
		if (errno == EFBIG)
			PTS_UNSUPP("no file of 5 GiB on /tmp: %m");
		PTS_UNRES("pwrite() at 5 GiB: %m");
	}
	if (fstat(fd, &st) || st.st_size != FIVE_G + 4)
		PTS_FAILED("size %lld, expected %lld", (long long)st.st_size,
			   FIVE_G + 4);
	memset(buf, 'x', sizeof(buf));
	r = pread(fd, buf, 4, FIVE_G);
	if (r != 4 || memcmp(buf, "far!", 4))
		PTS_FAILED("pread() at 5 GiB returned %zd '%.4s'", r, buf);
	memset(buf, 'x', sizeof(buf));
	r = pread(fd, buf, 8, FIVE_G - 6);
	if (r != 8 || memcmp(buf, "\0\0\0\0\0\0fa", 8))
		PTS_FAILED("pread() across the hole's end returned %zd bytes, wrong data", r);
	memset(buf, 'x', sizeof(buf));
	r = pread(fd, buf, 8, 4LL << 30);
	if (r != 8 || memcmp(buf, "\0\0\0\0\0\0\0\0", 8))
		PTS_FAILED("pread() in the hole at 4 GiB: %zd, not zeros", r);
	r = pread(fd, buf, 16, FIVE_G + 2);
	if (r != 2 || memcmp(buf, "r!", 2))
		PTS_FAILED("pread() across the end returned %zd", r);
	r = pread(fd, buf, 16, FIVE_G + 4);
	if (r != 0)
		PTS_FAILED("pread() at the end returned %zd", r);
	if (lseek(fd, 0, SEEK_CUR) != 0)
		PTS_FAILED("file offset moved to %lld",
			   (long long)lseek(fd, 0, SEEK_CUR));

	dfd = open("/tmp", O_RDONLY | O_DIRECTORY);
	if (dfd < 0)
		PTS_UNRES("open(/tmp): %m");
	PTS_EXPECT_ERRNO(pread(dfd, buf, sizeof(buf), 0), EISDIR,
			 "pread() of a directory");
	if (lseek(dfd, 0, SEEK_CUR) != 0)
		PTS_FAILED("directory offset moved");
	PTS_PASSED("64-bit offsets: data, hole, end; EISDIR for a directory");
}
