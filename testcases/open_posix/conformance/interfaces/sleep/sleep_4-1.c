// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sleep() suspends for the number of realtime seconds given, as an
 * interval: setting CLOCK_REALTIME an hour back while a thread is in
 * sleep(1) does not lengthen it; it returns 0 once a second has passed
 * (CLOCK_MONOTONIC, a lower bound), within the bounded wait, not an
 * hour later. The true time is put back after.
 */
#include "pts_clockset.h"

#define HOUR (3600 * PTS_NSEC)

static int do_sleep(void *arg)
{
	(void)arg;
	return (int)sleep(1);
}

int main(void)
{
	struct pts_clockset_sleeper sl = { .fn = do_sleep };
	long long t0, dt;
	int r;

	pts_clockset_begin();
	t0 = pts_now(CLOCK_MONOTONIC);
	pts_clockset_sleeper_start(&sl);
	pts_clockset_shift(-HOUR);
	if (__atomic_load_n(&sl.done, __ATOMIC_ACQUIRE))
		PTS_UNRES("the sleep ended before the clock was set back");
	r = pts_clockset_sleeper_wait(&sl, "sleep(1)");
	dt = pts_now(CLOCK_MONOTONIC) - t0;
	pts_clockset_restore();
	if (r)
		PTS_FAILED("sleep(1) returned %d", r);
	if (dt < PTS_NSEC)
		PTS_FAILED("sleep(1) returned after %lld ns", dt);
	PTS_PASSED("sleep(1) returned 0 after %lld ms, the clock set back an hour meanwhile",
		   dt / 1000000);
}
