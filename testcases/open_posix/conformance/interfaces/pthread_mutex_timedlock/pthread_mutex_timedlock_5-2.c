// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_timedlock() shall fail with [EINVAL] when the mutex has
 * the PTHREAD_PRIO_PROTECT protocol and the calling thread's priority is
 * higher than the mutex's priority ceiling: a SCHED_FIFO caller five
 * above the ceiling gets EINVAL at once (not ETIMEDOUT, the deadline is
 * far ahead), its priority unchanged and the mutex not taken; at the
 * ceiling the same call succeeds.
 */
#include "pts_ceiling.h"

static int timedlock(pthread_mutex_t *m)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, pts_bound_ns(60));

	return pthread_mutex_timedlock(m, &dl);
}

int main(void)
{
	pts_ceiling_einval(timedlock, "pthread_mutex_timedlock()");
	PTS_PASSED("EINVAL above the PRIO_PROTECT ceiling");
}
