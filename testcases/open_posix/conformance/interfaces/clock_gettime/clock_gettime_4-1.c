// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CLOCK_PROCESS_CPUTIME_ID is the execution time of the calling process,
 * and a child's CPU-time clock starts at zero (XSH fork): after the
 * parent has used 500 ms of CPU, a new child's CLOCK_PROCESS_CPUTIME_ID
 * and CLOCK_THREAD_CPUTIME_ID are no more than the CLOCK_MONOTONIC time
 * since the fork (+ 20 ms), so not the parent's 500 ms (a guest whose
 * vCPU stalls has that time charged to the task, and to the monotonic
 * time as well: only a stall of 480 ms right there leaves it
 * undecided); after spinning 100 ms the child's process clock is at
 * least 100 ms; the parent's clock was not reset by the fork.
 */
#include "pts_helpers.h"

#define MS 1000000LL

static long long parent_cpu, fork_mono;

static int child(void)
{
	long long p = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	long long t = pts_now(CLOCK_THREAD_CPUTIME_ID);
	long long since = pts_now(CLOCK_MONOTONIC) - fork_mono;

	if (since >= parent_cpu - 20 * MS)
		PTS_UNRES("%lld ms passed since the fork (a stall): cannot tell",
			  since / MS);
	if (p > since + 20 * MS || t > since + 20 * MS)
		PTS_FAILED("new child: process clock %lld ns, thread clock %lld ns, %lld ns after the fork (parent at %lld)",
			   p, t, since, parent_cpu);
	while (pts_now(CLOCK_THREAD_CPUTIME_ID) < 100 * MS)
		;
	p = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (p < 100 * MS)
		PTS_FAILED("child after 100 ms of CPU: process clock %lld ns", p);
	return PTS_PASS;
}

int main(void)
{
	long long after;

	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < 500 * MS)
		;
	parent_cpu = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	fork_mono = pts_now(CLOCK_MONOTONIC);
	pts_run_child(child, "child");
	after = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (after < parent_cpu)
		PTS_FAILED("parent's clock went back across fork: %lld -> %lld",
			   parent_cpu, after);
	PTS_PASSED("a child's CPU-time clocks start at 0 (parent at %lld ms)",
		   parent_cpu / MS);
}
