// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_clocklock() (POSIX.1-2024) fails as pthread_mutex_lock()
 * does: [EINVAL] when the mutex has the PTHREAD_PRIO_PROTECT protocol
 * and the calling thread's priority is higher than the mutex's priority
 * ceiling. A SCHED_FIFO caller five above the ceiling gets EINVAL at once
 * on CLOCK_MONOTONIC (deadline far ahead), its priority unchanged and the
 * mutex not taken; at the ceiling the same call succeeds.
 */
#include "pts_ceiling.h"

static int clocklock(pthread_mutex_t *m)
{
	struct timespec dl = pts_deadline(CLOCK_MONOTONIC, pts_bound_ns(60));

	return pthread_mutex_clocklock(m, CLOCK_MONOTONIC, &dl);
}

int main(void)
{
	pts_ceiling_einval(clocklock, "pthread_mutex_clocklock(MONOTONIC)");
	PTS_PASSED("EINVAL above the PRIO_PROTECT ceiling");
}
