// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_getevents() on a context with nothing completed returns 0 once its
 * relative timeout has run out (at least that much CLOCK_MONOTONIC time
 * has passed; no upper bound is asserted, the host may be slow), also
 * for a zero timeout; and the timeout is input only: the caller's struct
 * timespec must hold the same value afterwards, not the time left.
 *
 * Upstream reference: kernel commit 6900807c6b95.
 */
#include "aio_raw.h"

#define NSEC_PER_SEC 1000000000LL

static const struct timespec timeouts[] = {
	{ .tv_sec = 0, .tv_nsec = 200000000 },
	{ .tv_sec = 1, .tv_nsec = 0 },
	{ .tv_sec = 0, .tv_nsec = 0 },
};

static aio_context_t ctx;

static long long ts_ns(const struct timespec *ts)
{
	return ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

static void setup(void)
{
	ctx = new_aio_context(1);
}

static void run(unsigned int n)
{
	struct timespec timeout = timeouts[n], start, end;
	struct io_event ev;
	long long elapsed;

	clock_gettime(CLOCK_MONOTONIC, &start);
	TST_EXP_VAL(sys_io_getevents(ctx, 1, 1, &ev, &timeout), 0,
		    "io_getevents(min_nr 1, timeout %lld ns) with no events",
		    ts_ns(&timeouts[n]));
	clock_gettime(CLOCK_MONOTONIC, &end);

	elapsed = ts_ns(&end) - ts_ns(&start);
	if (!ts_ns(&timeouts[n]))
		tst_res(TINFO, "zero timeout: returned after %lld ns", elapsed);
	else if (elapsed >= ts_ns(&timeouts[n]))
		tst_res(TPASS, "returned after %lld ns, timeout %lld ns",
			elapsed, ts_ns(&timeouts[n]));
	else
		tst_res(TFAIL, "returned after %lld ns, before the timeout "
			"of %lld ns", elapsed, ts_ns(&timeouts[n]));

	if (timeout.tv_sec == timeouts[n].tv_sec &&
	    timeout.tv_nsec == timeouts[n].tv_nsec)
		tst_res(TPASS, "timeout left unchanged {%lld, %ld}",
			(long long)timeout.tv_sec, timeout.tv_nsec);
	else
		tst_res(TFAIL, "timeout changed from {%lld, %ld} to "
			"{%lld, %ld}", (long long)timeouts[n].tv_sec,
			timeouts[n].tv_nsec, (long long)timeout.tv_sec,
			timeout.tv_nsec);
}

static void cleanup(void)
{
	if (ctx)
		sys_io_destroy(ctx);
}

static struct tst_test test = {
	.tcnt = sizeof(timeouts) / sizeof(timeouts[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.tags = (const struct tst_tag[]) {
		{ "linux-git", "6900807c6b95" },
		{}
	},
};
