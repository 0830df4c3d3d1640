// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CLOCK_PROCESS_CPUTIME_ID is the execution time of the calling process,
 * and a child's CPU-time clock starts at zero (XSH fork): after the
 * parent has used 200 ms of CPU, a new child reads its
 * CLOCK_PROCESS_CPUTIME_ID and CLOCK_THREAD_CPUTIME_ID below 20 ms, and
 * after spinning 100 ms its process clock is at least 100 ms and still
 * below the parent's 200 ms plus its own; the parent's clock was not
 * reset by the fork.
 */
#include "pts_helpers.h"

#define MS 1000000LL

static long long parent_cpu;

static int child(void)
{
	long long p = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	long long t = pts_now(CLOCK_THREAD_CPUTIME_ID);

	if (p >= 20 * MS || t >= 20 * MS)
		PTS_FAILED("new child: process clock %lld ns, thread clock %lld ns, expected near 0",
			   p, t);
	while (pts_now(CLOCK_THREAD_CPUTIME_ID) < 100 * MS)
		;
	p = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (p < 100 * MS || p >= parent_cpu + 20 * MS)
		PTS_FAILED("child after 100 ms of CPU: process clock %lld ns", p);
	return PTS_PASS;
}

int main(void)
{
	long long after;

	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < 200 * MS)
		;
	parent_cpu = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	pts_run_child(child, "child");
	after = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (after < parent_cpu)
		PTS_FAILED("parent's clock went back across fork: %lld -> %lld",
			   parent_cpu, after);
	PTS_PASSED("a child's CPU-time clocks start at 0 (parent at %lld ms)",
		   parent_cpu / MS);
}
