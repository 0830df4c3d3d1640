// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * write() of zero bytes to a regular file: "in the absence of errors
 * ... write() shall return zero and have no other results": the size,
 * the file offset, the data and st_mtime/st_ctime are unchanged (the
 * coarse clock is first let past the file times, so that an update
 * would show). A write() with nbyte 0 to a descriptor not open for
 * writing may detect the error ([EBADF]) or return 0 (printed).
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[4];
	struct stat a, b;
	long long end;
	int fd, ro;
	ssize_t n;

	snprintf(path, sizeof(path), "/tmp/pts_write3_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	ro = open(path, O_RDONLY);
	unlink(path);
	write(fd, "abc", 3);
	lseek(fd, 1, SEEK_SET);
	fstat(fd, &a);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	while (pts_now(CLOCK_REALTIME_COARSE) <= pts_ts_ns(&a.st_mtim)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("CLOCK_REALTIME_COARSE does not advance");
		pts_nap();
	}
	n = write(fd, "XYZ", 0);
	if (n != 0)
		PTS_FAILED("write() of 0 bytes returned %zd", n);
	fstat(fd, &b);
	if (b.st_size != 3 || lseek(fd, 0, SEEK_CUR) != 1)
		PTS_FAILED("size %ld offset %ld changed", (long)b.st_size,
			   (long)lseek(fd, 0, SEEK_CUR));
	if (pts_ts_ns(&a.st_mtim) != pts_ts_ns(&b.st_mtim) ||
	    pts_ts_ns(&a.st_ctim) != pts_ts_ns(&b.st_ctim))
		PTS_FAILED("st_mtime/st_ctime updated by a zero-byte write");
	pread(fd, buf, 3, 0);
	if (memcmp(buf, "abc", 3))
		PTS_FAILED("data changed");
	errno = 0;
	n = write(ro, "x", 0);
	printf("zero-byte write() to a read-only fd: %zd %s\n", n,
	       n ? strerrorname_np(errno) : "");
	if (n && errno != EBADF)
		PTS_FAILED("read-only fd: errno %s, expected EBADF",
			   strerrorname_np(errno));
	PTS_PASSED("zero-byte write returns 0 and changes nothing");
}
