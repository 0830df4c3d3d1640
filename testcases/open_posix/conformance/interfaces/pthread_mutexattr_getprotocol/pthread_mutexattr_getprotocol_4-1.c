// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTHREAD_PRIO_NONE: "When a thread owns a mutex with the
 * PTHREAD_PRIO_NONE protocol attribute, its priority and scheduling
 * shall not be affected by its mutex ownership." A new mutex attributes
 * object reads back PTHREAD_PRIO_NONE (pthread_mutexattr_getprotocol()
 * returns 0). A SCHED_FIFO 10 thread owns a mutex made with it and a
 * SCHED_FIFO 20 thread blocks on it (asleep in the kernel, futex): the
 * owner's effective priority in /proc (field 18) stays -11 (rtprio 10)
 * and its policy SCHED_FIFO 10 while the waiter waits and after the
 * unlock; the waiter then gets the mutex.
 */
#include <pthread.h>

#include "pts_helpers.h"
#include "pts_pi.h"
#include "pts_pi_threads.h"

int main(void)
{
	pthread_mutexattr_t a;
	struct sched_param p;
	pthread_t o, w;
	int proto = -1, pol;

	pts_need_sched_fifo();
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_getprotocol(&a, &proto))
		PTS_FAILED("pthread_mutexattr_getprotocol() failed");
	if (proto != PTHREAD_PRIO_NONE)
		PTS_FAILED("the default protocol is %d, expected PTHREAD_PRIO_NONE",
			   proto);
	pthread_mutex_init(&pts_pi_m, &a);
	pthread_mutexattr_destroy(&a);
	pthread_mutex_lock(&pts_pi_go);
	pts_fifo_self(30);	/* main outranks both to observe them */
	pts_fifo_thread(&o, pts_pi_owner, 10);
	pts_wait_flag(&pts_pi_has, "the owner's lock");
	pts_pi_expect(-11, "before contention");
	pts_pi_start_waiter(&w, 20);
	pts_pi_expect(-11, "while a FIFO 20 thread waits on its PRIO_NONE mutex");
	if (pthread_getschedparam(o, &pol, &p) || pol != SCHED_FIFO ||
	    p.sched_priority != 10)
		PTS_FAILED("the owner's scheduling reads %d/%d, expected SCHED_FIFO 10",
			   pol, p.sched_priority);
	pthread_mutex_unlock(&pts_pi_go);
	pthread_join(w, NULL);
	pts_wait_flag(&pts_pi_unlocked, "the owner's unlock");
	pts_pi_expect(-11, "after its unlock");
	__atomic_store_n(&pts_pi_done, 1, __ATOMIC_RELEASE);
	pthread_join(o, NULL);
	PTS_PASSED("a PRIO_NONE owner keeps its own priority under a higher waiter");
}
