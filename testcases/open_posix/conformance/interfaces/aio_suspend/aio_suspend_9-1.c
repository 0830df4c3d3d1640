// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_suspend(): [EAGAIN] when no listed request completes before the
 * timeout: with three pending pipe reads (and NULL entries) and a
 * 200 ms timeout it returns -1 with EAGAIN, not before 200 ms on
 * CLOCK_MONOTONIC (a lower bound only), all three still EINPROGRESS.
 * A completed request outside the list does not end the wait.
 */
#include "pts_aiopend.h"

static struct aiocb cb[3], other;
static char buf[3], ob;

int main(void)
{
	const struct aiocb *list[5] = { &cb[0], NULL, &cb[1], NULL, &cb[2] };
	struct timespec to = { 0, 200000000 };
	int p[2], q[2], i, e;
	long long t0, dt;

	if (pipe(p) || pipe(q))
		PTS_UNRES("pipe(): %m");
	for (i = 0; i < 3; i++)
		pts_aio_read_on(&cb[i], p[0], &buf[i], 1);
	pts_aio_read_on(&other, q[0], &ob, 1);
	if (write(q[1], "o", 1) != 1 || pts_aio_wait(&other, &e) != 1 || e)
		PTS_UNRES("the other request did not complete");
	t0 = pts_now(CLOCK_MONOTONIC);
	errno = 0;
	if (aio_suspend(list, 5, &to) != -1 || errno != EAGAIN)
		PTS_FAILED("aio_suspend(): %s, expected -1 EAGAIN",
			   strerrorname_np(errno));
	dt = pts_now(CLOCK_MONOTONIC) - t0;
	printf("returned after %lld ms\n", dt / 1000000);
	if (dt < 200000000)
		PTS_FAILED("EAGAIN after %lld ns, before the 200 ms timeout", dt);
	for (i = 0; i < 3; i++)
		if (aio_error(&cb[i]) != EINPROGRESS)
			PTS_FAILED("request %d: status %d after the timeout", i,
				   aio_error(&cb[i]));
	if (write(p[1], "abc", 3) != 3)
		PTS_UNRES("write(): %m");
	for (i = 0; i < 3; i++)
		if (pts_aio_wait(&cb[i], &e) != 1 || e)
			PTS_FAILED("request %d did not complete", i);
	PTS_PASSED("EAGAIN no earlier than the timeout, requests still pending");
}
