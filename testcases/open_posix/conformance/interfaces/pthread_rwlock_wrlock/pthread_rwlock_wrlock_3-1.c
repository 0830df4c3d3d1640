// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_wrlock()/rdlock(): "If a signal is delivered to a
 * thread waiting for a read-write lock for writing [reading], upon
 * return from the signal handler the thread resumes waiting ... as if
 * it was not interrupted"; no [EINTR]. A writer blocked behind a reader,
 * then a reader blocked behind a writer, each take three caught signals
 * (no SA_RESTART), sleep again in the kernel after each, and return 0
 * with the lock only once it is released.
 */
#include <pthread.h>

#include "pts_no_eintr.h"

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static volatile int tid, got;

static void *blocked(void *arg)
{
	long r;

	tid = pts_gettid();
	r = (long)arg ? pthread_rwlock_wrlock(&l) : pthread_rwlock_rdlock(&l);
	got = 1;
	if (!r)
		pthread_rwlock_unlock(&l);
	return (void *)r;
}

static void run(int write)
{
	pthread_t t;
	void *v;

	if (write)
		pthread_rwlock_rdlock(&l);
	else
		pthread_rwlock_wrlock(&l);
	tid = pts_ne_handled = got = 0;
	pthread_create(&t, NULL, blocked, (void *)(long)write);
	pts_ne_interrupt(t, &tid, 3, &got, write ? "wrlock" : "rdlock");
	pthread_rwlock_unlock(&l);
	pthread_join(t, &v);
	if (v || pts_ne_handled != 3)
		PTS_FAILED("%s returned %ld after %d signals",
			   write ? "wrlock" : "rdlock", (long)v, pts_ne_handled);
}

int main(void)
{
	pts_ne_install();
	run(1);
	run(0);
	PTS_PASSED("writer and reader waits resumed after signals, no EINTR");
}
