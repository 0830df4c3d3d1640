// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sleep() suspends for the number of realtime seconds given, as an
 * interval: setting CLOCK_REALTIME an hour back while a thread is in
 * sleep(1) does not lengthen it; it returns 0 once a second has passed
 * (CLOCK_MONOTONIC, a lower bound), within the bounded wait, not an
 * hour later. The true time is put back after.
 */
#include "pts_clockset.h"

static int do_sleep(void *arg)
{
	(void)arg;
	return (int)sleep(1);
}

int main(void)
{
	struct pts_clockset_sleeper sl = { .fn = do_sleep };
	long long dt;
	int r;

	r = pts_clockset_sleep_back(&sl, "sleep(1)", &dt);
	if (r)
		PTS_FAILED("sleep(1) returned %d", r);
	if (dt < PTS_NSEC)
		PTS_FAILED("sleep(1) returned after %lld ns", dt);
	PTS_PASSED("sleep(1) returned 0 after %lld ms, the clock set back an hour meanwhile",
		   dt / 1000000);
}
