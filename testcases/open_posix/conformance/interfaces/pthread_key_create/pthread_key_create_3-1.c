// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_key_create() destructors: "at thread exit, if a key value has
 * a non-NULL destructor pointer, and the thread has a non-NULL value
 * associated with that key ... the function pointed to is called with
 * the previously associated value as its sole argument". The destructor
 * runs in the exiting thread itself (pthread_self() is that thread, its
 * TID the thread's), once per key with a value, before pthread_join()
 * of the thread returns; a thread that set no value causes no call; it
 * also runs when the thread is cancelled.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_key_t k;
static pthread_t in_self[4];
static volatile int calls, tids[4], ctid;
static int p[2];

static void dtor(void *v)
{
	long i = (long)v - 1;

	in_self[i] = pthread_self();
	if (pts_gettid() != tids[i])
		tids[i] = -1;
	__atomic_add_fetch(&calls, 1, __ATOMIC_ACQ_REL);
}

static void *thread(void *arg)
{
	long i = (long)arg;
	char c;

	tids[i] = pts_gettid();
	if (i == 3)
		return NULL;		/* no value: no call */
	pthread_setspecific(k, (void *)(i + 1));
	if (i == 2) {
		ctid = tids[i];
		read(p[0], &c, 1);	/* cancelled here */
	}
	return NULL;
}

int main(void)
{
	pthread_t t[4];
	long i;
	int n;

	if (pipe(p) || pthread_key_create(&k, dtor))
		PTS_UNRES("set-up failed");
	for (i = 0; i < 4; i++) {
		n = calls;
		pthread_create(&t[i], NULL, thread, (void *)i);
		if (i == 2) {
			pts_wait_flag(&ctid, "the thread");
			pts_wait_in_syscall(ctid, SYS_read);
			pthread_cancel(t[i]);
		}
		pthread_join(t[i], NULL);
		if (calls != n + (i < 3))
			PTS_FAILED("thread %ld: %d destructor calls by the time join returned",
				   i, calls - n);
		if (i < 3 && (!pthread_equal(in_self[i], t[i]) || tids[i] < 0))
			PTS_FAILED("thread %ld: destructor not run by the exiting thread",
				   i);
	}
	PTS_PASSED("destructor run by the exiting (also cancelled) thread before join returns");
}
