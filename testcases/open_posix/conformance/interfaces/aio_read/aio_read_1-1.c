// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_read(): reads aio_nbytes from aio_offset of the file (not from
 * the file offset) into aio_buf; the completed request's return status
 * is what read() would give: the bytes left near the end of the file,
 * 0 at or past it. Each request completes with aio_error() 0.
 */
#include <aio.h>

#include "pts_helpers.h"

static int fd;

static ssize_t aread(char *buf, size_t n, off_t off)
{
	const struct aiocb *list[1];
	struct timespec to = pts_ns_ts(pts_bound_ns(30));
	struct aiocb cb;
	int e;

	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	cb.aio_buf = buf;
	cb.aio_nbytes = n;
	cb.aio_offset = off;
	list[0] = &cb;
	if (aio_read(&cb))
		PTS_FAILED("aio_read(): %m");
	while ((e = aio_error(&cb)) == EINPROGRESS)
		if (aio_suspend(list, 1, &to) && errno != EINTR)
			PTS_FAILED("aio_suspend(): %m");
	if (e)
		PTS_FAILED("aio_read at %ld completed with error %d", (long)off, e);
	return aio_return(&cb);
}

int main(void)
{
	char path[64], buf[32];
	ssize_t n;

	snprintf(path, sizeof(path), "/tmp/pts_aio_read_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	unlink(path);
	if (write(fd, "abcdefghijklmnopqrst", 20) != 20)
		PTS_UNRES("write(): %m");
	lseek(fd, 3, SEEK_SET);
	memset(buf, 0, sizeof(buf));
	n = aread(buf, 5, 10);
	if (n != 5 || memcmp(buf, "klmno", 5))
		PTS_FAILED("read 5 at 10: %zd '%.5s', expected 5 'klmno'", n, buf);
	n = aread(buf, 30, 16);
	if (n != 4 || memcmp(buf, "qrst", 4))
		PTS_FAILED("read 30 at 16: %zd, expected the 4 bytes left", n);
	n = aread(buf, 8, 20);
	if (n != 0)
		PTS_FAILED("read at the end: %zd, expected 0", n);
	n = aread(buf, 8, 4096);
	if (n != 0)
		PTS_FAILED("read past the end: %zd, expected 0", n);
	PTS_PASSED("data from aio_offset, short count at EOF, 0 past it");
}
