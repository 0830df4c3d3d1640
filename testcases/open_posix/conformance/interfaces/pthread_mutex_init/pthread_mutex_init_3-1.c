// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_init(): PTHREAD_MUTEX_INITIALIZER's "effect shall be
 * equivalent to dynamic initialization by a call to
 * pthread_mutex_init() with parameter attr specified as NULL". A
 * statically initialised mutex and one given pthread_mutex_init(NULL)
 * (over 0xff bytes, returning 0) behave alike: the owner's trylock is
 * EBUSY, a second thread's lock sleeps in the kernel with the same
 * futex operation for both (a private plain wait), and gets the mutex
 * at the unlock, another thread's trylock then EBUSY.
 */
#include <pthread.h>
#include <linux/futex.h>

#include "pts_blocked.h"
#include "pts_j19.h"

static pthread_mutex_t st = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t dyn;
static pthread_mutex_t *cur;
static volatile int owned, release;

static void *locker(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(cur))
		return (void *)1L;
	__atomic_store_n(&owned, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "main's word");
	pthread_mutex_unlock(cur);
	return NULL;
}

static long check(pthread_mutex_t *m, const char *what)
{
	struct pts_blocked b;
	long op;

	cur = m;
	owned = release = 0;
	pthread_mutex_lock(m);
	if (pthread_mutex_trylock(m) != EBUSY)
		PTS_FAILED("%s: the owner's trylock was not EBUSY", what);
	pts_start_blocked(&b, locker, NULL, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	pthread_mutex_unlock(m);
	pts_wait_flag(&owned, "the waiter to own the mutex");
	if (pthread_mutex_trylock(m) != EBUSY)
		PTS_FAILED("%s: trylock not EBUSY while the waiter owns it", what);
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	if (pts_join_long(b.t))
		PTS_FAILED("%s: the waiter's lock failed", what);
	printf("%s: waiter in futex op %#lx\n", what, op);
	return op;
}

int main(void)
{
	long a, b;

	memset(&dyn, 0xff, sizeof(dyn));
	PTS_EXPECT_ERR(pthread_mutex_init(&dyn, NULL), 0, "pthread_mutex_init(NULL)");
	a = check(&st, "INITIALIZER");
	b = check(&dyn, "init(NULL)");
	if (a != b)
		PTS_FAILED("the two wait in different futex operations");
	if (a != FUTEX_WAIT_PRIVATE && a != FUTEX_WAIT_BITSET_PRIVATE)
		PTS_FAILED("not a private plain wait");
	PTS_PASSED("PTHREAD_MUTEX_INITIALIZER behaves as pthread_mutex_init(NULL)");
}
