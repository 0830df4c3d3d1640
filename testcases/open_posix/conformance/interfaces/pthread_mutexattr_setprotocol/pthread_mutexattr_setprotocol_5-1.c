// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTHREAD_PRIO_INHERIT with a SCHED_OTHER owner: the owner "shall
 * execute at the higher of its priority or the priority of the highest
 * priority thread waiting", so a SCHED_OTHER thread at nice 5 (/proc
 * priority 25) holding the mutex runs at the FIFO 20 priority of a
 * blocked waiter (-21) while it waits, and at priority 25 again, nice
 * still 5, once it has unlocked; its policy as pthread_getschedparam()
 * reports it stays SCHED_OTHER throughout (the boost is not a policy
 * change).
 */
#include <pthread.h>
#include <sys/resource.h>

#include "pts_helpers.h"
#include "pts_pi.h"
#include "pts_pi_threads.h"

int main(void)
{
	struct sched_param p;
	pthread_t o, w;
	void *res;
	int pol;

	pts_need_sched_fifo();
	pts_pi_owner_nice = 5;
	pts_pi_mutex_init(&pts_pi_m, 0);
	pthread_mutex_lock(&pts_pi_go);
	/* the owner is created before main turns FIFO: it is SCHED_OTHER */
	if (pthread_create(&o, NULL, pts_pi_owner, NULL))
		PTS_UNRES("pthread_create(): %m");
	pts_wait_flag(&pts_pi_has, "the owner's lock");
	/* main outranks both so that it can observe them */
	pts_fifo_self(30);
	pts_pi_expect(25, "before contention (nice 5)");
	pts_pi_start_waiter(&w, 20);
	pts_pi_expect(-21, "while a FIFO 20 thread waits");
	if (pthread_getschedparam(o, &pol, &p) || pol != SCHED_OTHER)
		PTS_FAILED("the boosted owner's policy reads %d, expected SCHED_OTHER",
			   pol);
	pthread_mutex_unlock(&pts_pi_go);
	pthread_join(w, NULL);
	pts_wait_flag(&pts_pi_unlocked, "the owner's unlock");
	pts_pi_expect(25, "after its unlock");
	errno = 0;
	if (getpriority(PRIO_PROCESS, pts_pi_owner_tid) != 5 || errno)
		PTS_FAILED("the owner's nice value is not 5 after the boost");
	__atomic_store_n(&pts_pi_done, 1, __ATOMIC_RELEASE);
	pthread_join(o, &res);
	if (res)
		PTS_UNRES("the owner could not set its nice value");
	PTS_PASSED("a SCHED_OTHER owner is boosted to the waiter's FIFO priority and back");
}
