// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_lock(): a PTHREAD_MUTEX_NORMAL mutex relocked by its
 * owner deadlocks; no error is returned. For a PTHREAD_PRIO_INHERIT
 * mutex the second lock goes to the kernel (FUTEX_LOCK_PI, which sees
 * the owner's own TID): the thread must stay asleep there (or in the C
 * library's wait after it), never returning; the mutex stays held (a
 * trylock of another thread EBUSY). The process ends with the thread
 * still blocked.
 */
#include <pthread.h>

#include "pts_pi.h"

static pthread_mutex_t m;
static volatile int tid, returned;
static int ret = -1;

static void *relock(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(&m))
		return NULL;
	tid = pts_gettid();
	ret = pthread_mutex_lock(&m);
	__atomic_store_n(&returned, 1, __ATOMIC_RELEASE);
	return NULL;
}

int main(void)
{
	pthread_mutexattr_t a;
	pthread_t t;
	int err;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_settype(&a, PTHREAD_MUTEX_NORMAL))
		PTS_UNRES("settype NORMAL");
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT))
		PTS_UNSUPP("PTHREAD_PRIO_INHERIT not supported");
	if (pthread_mutex_init(&m, &a))
		PTS_UNRES("pthread_mutex_init()");
	if (pthread_create(&t, NULL, relock, NULL))
		PTS_UNRES("pthread_create()");
	pts_wait_flag(&tid, "the first lock");
	pts_wait_in_syscall(tid, SYS_futex);
	pts_wait_task_state(tid, "S");
	if (returned)
		PTS_FAILED("the relock of a NORMAL PI mutex returned %d (%s)", ret,
			   ret > 0 ? strerrorname_np(ret) : "");
	err = pthread_mutex_trylock(&m);
	if (err != EBUSY)
		PTS_FAILED("trylock of the deadlocked owner's mutex: %d", err);
	if (returned)
		PTS_FAILED("the relock of a NORMAL PI mutex returned %d", ret);
	PTS_PASSED("the owner's relock of a NORMAL PI mutex sleeps in the kernel, mutex held");
}
