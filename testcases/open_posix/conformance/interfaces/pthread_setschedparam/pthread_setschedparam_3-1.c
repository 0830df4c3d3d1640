// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setschedparam() on the owner of a PTHREAD_PRIO_INHERIT mutex
 * that a FIFO 20 thread waits for: the owner "shall execute at the
 * higher of its priority or the priority of the highest priority thread
 * waiting", whatever its own priority is changed to meanwhile. The owner
 * (FIFO 10, /proc priority -11) runs at -21 with the waiter blocked;
 * lowered to FIFO 5 it stays at -21 (pthread_getschedparam() reports 5);
 * raised to FIFO 25 it runs at -26; lowered to 15 it is back at the
 * waiter's -21; once it unlocks it runs at its own 15 (-16).
 */
#include <pthread.h>

#include "pts_helpers.h"
#include "pts_pi.h"
#include "pts_pi_threads.h"

static void set_owner(pthread_t o, int prio)
{
	struct sched_param p = { .sched_priority = prio };
	int pol, err = pthread_setschedparam(o, SCHED_FIFO, &p);

	if (err)
		PTS_UNRES("pthread_setschedparam(FIFO %d): %s", prio, strerror(err));
	if (pthread_getschedparam(o, &pol, &p) || pol != SCHED_FIFO ||
	    p.sched_priority != prio)
		PTS_FAILED("pthread_getschedparam() after setting FIFO %d: %d %d",
			   prio, pol, p.sched_priority);
}

int main(void)
{
	pthread_t o, w;

	pts_need_sched_fifo();
	/* main outranks everyone so that it can observe them */
	pts_fifo_self(30);
	pts_pi_mutex_init(&pts_pi_m, 0);
	pthread_mutex_lock(&pts_pi_go);
	pts_fifo_thread(&o, pts_pi_owner, 10);
	pts_wait_flag(&pts_pi_has, "the owner's lock");
	pts_pi_expect(-11, "before contention");
	pts_pi_start_waiter(&w, 20);
	pts_pi_expect(-21, "with a FIFO 20 waiter");
	set_owner(o, 5);
	pts_pi_expect(-21, "set to FIFO 5 while boosted");
	set_owner(o, 25);
	pts_pi_expect(-26, "set to FIFO 25, above the waiter");
	set_owner(o, 15);
	pts_pi_expect(-21, "set to FIFO 15, below the waiter");
	pthread_mutex_unlock(&pts_pi_go);
	pthread_join(w, NULL);
	pts_wait_flag(&pts_pi_unlocked, "the owner's unlock");
	pts_pi_expect(-16, "after its unlock (its own FIFO 15)");
	__atomic_store_n(&pts_pi_done, 1, __ATOMIC_RELEASE);
	pthread_join(o, NULL);
	PTS_PASSED("a PI owner runs at the higher of its own and the waiter's priority");
}
