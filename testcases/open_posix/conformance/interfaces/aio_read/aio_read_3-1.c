// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_read(): errors are reported either by the call (-1 and errno) or
 * as the request's error status with aio_return() -1: [EINVAL] when
 * aio_offset would be invalid (negative, checked by the read itself)
 * and when aio_reqprio is not a valid value (negative, or above
 * {AIO_PRIO_DELTA_MAX}); [EBADF] for a descriptor that is not open. The
 * buffer is untouched by each refused request. A request of aio_nbytes
 * 0 completes with status 0 and aio_return() 0, the buffer untouched.
 */
#include <aio.h>

#include "pts_helpers.h"

static char buf[8];

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

static void expect(int fd, off_t off, int prio, int e, const char *what)
{
	struct aiocb cb;
	int r, st;

	memset(&cb, 0, sizeof(cb));
	memset(buf, '#', sizeof(buf));
	cb.aio_fildes = fd;
	cb.aio_buf = buf;
	cb.aio_nbytes = 4;
	cb.aio_offset = off;
	cb.aio_reqprio = prio;
	errno = 0;
	r = aio_read(&cb);
	if (r) {
		if (r != -1 || errno != e)
			PTS_FAILED("%s: aio_read() %d, errno %s; expected %s",
				   what, r, strerrorname_np(errno),
				   strerrorname_np(e));
		printf("%s: %s from the call\n", what, strerrorname_np(e));
	} else {
		st = settle(&cb);
		if (st != e || aio_return(&cb) != -1)
			PTS_FAILED("%s: status %d (%s), expected %s with aio_return() -1",
				   what, st, st > 0 ? strerrorname_np(st) : "",
				   strerrorname_np(e));
		printf("%s: %s as the request's status\n", what,
		       strerrorname_np(e));
	}
	if (memcmp(buf, "########", 8))
		PTS_FAILED("%s: the buffer was written", what);
}

int main(void)
{
	char path[64];
	struct aiocb cb;
	long dmax;
	int fd, closed;

	snprintf(path, sizeof(path), "/tmp/pts_aio_read3_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	closed = dup(fd);
	if (fd < 0 || closed < 0 || write(fd, "0123456789", 10) != 10 ||
	    close(closed))
		PTS_UNRES("set-up: %m");
	expect(fd, -1, 0, EINVAL, "aio_offset -1");
	expect(fd, 0, -1, EINVAL, "aio_reqprio -1");
	dmax = sysconf(_SC_AIO_PRIO_DELTA_MAX);
	printf("AIO_PRIO_DELTA_MAX %ld\n", dmax);
	if (dmax >= 0 && dmax < 1000000)
		expect(fd, 0, (int)dmax + 1, EINVAL, "aio_reqprio AIO_PRIO_DELTA_MAX + 1");
	expect(closed, 0, 0, EBADF, "a closed descriptor");

	memset(&cb, 0, sizeof(cb));
	memset(buf, '#', sizeof(buf));
	cb.aio_fildes = fd;
	cb.aio_buf = buf;
	cb.aio_nbytes = 0;
	if (aio_read(&cb))
		PTS_FAILED("aio_read() of 0 bytes: %m");
	if (settle(&cb) || aio_return(&cb) != 0 || memcmp(buf, "########", 8))
		PTS_FAILED("a 0-byte read: status %d, buffer changed or count not 0",
			   aio_error(&cb));
	PTS_PASSED("EINVAL (offset, reqprio), EBADF; 0-byte read completes with 0");
}
