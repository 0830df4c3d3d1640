// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_timedlock(): "If the mutex is already locked, the calling
 * thread shall block until the mutex becomes available"; the timeout
 * only ends a wait that lasts until abs_timeout. A thread waiting with a
 * deadline an hour ahead (asleep in the kernel: futex) gets the mutex
 * once main unlocks it: 0, not [ETIMEDOUT], long before the deadline,
 * and it is the owner (main's trylock [EBUSY]). For a plain, a
 * PRIO_INHERIT (FUTEX_LOCK_PI with a timeout) and a process-shared
 * mutex.
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_mutex_t m;
static volatile int got, release;

static void *waiter(void *arg)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	int err = pthread_mutex_timedlock(&m, &dl);

	(void)arg;
	if (err)
		return (void *)(long)err;
	__atomic_store_n(&got, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "main's word");
	return (void *)(long)pthread_mutex_unlock(&m);
}

static void run(int proto, int pshared, const char *name)
{
	struct pts_blocked b;
	pthread_mutexattr_t a;
	long r;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("protocol %d not supported", proto);
	pthread_mutexattr_setpshared(&a, pshared);
	pthread_mutex_init(&m, &a);
	pthread_mutexattr_destroy(&a);
	got = release = 0;

	pthread_mutex_lock(&m);
	pts_start_blocked(&b, waiter, NULL, SYS_futex);
	if (got)
		PTS_FAILED("%s: the timed waiter got a held mutex", name);
	pthread_mutex_unlock(&m);
	pts_wait_flag(&got, "the timed waiter to get the mutex");
	PTS_EXPECT_ERR(pthread_mutex_trylock(&m), EBUSY,
		       "main's trylock while the waiter owns the mutex");
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	r = pts_join_long(b.t);
	if (r)
		PTS_FAILED("%s: timedlock/unlock returned %s", name,
			   strerrorname_np((int)r));
	pthread_mutex_destroy(&m);
	printf("%s: the timed waiter got the released mutex\n", name);
}

int main(void)
{
	run(PTHREAD_PRIO_NONE, PTHREAD_PROCESS_PRIVATE, "plain");
	run(PTHREAD_PRIO_INHERIT, PTHREAD_PROCESS_PRIVATE, "PI");
	run(PTHREAD_PRIO_NONE, PTHREAD_PROCESS_SHARED, "shared");
	PTS_PASSED("timedlock returns 0 owning the mutex released before the deadline");
}
