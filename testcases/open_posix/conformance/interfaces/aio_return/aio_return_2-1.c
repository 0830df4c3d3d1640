// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_return(): "If the aiocb structure is used to submit another
 * asynchronous operation, then aio_return() may be successfully used to
 * retrieve the return status of that operation." One aiocb submits an
 * aio_write() of 6 bytes (aio_return() 6), then, reused, an aio_read()
 * of 16 bytes from offset 2 of that 6-byte file (aio_return() 4, the
 * bytes "cdef"), then an aio_read() through a write-only descriptor
 * (status EBADF, aio_return() -1), then a good write again (3): each
 * status is that of the latest request.
 */
#include <aio.h>

#include "pts_helpers.h"

static struct aiocb cb;

static ssize_t run(int write, int fd, void *buf, size_t n, off_t off, int *st)
{
	const struct aiocb *list[1] = { &cb };
	struct timespec to = pts_ns_ts(pts_bound_ns(30));

	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	cb.aio_buf = buf;
	cb.aio_nbytes = n;
	cb.aio_offset = off;
	if (write ? aio_write(&cb) : aio_read(&cb)) {
		*st = errno;
		return -2;
	}
	while ((*st = aio_error(&cb)) == EINPROGRESS)
		if (aio_suspend(list, 1, &to) && errno != EINTR)
			PTS_FAILED("aio_suspend(): %m");
	return aio_return(&cb);
}

int main(void)
{
	char path[64], buf[16];
	int fd, wo, st;
	ssize_t r;

	snprintf(path, sizeof(path), "/tmp/pts_aio_return2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	wo = open(path, O_WRONLY);
	unlink(path);
	if (fd < 0 || wo < 0)
		PTS_UNRES("open(): %m");
	r = run(1, fd, "abcdef", 6, 0, &st);
	if (r != 6 || st)
		PTS_FAILED("first request (write 6): aio_return() %zd, status %d", r, st);
	memset(buf, 0, sizeof(buf));
	r = run(0, fd, buf, 16, 2, &st);
	if (r != 4 || st || memcmp(buf, "cdef", 4))
		PTS_FAILED("second request (read at 2): aio_return() %zd, status %d", r, st);
	r = run(0, wo, buf, 4, 0, &st);
	if (r == -2 && st == EBADF)
		printf("third request: EBADF from the call\n");
	else if (r != -1 || st != EBADF)
		PTS_FAILED("third request (read, O_WRONLY): aio_return() %zd, status %d",
			   r, st);
	r = run(1, fd, "xyz", 3, 6, &st);
	if (r != 3 || st)
		PTS_FAILED("fourth request (write 3): aio_return() %zd, status %d", r, st);
	if (pread(fd, buf, 16, 0) != 9 || memcmp(buf, "abcdefxyz", 9))
		PTS_FAILED("the file is not abcdefxyz");
	PTS_PASSED("a reused aiocb reports the latest request's status each time");
}
