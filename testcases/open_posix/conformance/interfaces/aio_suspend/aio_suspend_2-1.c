// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_suspend(): "If any of the aiocb structures in the list correspond
 * to completed asynchronous I/O operations ... at the time of the call,
 * the function shall return without suspending the calling thread": a
 * list holding one completed request and one read of an empty pipe
 * (which cannot complete) returns 0 at once, also with a timeout of
 * zero; a list of only the pending read with a zero timeout fails with
 * [EAGAIN].
 */
#include <aio.h>

#include "pts_helpers.h"

int main(void)
{
	struct timespec zero = { 0, 0 }, to = pts_ns_ts(pts_bound_ns(30));
	struct aiocb done, pend;
	const struct aiocb *both[2] = { &pend, &done }, *one[1] = { &pend };
	char path[64], buf[4];
	long long t0;
	int fd, p[2];

	snprintf(path, sizeof(path), "/tmp/pts_aio_susp2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || pipe(p))
		PTS_UNRES("set-up: %m");
	unlink(path);
	memset(&done, 0, sizeof(done));
	done.aio_fildes = fd;
	done.aio_buf = "abc";
	done.aio_nbytes = 3;
	if (aio_write(&done))
		PTS_UNRES("aio_write(): %m");
	{
		const struct aiocb *l[1] = { &done };

		while (aio_error(&done) == EINPROGRESS)
			aio_suspend(l, 1, &to);
	}
	memset(&pend, 0, sizeof(pend));
	pend.aio_fildes = p[0];
	pend.aio_buf = buf;
	pend.aio_nbytes = 1;
	if (aio_read(&pend))
		PTS_UNRES("aio_read(): %m");
	if (aio_error(&pend) != EINPROGRESS)
		PTS_UNRES("the pipe read is not in progress");
	t0 = pts_now(CLOCK_MONOTONIC);
	if (aio_suspend(both, 2, &to))
		PTS_FAILED("aio_suspend() with a completed request: %m");
	if (pts_now(CLOCK_MONOTONIC) - t0 >= pts_bound_ns(30))
		PTS_FAILED("aio_suspend() waited for its timeout");
	if (aio_suspend(both, 2, &zero))
		PTS_FAILED("zero timeout with a completed request: %m");
	PTS_EXPECT_ERRNO(aio_suspend(one, 1, &zero), EAGAIN,
			 "zero timeout with only the pending read");
	write(p[1], "z", 1);
	while (aio_error(&pend) == EINPROGRESS)
		aio_suspend(one, 1, &to);
	if (aio_return(&pend) != 1 || buf[0] != 'z')
		PTS_FAILED("the pipe read did not complete with the byte");
	PTS_PASSED("returns at once with a completed request; EAGAIN otherwise");
}
