// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lseek() SEEK_DATA and SEEK_HOLE (POSIX.1-2024): SEEK_DATA sets the
 * offset to the start of the next region holding data at or after
 * offset, SEEK_HOLE to the start of the next hole at or after it, with
 * an implied hole at the end of the file; either with offset at or past
 * the end fails with [ENXIO], the offset unchanged. A file of 4 KiB of
 * data, a hole up to 1 MiB and 4 KiB of data there: SEEK_DATA from 0
 * and from inside data returns that offset; SEEK_HOLE from 0 lands
 * after the first data and no later than 1 MiB, or at the end (a file
 * system may report all of it as data: printed); SEEK_DATA from that
 * hole lands in (hole, 1 MiB]; SEEK_HOLE inside the last data returns
 * the size; each return is the new file offset.
 */
#include "pts_helpers.h"

#define MB (1 << 20)

static off_t seek(int fd, off_t off, int whence, const char *what)
{
	off_t r = lseek(fd, off, whence);

	if (r < 0)
		PTS_FAILED("%s from %lld: %m", what, (long long)off);
	if (lseek(fd, 0, SEEK_CUR) != r)
		PTS_FAILED("%s: the offset is not the value returned", what);
	return r;
}

int main(void)
{
	static char blk[4096];
	off_t size = MB + 4096, h, d;
	char path[64];
	int fd;

	memset(blk, 'd', sizeof(blk));
	snprintf(path, sizeof(path), "/tmp/pts_lseek3_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || pwrite(fd, blk, 4096, 0) != 4096 ||
	    pwrite(fd, blk, 4096, MB) != 4096)
		PTS_UNRES("set-up: %m");
	errno = 0;
	if (lseek(fd, 0, SEEK_DATA) < 0 && errno == EINVAL)
		PTS_UNSUPP("SEEK_DATA not supported on /tmp");
	if (seek(fd, 0, SEEK_DATA, "SEEK_DATA") != 0 ||
	    seek(fd, 100, SEEK_DATA, "SEEK_DATA") != 100 ||
	    seek(fd, MB + 10, SEEK_DATA, "SEEK_DATA") != MB + 10)
		PTS_FAILED("SEEK_DATA inside data moved the offset");
	h = seek(fd, 0, SEEK_HOLE, "SEEK_HOLE");
	printf("first hole at %lld\n", (long long)h);
	if (h != size && (h < 4096 || h > MB))
		PTS_FAILED("SEEK_HOLE from 0: %lld, not in [4096, 1 MiB] nor the size",
			   (long long)h);
	if (h < MB) {
		d = seek(fd, h, SEEK_DATA, "SEEK_DATA");
		if (d <= h || d > MB)
			PTS_FAILED("SEEK_DATA from the hole at %lld: %lld",
				   (long long)h, (long long)d);
	} else {
		printf("the whole file is reported as data\n");
	}
	if (seek(fd, MB + 10, SEEK_HOLE, "SEEK_HOLE") != size)
		PTS_FAILED("SEEK_HOLE in the last data: not the implied hole at the end");
	lseek(fd, 7, SEEK_SET);
	PTS_EXPECT_ERRNO(lseek(fd, size, SEEK_DATA), ENXIO, "SEEK_DATA at the end");
	PTS_EXPECT_ERRNO(lseek(fd, size, SEEK_HOLE), ENXIO, "SEEK_HOLE at the end");
	PTS_EXPECT_ERRNO(lseek(fd, size + 5000, SEEK_DATA), ENXIO,
			 "SEEK_DATA past the end");
	if (lseek(fd, 0, SEEK_CUR) != 7)
		PTS_FAILED("a failed SEEK_DATA/SEEK_HOLE moved the offset");
	PTS_PASSED("SEEK_DATA/SEEK_HOLE land on data, holes and the implied end hole; ENXIO at the end");
}
