// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() fails with -1 [EINVAL] when clock_id is not a defined
 * clock, and does not hand out a timer: the IDs around the end of the
 * kernel's clock table (10, once CLOCK_SGI_CYCLE and now removed, 12 to
 * 15 unused, 24 past the auxiliary clocks 16..23 of Linux 6.17, 1000,
 * INT_MAX) each fail so, the timerid left
 * as it was; a timer on CLOCK_MONOTONIC made afterwards gets the first
 * ID, 0, so none of the failed calls used up an ID.
 */
#include <limits.h>
#include "pts_helpers.h"

int main(void)
{
	static const int ids[] = { 10, 12, 13, 14, 15, 24, 1000, INT_MAX };
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	timer_t t;
	char what[48];
	unsigned int i;

	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		t = (timer_t)(long)0x5a5a;
		snprintf(what, sizeof(what), "timer_create(clock %d)", ids[i]);
		PTS_EXPECT_ERRNO(timer_create((clockid_t)ids[i], &sev, &t),
				 EINVAL, what);
		if (t != (timer_t)(long)0x5a5a)
			PTS_FAILED("%s failed but wrote timerid", what);
	}
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(CLOCK_MONOTONIC): %m");
	if ((long)t != 0)
		PTS_FAILED("first timer after the failures got ID %ld, expected 0",
			   (long)t);
	PTS_PASSED("EINVAL for %zu undefined clocks, no ID used up",
		   sizeof(ids) / sizeof(ids[0]));
}
