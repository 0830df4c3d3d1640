// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Threads created after sched_setscheduler() inherit the policy and
 * priority it set (default attributes: PTHREAD_INHERIT_SCHED). With
 * main set to SCHED_FIFO 12, a new thread reads SCHED_FIFO 12 from
 * pthread_getschedparam() and the kernel's policy and rt_priority of its
 * own TID (/proc); a thread created before the call stays SCHED_OTHER 0
 * (system contention scope: the call does not affect it). Set then to
 * SCHED_RR 7, the next new thread is SCHED_RR 7.
 */
#include "pts_rtprio.h"

static volatile int release;

static void *early(void *arg)
{
	__atomic_store_n((pid_t *)arg, pts_gettid(), __ATOMIC_RELEASE);
	while (!__atomic_load_n(&release, __ATOMIC_ACQUIRE))
		pts_nap();
	return NULL;
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 12 };
	pid_t etid = 0;
	pthread_t et;
	int e;

	pts_need_sched_fifo();
	e = pthread_create(&et, NULL, early, &etid);
	if (e)
		PTS_UNRES("pthread_create(): %s", strerror(e));
	while (!__atomic_load_n(&etid, __ATOMIC_ACQUIRE))
		pts_nap();
	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		PTS_UNRES("sched_setscheduler(FIFO 12): %m");
	pts_check_new_thread(SCHED_FIFO, 12);
	if (pts_task_stat(etid, 41) != SCHED_OTHER || pts_task_stat(etid, 40))
		PTS_FAILED("a thread created before the call changed: policy %lld priority %lld",
			   pts_task_stat(etid, 41), pts_task_stat(etid, 40));
	sp.sched_priority = 7;
	if (sched_setscheduler(0, SCHED_RR, &sp))
		PTS_UNRES("sched_setscheduler(RR 7): %m");
	pts_check_new_thread(SCHED_RR, 7);
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	pthread_join(et, NULL);
	PTS_PASSED("threads created after the call inherit FIFO 12, then RR 7; an older one stays OTHER");
}
