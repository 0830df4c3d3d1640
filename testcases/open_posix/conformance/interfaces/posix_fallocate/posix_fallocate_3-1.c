// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_fallocate() returns [EFBIG] when offset + len is greater than the
 * maximum file size: offset LLONG_MAX with len 1, offset 2^62 with len
 * 2^62 (the sum wraps past the largest off_t), and offset 0 with len
 * LLONG_MAX; the file keeps its size (4096) and data, and its blocks
 * (st_blocks) do not grow. A range ending at the current size is still
 * accepted after these errors.
 */
#include <limits.h>
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[4096];
	struct stat st0, st;
	int fd, i;

	snprintf(path, sizeof(path), "/tmp/pts_pfalloc3_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	unlink(path);
	memset(buf, 'd', sizeof(buf));
	if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf) || fsync(fd) ||
	    fstat(fd, &st0))
		PTS_UNRES("set-up: %m");

	PTS_EXPECT_ERR(posix_fallocate(fd, LLONG_MAX, 1), EFBIG,
		       "posix_fallocate(LLONG_MAX, 1)");
	PTS_EXPECT_ERR(posix_fallocate(fd, 1LL << 62, 1LL << 62), EFBIG,
		       "posix_fallocate(2^62, 2^62)");
	PTS_EXPECT_ERR(posix_fallocate(fd, 0, LLONG_MAX), EFBIG,
		       "posix_fallocate(0, LLONG_MAX)");
	if (fstat(fd, &st) || st.st_size != 4096 || st.st_blocks > st0.st_blocks)
		PTS_FAILED("after EFBIG: size %ld blocks %ld (were 4096, %ld)",
			   (long)st.st_size, (long)st.st_blocks,
			   (long)st0.st_blocks);
	if (pread(fd, buf, sizeof(buf), 0) != (ssize_t)sizeof(buf))
		PTS_UNRES("pread(): %m");
	for (i = 0; i < (int)sizeof(buf); i++)
		if (buf[i] != 'd')
			PTS_FAILED("byte %d changed", i);
	PTS_EXPECT_ERR(posix_fallocate(fd, 0, 4096), 0,
		       "posix_fallocate() of the existing range");
	PTS_PASSED("EFBIG past the maximum file size, nothing changed");
}
