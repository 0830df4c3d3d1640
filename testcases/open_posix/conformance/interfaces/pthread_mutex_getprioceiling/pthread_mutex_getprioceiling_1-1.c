// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_getprioceiling() returns the current priority ceiling of
 * a PTHREAD_PRIO_PROTECT mutex: the attribute's value at initialisation
 * (each of the SCHED_FIFO minimum and maximum), the value a successful
 * pthread_mutex_setprioceiling() installed, the old value after an
 * EINVAL from it. It does not need the mutex: it answers at once while
 * another thread holds it. For a mutex that is not PRIO_PROTECT Linux
 * (glibc) returns [EINVAL].
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static volatile int held, release;

static void *holder(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	__atomic_store_n(&held, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&release, __ATOMIC_ACQUIRE))
		pts_nap();
	pthread_mutex_unlock(&m);
	return NULL;
}

static void init_protect(pthread_mutex_t *mx, int ceiling)
{
	pthread_mutexattr_t a;

	if (pthread_mutexattr_init(&a) ||
	    pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_PROTECT) ||
	    pthread_mutexattr_setprioceiling(&a, ceiling) ||
	    pthread_mutex_init(mx, &a))
		PTS_UNRES("PRIO_PROTECT mutex with ceiling %d not set up", ceiling);
	pthread_mutexattr_destroy(&a);
}

int main(void)
{
	int min = sched_get_priority_min(SCHED_FIFO);
	int max = sched_get_priority_max(SCHED_FIFO);
	pthread_mutex_t plain = PTHREAD_MUTEX_INITIALIZER;
	int c = -1, old = -1, err;
	pthread_t t;

	pts_need_sched_fifo();
	init_protect(&m, min);
	if (pthread_mutex_getprioceiling(&m, &c) || c != min)
		PTS_FAILED("ceiling %d read back, attribute gave %d", c, min);
	pthread_mutex_destroy(&m);
	init_protect(&m, max);
	if (pthread_mutex_getprioceiling(&m, &c) || c != max)
		PTS_FAILED("ceiling %d read back, attribute gave %d", c, max);

	if (pthread_mutex_setprioceiling(&m, min + 1, &old) || old != max)
		PTS_FAILED("setprioceiling(): old %d, expected %d", old, max);
	if (pthread_mutex_getprioceiling(&m, &c) || c != min + 1)
		PTS_FAILED("after setprioceiling(%d) got %d", min + 1, c);
	err = pthread_mutex_setprioceiling(&m, max + 1, &old);
	if (err != EINVAL)
		PTS_FAILED("setprioceiling(max + 1) returned %d, not EINVAL", err);
	if (pthread_mutex_getprioceiling(&m, &c) || c != min + 1)
		PTS_FAILED("ceiling %d after the refused change, expected %d",
			   c, min + 1);

	if (pthread_create(&t, NULL, holder, NULL))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&held, "the holder");
	c = -1;
	err = pthread_mutex_getprioceiling(&m, &c);
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	pthread_join(t, NULL);
	if (err || c != min + 1)
		PTS_FAILED("getprioceiling() while held elsewhere: %d, ceiling %d",
			   err, c);

	err = pthread_mutex_getprioceiling(&plain, &c);
	if (err != EINVAL)
		PTS_FAILED("getprioceiling() of a PRIO_NONE mutex returned %d, not EINVAL",
			   err);
	PTS_PASSED("initial, set, kept-after-EINVAL ceilings read back, also while held");
}
