// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_trylock() shall fail with [EINVAL] when the mutex has
 * the PTHREAD_PRIO_PROTECT protocol and the calling thread's priority is
 * higher than the mutex's priority ceiling (not EBUSY: the mutex is
 * free): a SCHED_FIFO caller five above the ceiling gets EINVAL, its
 * priority unchanged and the mutex not taken; at the ceiling the same
 * trylock succeeds.
 */
#include "pts_ceiling.h"

int main(void)
{
	pts_ceiling_einval(pthread_mutex_trylock, "pthread_mutex_trylock()");
	PTS_PASSED("EINVAL above the PRIO_PROTECT ceiling");
}
