// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_error(): returns the error status of a request: 0 once it has
 * completed successfully (and again when asked again), or the errno a
 * synchronous read()/write() would have set: an aio_write() through a
 * descriptor open for reading only and an aio_read() through one open
 * for writing only fail with [EBADF], reported either at once by the
 * call (-1, errno EBADF) or by aio_error() with aio_return() -1.
 */
#include <aio.h>

#include "pts_helpers.h"

static int settle(struct aiocb *cb)
{
	const struct aiocb *list[1] = { cb };
	struct timespec to = pts_ns_ts(pts_bound_ns(30));
	int e;

	while ((e = aio_error(cb)) == EINPROGRESS)
		if (aio_suspend(list, 1, &to) && errno != EINTR)
			PTS_FAILED("aio_suspend(): %m");
	return e;
}

static void expect_ebadf(int fd, int write, const char *what)
{
	struct aiocb cb;
	char buf[4] = "abc";
	int r, e;

	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	cb.aio_buf = buf;
	cb.aio_nbytes = 3;
	r = write ? aio_write(&cb) : aio_read(&cb);
	if (r) {
		if (errno != EBADF)
			PTS_FAILED("%s: %m, expected EBADF", what);
		printf("%s: EBADF from the call\n", what);
		return;
	}
	e = settle(&cb);
	if (e != EBADF || aio_return(&cb) != -1)
		PTS_FAILED("%s: aio_error() %d, expected EBADF with aio_return() -1",
			   what, e);
	printf("%s: EBADF from aio_error()\n", what);
}

int main(void)
{
	char path[64];
	struct aiocb cb;
	int fd, ro, wo;

	snprintf(path, sizeof(path), "/tmp/pts_aio_error_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	ro = open(path, O_RDONLY);
	wo = open(path, O_WRONLY);
	unlink(path);
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	cb.aio_buf = "data";
	cb.aio_nbytes = 4;
	if (aio_write(&cb))
		PTS_FAILED("aio_write(): %m");
	if (settle(&cb) || aio_error(&cb))
		PTS_FAILED("successful request's status is not 0");
	if (aio_return(&cb) != 4)
		PTS_FAILED("aio_return() not 4");
	expect_ebadf(ro, 1, "aio_write() through O_RDONLY");
	expect_ebadf(wo, 0, "aio_read() through O_WRONLY");
	PTS_PASSED("0 after success, EBADF for the wrong access mode");
}
