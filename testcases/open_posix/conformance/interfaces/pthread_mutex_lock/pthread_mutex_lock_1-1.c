// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_lock(): "If the mutex is already locked, the calling
 * thread shall block until the mutex becomes available", and the call
 * returns with the caller as the owner. For each type (NORMAL,
 * ERRORCHECK, RECURSIVE, DEFAULT), private and process-shared (the
 * kernel keys the futex differently): a thread locking the mutex main
 * holds sleeps in the kernel (futex) without returning; after main's
 * unlock it returns 0 and owns the mutex (main's trylock [EBUSY]). Then
 * four threads add 1 to a counter 20000 times each under the mutex and
 * no increment is lost.
 */
#include <pthread.h>

#include "pts_blocked.h"

#define NTHR 4
#define LOOPS 20000

static pthread_mutex_t m;
static volatile int got, release;
static long counter;

static void *locker(void *arg)
{
	int err = pthread_mutex_lock(&m);

	(void)arg;
	if (err)
		return (void *)(long)err;
	__atomic_store_n(&got, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "main's word");
	return (void *)(long)pthread_mutex_unlock(&m);
}

static void *adder(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < LOOPS; i++) {
		if (pthread_mutex_lock(&m))
			return (void *)1L;
		counter++;
		if (pthread_mutex_unlock(&m))
			return (void *)1L;
	}
	return NULL;
}

static void run(int type, int pshared, const char *name)
{
	struct pts_blocked b;
	pthread_mutexattr_t a;
	pthread_t t[NTHR];
	long r;
	int i;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, type);
	pthread_mutexattr_setpshared(&a, pshared);
	if (pthread_mutex_init(&m, &a))
		PTS_UNRES("pthread_mutex_init(%s)", name);
	pthread_mutexattr_destroy(&a);
	got = release = 0;

	if (pthread_mutex_lock(&m))
		PTS_UNRES("main's lock of %s", name);
	pts_start_blocked(&b, locker, NULL, SYS_futex);
	if (got)
		PTS_FAILED("%s: the locker got a held mutex", name);
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("%s: main's unlock failed", name);
	pts_wait_flag(&got, "the locker to get the mutex");
	PTS_EXPECT_ERR(pthread_mutex_trylock(&m), EBUSY,
		       "trylock while the woken locker owns it");
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	r = pts_join_long(b.t);
	if (r)
		PTS_FAILED("%s: the locker's lock/unlock returned %ld", name, r);

	counter = 0;
	for (i = 0; i < NTHR; i++)
		if (pthread_create(&t[i], NULL, adder, NULL))
			PTS_UNRES("pthread_create()");
	for (i = 0; i < NTHR; i++)
		if (pts_join_long(t[i]))
			PTS_FAILED("%s: lock or unlock failed under contention", name);
	if (counter != NTHR * LOOPS)
		PTS_FAILED("%s: counter %ld, expected %d (lost increments)", name,
			   counter, NTHR * LOOPS);
	if (pthread_mutex_destroy(&m))
		PTS_UNRES("pthread_mutex_destroy(%s)", name);
	printf("%s: blocked until unlocked, then owner; %ld increments\n",
	       name, counter);
}

int main(void)
{
	static const struct { int type; const char *name; } ty[] = {
		{ PTHREAD_MUTEX_NORMAL, "NORMAL" },
		{ PTHREAD_MUTEX_ERRORCHECK, "ERRORCHECK" },
		{ PTHREAD_MUTEX_RECURSIVE, "RECURSIVE" },
		{ PTHREAD_MUTEX_DEFAULT, "DEFAULT" },
	};
	char name[64];
	unsigned int i;
	int sh;

	for (i = 0; i < sizeof(ty) / sizeof(ty[0]); i++)
		for (sh = 0; sh < 2; sh++) {
			snprintf(name, sizeof(name), "%s %s", ty[i].name,
				 sh ? "shared" : "private");
			run(ty[i].type, sh ? PTHREAD_PROCESS_SHARED :
			    PTHREAD_PROCESS_PRIVATE, name);
		}
	PTS_PASSED("every type blocks the locker until unlock and excludes");
}
