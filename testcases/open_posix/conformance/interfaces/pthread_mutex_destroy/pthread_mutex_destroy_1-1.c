// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_destroy(): an unlocked mutex may be destroyed (0), and a
 * destroyed mutex can be initialised again, with new attributes that
 * then apply (an ERRORCHECK relock returns [EDEADLK] where the old
 * NORMAL mutex was). A mutex unlocked by its owner just before may be
 * destroyed at once, also when the unlock woke a waiter that has since
 * released it (the common "last user frees" pattern).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static volatile int tid;

static void *waiter(void *arg)
{
	(void)arg;
	tid = pts_gettid();
	pthread_mutex_lock(&m);
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_mutexattr_t a;
	pthread_t t;
	int err, i;

	for (i = 0; i < 3; i++) {
		pthread_mutex_init(&m, NULL);
		pthread_mutex_lock(&m);
		tid = 0;
		pthread_create(&t, NULL, waiter, NULL);
		pts_wait_flag(&tid, "the waiter");
		pts_wait_in_syscall(tid, SYS_futex);
		pthread_mutex_unlock(&m);
		pthread_join(t, NULL);
		err = pthread_mutex_destroy(&m);
		if (err)
			PTS_FAILED("destroy after the last unlock returned %d", err);
	}
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	if (pthread_mutex_init(&m, &a))
		PTS_FAILED("re-initialising a destroyed mutex failed");
	pthread_mutex_lock(&m);
	PTS_EXPECT_ERR(pthread_mutex_lock(&m), EDEADLK,
		       "relock of the re-initialised ERRORCHECK mutex");
	pthread_mutex_unlock(&m);
	if (pthread_mutex_destroy(&m))
		PTS_FAILED("destroy of an unlocked ERRORCHECK mutex failed");
	PTS_PASSED("destroy of unlocked mutexes, re-init with new attributes");
}
