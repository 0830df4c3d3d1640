// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_getcpuclockid(): with pid 0 (the caller) and with the caller's own
 * pid it returns the calling process's CPU-time clock: readings of it
 * interleaved with CLOCK_PROCESS_CPUTIME_ID readings never go backwards
 * relative to them while the process spins, and it advances with the CPU
 * time used (100 ms of spinning advance it by at least 100 ms).
 */
#include "pts_helpers.h"

int main(void)
{
	long long p0, c, p1, start;
	clockid_t c0, cp;
	int i;

	if (clock_getcpuclockid(0, &c0))
		PTS_FAILED("clock_getcpuclockid(0) failed");
	if (clock_getcpuclockid(getpid(), &cp))
		PTS_FAILED("clock_getcpuclockid(getpid()) failed");
	start = pts_now(c0);
	for (i = 0; i < 1000; i++) {
		p0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
		c = pts_now(i & 1 ? c0 : cp);
		p1 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
		if (c < p0 || c > p1)
			PTS_FAILED("own CPU clock read %lld, outside [%lld, %lld] of CLOCK_PROCESS_CPUTIME_ID",
				   c, p0, p1);
	}
	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < start + PTS_NSEC / 10)
		;
	if (pts_now(c0) - start < PTS_NSEC / 10 || pts_now(cp) - start < PTS_NSEC / 10)
		PTS_FAILED("own CPU clock did not advance with 100 ms of CPU time");
	PTS_PASSED("pid 0 and own pid give the process CPU-time clock");
}
