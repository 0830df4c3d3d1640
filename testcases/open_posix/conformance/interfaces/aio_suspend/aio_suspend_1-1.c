// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_suspend(): "If the time interval indicated in the timespec
 * structure pointed to by timeout passes before any of the I/O
 * operations referenced by list are completed, then aio_suspend() shall
 * return with an error" [EAGAIN], no earlier than the interval; while an
 * aio_read() of an empty pipe is outstanding aio_error() reports
 * EINPROGRESS; once data is written, the read completes with it and
 * aio_suspend() returns 0. NULL entries in the list are ignored.
 */
#include <aio.h>

#include "pts_helpers.h"

int main(void)
{
	struct timespec to = { 0, 100000000 }, lim = pts_ns_ts(pts_bound_ns(30));
	const struct aiocb *list[2];
	struct aiocb cb;
	long long t0, t1;
	char buf[8];
	int p[2];

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = p[0];
	cb.aio_buf = buf;
	cb.aio_nbytes = 5;
	if (aio_read(&cb))
		PTS_FAILED("aio_read(): %m");
	if (aio_error(&cb) != EINPROGRESS)
		PTS_FAILED("outstanding read: aio_error() %d, expected EINPROGRESS",
			   aio_error(&cb));
	list[0] = NULL;
	list[1] = &cb;
	t0 = pts_now(CLOCK_MONOTONIC);
	PTS_EXPECT_ERRNO(aio_suspend(list, 2, &to), EAGAIN,
			 "aio_suspend() before completion");
	t1 = pts_now(CLOCK_MONOTONIC);
	if (t1 - t0 < 100000000)
		PTS_FAILED("timed out after %lld ns, before 100 ms", t1 - t0);
	if (write(p[1], "hello", 5) != 5)
		PTS_UNRES("write(): %m");
	while (aio_error(&cb) == EINPROGRESS)
		if (aio_suspend(list, 2, &lim) && errno != EINTR)
			PTS_FAILED("aio_suspend() after the write: %m");
	if (aio_error(&cb) || aio_return(&cb) != 5 || memcmp(buf, "hello", 5))
		PTS_FAILED("the read completed with %d", aio_error(&cb));
	PTS_PASSED("EAGAIN after the timeout, EINPROGRESS, then completion");
}
