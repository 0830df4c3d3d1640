/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Watching a PTHREAD_PRIO_INHERIT boost from the owner's side: the
 * calling thread's SCHED_FIFO priority as the kernel applies it (/proc
 * prio of its TID), and a bounded wait until a waiter blocked on the PI
 * mutex the caller holds has lifted it from base to want (a value
 * outside [base, want] fails the test at once; between them is a boost
 * by a lower waiter on the way).
 */
#ifndef PTS_PI_BOOST_H
#define PTS_PI_BOOST_H

#include "pts_pi.h"

static inline int pts_self_rtprio(void)
{
	return -1 - (int)pts_task_stat(pts_gettid(), 18);
}

static inline void pts_wait_boost(int base, int want, const char *what)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	int p;

	while ((p = pts_self_rtprio()) != want) {
		if (p < base || p > want)
			PTS_FAILED("%s: the owner at rtprio %d, outside [%d, %d]",
				   what, p, base, want);
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("%s: the owner was never boosted from %d to %d",
				   what, base, want);
		pts_nap();
	}
}

#endif /* PTS_PI_BOOST_H */
