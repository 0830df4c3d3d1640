// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_lock() shall fail with [EINVAL] when the mutex has the
 * PTHREAD_PRIO_PROTECT protocol and the calling thread's priority is
 * higher than the mutex's priority ceiling: a SCHED_FIFO caller five
 * above the ceiling gets EINVAL, its priority unchanged and the mutex
 * not taken; at the ceiling the same lock succeeds.
 */
#include "pts_ceiling.h"

int main(void)
{
	pts_ceiling_einval(pthread_mutex_lock, "pthread_mutex_lock()");
	PTS_PASSED("EINVAL above the PRIO_PROTECT ceiling");
}
