// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ftruncate() on a regular file: a shorter length discards the data
 * beyond it, a longer one extends the file, the new part reading as
 * zeros (also the bytes once written there before a shrink); the file
 * offset is not changed; st_mtime and st_ctime are updated when the size
 * changes. [EINVAL] for a negative length; a descriptor not open for
 * writing fails with [EBADF] or [EINVAL] (both allowed); the size is
 * unchanged by each failure.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[16];
	struct stat st, st0;
	long long end;
	int fd, ro, i;

	snprintf(path, sizeof(path), "/tmp/pts_ftrunc_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	ro = open(path, O_RDONLY);
	unlink(path);
	if (write(fd, "0123456789", 10) != 10)
		PTS_UNRES("write(): %m");
	lseek(fd, 7, SEEK_SET);
	fstat(fd, &st0);
	/*
	 * file times come from the coarse clock: wait (bounded) until it
	 * has moved past the times just read, so a new value can be seen
	 */
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	while (pts_now(CLOCK_REALTIME_COARSE) <= pts_ts_ns(&st0.st_ctim)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("CLOCK_REALTIME_COARSE does not advance");
		pts_nap();
	}
	if (ftruncate(fd, 4))
		PTS_FAILED("ftruncate(4): %m");
	fstat(fd, &st);
	if (st.st_size != 4)
		PTS_FAILED("size %ld after ftruncate(4)", (long)st.st_size);
	if (lseek(fd, 0, SEEK_CUR) != 7)
		PTS_FAILED("the offset moved to %ld", (long)lseek(fd, 0, SEEK_CUR));
	if (pts_ts_ns(&st.st_mtim) <= pts_ts_ns(&st0.st_mtim) ||
	    pts_ts_ns(&st.st_ctim) <= pts_ts_ns(&st0.st_ctim))
		PTS_FAILED("st_mtime/st_ctime not updated by the size change");
	if (ftruncate(fd, 12))
		PTS_FAILED("ftruncate(12): %m");
	memset(buf, 'x', sizeof(buf));
	if (pread(fd, buf, 16, 0) != 12 || memcmp(buf, "0123", 4))
		PTS_FAILED("extended file reads wrong");
	for (i = 4; i < 12; i++)
		if (buf[i])
			PTS_FAILED("byte %d of the extension reads %#x", i, buf[i]);
	PTS_EXPECT_ERRNO(ftruncate(fd, -1), EINVAL, "ftruncate(-1)");
	errno = 0;
	if (ftruncate(ro, 2) != -1 || (errno != EBADF && errno != EINVAL))
		PTS_FAILED("ftruncate() of a read-only fd: errno %s",
			   strerrorname_np(errno));
	printf("read-only fd: %s\n", strerrorname_np(errno));
	fstat(fd, &st);
	if (st.st_size != 12)
		PTS_FAILED("a failed ftruncate changed the size to %ld",
			   (long)st.st_size);
	PTS_PASSED("shrink, zero-filled extension, offset kept, times, errors");
}
