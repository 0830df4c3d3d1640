// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_nanosleep() errors, returned as the error number (not -1):
 * [EINVAL] for tv_nsec below 0 or at least 1000 million, relative or
 * absolute; [EINVAL] for an unknown clock ID; and the clock of the
 * calling thread's CPU time, CLOCK_THREAD_CPUTIME_ID, is refused with
 * [EINVAL] (Linux) since a thread cannot sleep on its own CPU time.
 */
#include "pts_helpers.h"

static void expect(clockid_t clk, int flags, long nsec, int want,
		   const char *what)
{
	struct timespec ts = { 0, nsec };
	int err = clock_nanosleep(clk, flags, &ts, NULL);

	if (err != want)
		PTS_FAILED("%s: returned %d, expected %d", what, err, want);
}

int main(void)
{
	expect(CLOCK_MONOTONIC, 0, 1000000000, EINVAL, "relative tv_nsec 1e9");
	expect(CLOCK_MONOTONIC, 0, -1, EINVAL, "relative tv_nsec -1");
	expect(CLOCK_REALTIME, TIMER_ABSTIME, 1000000000, EINVAL,
	       "absolute tv_nsec 1e9");
	expect((clockid_t)1000, 0, 1000, EINVAL, "clock 1000");
	expect(CLOCK_THREAD_CPUTIME_ID, 0, 1000, EINVAL,
	       "CLOCK_THREAD_CPUTIME_ID");
	PTS_PASSED("error numbers returned for bad timespecs and clocks");
}
