// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * time(): returns the seconds since the Epoch, the same value as the
 * tv_sec of CLOCK_REALTIME. Read between two clock_gettime() calls, it
 * must not exceed the later tv_sec, and must not be more than a second
 * below the earlier one.
 *
 * Linux's time() (the system call and the vDSO alike) returns the
 * seconds of the tick-updated timekeeping base, the one
 * CLOCK_REALTIME_COARSE reads, so for up to a tick after a second
 * boundary it still returns the previous second: the known "time()
 * lagging by a tick" deviation, reported as TCONF. Catching that lag in
 * the act depends on where the tick falls (a loaded TCG guest missed it
 * in one run of four), so the test asks a question with one answer on
 * every run: does time() always lie between two CLOCK_REALTIME_COARSE
 * reads? It does on Linux (both come from the same update of the
 * timekeeper), which is the known issue; an implementation that reads
 * the fine clock leaves that window near a boundary and passes, and
 * one outside the CLOCK_REALTIME bounds fails.
 */
#include "pts_helpers.h"

#define SAMPLES 200000

int main(void)
{
	struct timespec a, b, ca, cb;
	time_t t;
	int i, outside_coarse = 0;

	for (i = 0; i < SAMPLES; i++) {
		clock_gettime(CLOCK_REALTIME, &a);
		clock_gettime(CLOCK_REALTIME_COARSE, &ca);
		t = time(NULL);
		clock_gettime(CLOCK_REALTIME_COARSE, &cb);
		clock_gettime(CLOCK_REALTIME, &b);
		if (t > b.tv_sec)
			PTS_FAILED("time() %ld ahead of CLOCK_REALTIME %ld", (long)t,
				   (long)b.tv_sec);
		if (t < a.tv_sec - 1)
			PTS_FAILED("time() %ld more than 1 s behind %ld", (long)t,
				   (long)a.tv_sec);
		if (t < ca.tv_sec || t > cb.tv_sec)
			outside_coarse++;
	}
	if (!outside_coarse)
		PTS_KNOWN_ISSUE("time() coarse clock",
				"in %d calls time() never left the window of two "
				"CLOCK_REALTIME_COARSE reads: it follows the tick, "
				"so it returns the previous second for up to a "
				"tick after a boundary", SAMPLES);
	PTS_PASSED("time() within CLOCK_REALTIME in %d calls, %d of them "
		   "outside the coarse clock's window", SAMPLES, outside_coarse);
}
