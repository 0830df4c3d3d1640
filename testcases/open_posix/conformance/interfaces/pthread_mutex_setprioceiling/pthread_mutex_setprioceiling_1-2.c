// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_setprioceiling() locks the mutex (as pthread_mutex_lock()
 * would), changes the ceiling and releases the mutex. So on a
 * PTHREAD_PRIO_PROTECT mutex another thread holds, the call blocks: the
 * caller sleeps in the kernel (futex) and has not returned while the
 * owner holds it; after the owner's unlock it returns 0 with the old
 * ceiling, pthread_mutex_getprioceiling() reads the new one, and the
 * mutex is left unlocked (trylock 0).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static volatile int setter_tid, returned, err, old = -1;

static void *setter(void *arg)
{
	int o = -1;

	(void)arg;
	setter_tid = pts_gettid();
	err = pthread_mutex_setprioceiling(&m, 20, &o);
	old = o;
	__atomic_store_n(&returned, 1, __ATOMIC_RELEASE);
	return NULL;
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 5 };
	pthread_mutexattr_t a;
	pthread_t t;
	int now = -1;

	/* glibc raises the owner of a PRIO_PROTECT mutex within its policy */
	pts_need_sched_fifo();
	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp))
		PTS_UNRES("main to FIFO 5");
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_PROTECT))
		PTS_UNSUPP("PTHREAD_PRIO_PROTECT not supported");
	if (pthread_mutexattr_setprioceiling(&a, 10) ||
	    pthread_mutex_init(&m, &a) || pthread_mutex_lock(&m))
		PTS_UNRES("PRIO_PROTECT mutex, ceiling 10, locked");
	if (pthread_create(&t, NULL, setter, NULL))
		PTS_UNRES("pthread_create()");
	pts_wait_flag(&setter_tid, "the setter's start");
	pts_wait_in_syscall(setter_tid, SYS_futex);
	if (returned)
		PTS_FAILED("setprioceiling() returned %d while another thread held the mutex",
			   err);
	if (pthread_mutex_getprioceiling(&m, &now) || now != 10)
		PTS_FAILED("the ceiling changed to %d while the owner held the mutex",
			   now);
	if (pthread_mutex_unlock(&m))
		PTS_UNRES("unlock");
	if (pthread_join(t, NULL))
		PTS_UNRES("pthread_join()");
	if (err || old != 10)
		PTS_FAILED("setprioceiling() after the unlock: %d, old ceiling %d (expected 0, 10)",
			   err, old);
	if (pthread_mutex_getprioceiling(&m, &now) || now != 20)
		PTS_FAILED("ceiling %d after setprioceiling(20)", now);
	if (pthread_mutex_trylock(&m))
		PTS_FAILED("the mutex is not free after setprioceiling()");
	pthread_mutex_unlock(&m);
	PTS_PASSED("setprioceiling() waited for the owner's unlock, then set 20 (old 10) and left it free");
}
