// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_gettime(CLOCK_REALTIME) is the time since the Epoch, the same
 * clock gettimeofday() reads: in 1000 rounds, a gettimeofday() taken
 * between two CLOCK_REALTIME reads lies between them (to the
 * microsecond, truncated), and the value is past 2020-01-01, which any
 * correctly set clock is (the guest's clock comes from the host). The
 * clock_settime() tests' lock is held shared, so none moves the clock
 * meanwhile.
 */
#include <sys/time.h>
#include "pts_clockset.h"

int main(void)
{
	struct timeval tv;
	long long a, b, g;
	int i;

	pts_clockset_hold();
	for (i = 0; i < 1000; i++) {
		a = pts_now(CLOCK_REALTIME);
		if (gettimeofday(&tv, NULL))
			PTS_UNRES("gettimeofday(): %m");
		b = pts_now(CLOCK_REALTIME);
		g = tv.tv_sec * 1000000LL + tv.tv_usec;
		if (g < a / 1000 || g > b / 1000)
			PTS_FAILED("round %d: gettimeofday %lld us outside [%lld, %lld] us",
				   i, g, a / 1000, b / 1000);
	}
	if (a / PTS_NSEC < 1577836800LL)
		PTS_FAILED("CLOCK_REALTIME %lld s is before 2020", a / PTS_NSEC);
	PTS_PASSED("CLOCK_REALTIME agrees with gettimeofday() (%lld s since the Epoch)",
		   a / PTS_NSEC);
}
