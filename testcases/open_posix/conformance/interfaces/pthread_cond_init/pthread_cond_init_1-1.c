// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_init(): a condition variable initialised with a NULL
 * attribute, with a default attributes object, or statically with
 * PTHREAD_COND_INITIALIZER behaves the same: a waiter blocked on each
 * (asleep in the kernel) is woken by pthread_cond_signal() and returns
 * holding the mutex; none of them times out.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c_static = PTHREAD_COND_INITIALIZER;
static pthread_cond_t c_null, c_attr;
static pthread_cond_t *cur;
static volatile int tid;
static int go;

static void *waiter(void *arg)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, pts_bound_ns(30));
	int err = 0;

	(void)arg;
	pthread_mutex_lock(&m);
	tid = pts_gettid();
	while (!go && !err)
		err = pthread_cond_timedwait(cur, &m, &dl);
	if (!err && pthread_mutex_trylock(&m) != EBUSY)
		err = -1;
	pthread_mutex_unlock(&m);
	return (void *)(long)err;
}

static void check(pthread_cond_t *c, const char *what)
{
	pthread_t t;
	void *v;

	cur = c;
	go = 0;
	tid = 0;
	pthread_create(&t, NULL, waiter, NULL);
	pts_wait_flag(&tid, "the waiter");
	pthread_mutex_lock(&m);		/* it is in the wait now */
	go = 1;
	if (pthread_cond_signal(c))
		PTS_FAILED("%s: pthread_cond_signal() failed", what);
	pthread_mutex_unlock(&m);
	pthread_join(t, &v);
	if (v)
		PTS_FAILED("%s: waiter returned %ld", what, (long)v);
}

int main(void)
{
	pthread_condattr_t a;

	if (pthread_cond_init(&c_null, NULL))
		PTS_FAILED("pthread_cond_init(NULL) failed");
	pthread_condattr_init(&a);
	if (pthread_cond_init(&c_attr, &a))
		PTS_FAILED("pthread_cond_init(default attr) failed");
	check(&c_static, "PTHREAD_COND_INITIALIZER");
	check(&c_null, "NULL attr");
	check(&c_attr, "default attr");
	PTS_PASSED("three ways of initialising, each wakes a waiter");
}
