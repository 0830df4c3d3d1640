// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_init(): PTHREAD_COND_INITIALIZER's "effect shall be
 * equivalent to dynamic initialization by a call to pthread_cond_init()
 * with parameter attr specified as NULL". A static condition variable
 * and one given pthread_cond_init(NULL) (over 0xff bytes, returning 0)
 * behave alike: a timed waiter sleeps in the kernel with the same futex
 * operation for both (FUTEX_WAIT_BITSET, private, CLOCK_REALTIME: the
 * default attributes), a signal ends its wait with 0 owning the mutex,
 * and a wait with a passed deadline returns ETIMEDOUT.
 */
#include <pthread.h>
#include <linux/futex.h>

#include "pts_blocked.h"
#include "pts_j19.h"

static pthread_cond_t st = PTHREAD_COND_INITIALIZER;
static pthread_cond_t dyn;
static pthread_cond_t *cur;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int go;

static void *waiter(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, pts_bound_ns(60));
	int e = 0;

	(void)arg;
	pthread_mutex_lock(&m);
	while (!go && !e)
		e = pthread_cond_timedwait(cur, &m, &ts);
	if (!e && pthread_mutex_trylock(&m) != EBUSY)
		e = -1;
	pthread_mutex_unlock(&m);
	return (void *)(long)e;
}

static long check(pthread_cond_t *c, const char *what)
{
	struct timespec past = { 1, 0 };
	struct pts_blocked b;
	long op;
	int e;

	cur = c;
	go = 0;
	pts_start_blocked(&b, waiter, NULL, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	pthread_mutex_lock(&m);
	go = 1;
	pthread_cond_signal(c);
	pthread_mutex_unlock(&m);
	if (pts_join_long(b.t))
		PTS_FAILED("%s: the signalled wait failed", what);
	pthread_mutex_lock(&m);
	e = pthread_cond_timedwait(c, &m, &past);
	pthread_mutex_unlock(&m);
	if (e != ETIMEDOUT)
		PTS_FAILED("%s: a passed deadline gave %d", what, e);
	printf("%s: waiter in futex op %#lx\n", what, op);
	return op;
}

int main(void)
{
	long a, b;

	memset(&dyn, 0xff, sizeof(dyn));
	PTS_EXPECT_ERR(pthread_cond_init(&dyn, NULL), 0, "pthread_cond_init(NULL)");
	a = check(&st, "INITIALIZER");
	b = check(&dyn, "init(NULL)");
	if (a != b)
		PTS_FAILED("the two wait in different futex operations");
	if (a != (FUTEX_WAIT_BITSET_PRIVATE | PTS_J19_FUTEX_CLOCK_RT))
		PTS_FAILED("not a private REALTIME bitset wait");
	PTS_PASSED("PTHREAD_COND_INITIALIZER behaves as pthread_cond_init(NULL)");
}
