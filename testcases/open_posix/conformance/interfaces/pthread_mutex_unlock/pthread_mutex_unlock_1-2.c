// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_unlock() releases a PTHREAD_PRIO_PROTECT mutex, and with
 * it the priority it lent: a thread runs at the higher of its own
 * priority and the highest ceiling of the PRIO_PROTECT mutexes it still
 * owns. A SCHED_FIFO 5 thread takes mutexes with ceilings 15 and 25 (the
 * kernel sees rtprio 15, then 25); unlocking the 25 one drops it to 15,
 * not to 5, and unlocking the last one to 5. Read from sched_getparam()
 * and /proc prio of the thread after each call.
 */
#include <pthread.h>

#include "pts_helpers.h"

static void pp_init(pthread_mutex_t *m, int ceiling)
{
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_PROTECT))
		PTS_UNSUPP("PTHREAD_PRIO_PROTECT not supported");
	if (pthread_mutexattr_setprioceiling(&a, ceiling) ||
	    pthread_mutex_init(m, &a))
		PTS_UNRES("PRIO_PROTECT mutex, ceiling %d", ceiling);
	pthread_mutexattr_destroy(&a);
}

static void expect(int prio, const char *when)
{
	struct sched_param sp;
	int k = -1 - (int)pts_task_stat(pts_gettid(), 18);

	if (sched_getparam(0, &sp))
		PTS_UNRES("sched_getparam(): %s", strerror(errno));
	if (sp.sched_priority != prio || k != prio)
		PTS_FAILED("%s: priority %d (kernel %d), expected %d", when,
			   sp.sched_priority, k, prio);
	printf("%s: FIFO %d\n", when, prio);
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 5 };
	pthread_mutex_t m15, m25;

	pts_need_sched_fifo();
	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp))
		PTS_UNRES("main to FIFO 5");
	pp_init(&m15, 15);
	pp_init(&m25, 25);
	expect(5, "holding none");
	if (pthread_mutex_lock(&m15))
		PTS_UNRES("lock ceiling 15");
	expect(15, "holding ceiling 15");
	if (pthread_mutex_lock(&m25))
		PTS_UNRES("lock ceiling 25");
	expect(25, "holding ceilings 15 and 25");
	if (pthread_mutex_unlock(&m25))
		PTS_FAILED("unlock of the ceiling 25 mutex failed");
	expect(15, "after unlocking ceiling 25");
	if (pthread_mutex_unlock(&m15))
		PTS_FAILED("unlock of the ceiling 15 mutex failed");
	expect(5, "after unlocking ceiling 15");
	PTS_PASSED("each unlock returns the priority to the highest ceiling still held");
}
