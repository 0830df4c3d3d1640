// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * alarm(): the alarm belongs to the process, not to a thread: an alarm
 * set by one thread is what alarm() in another thread returns and
 * replaces (100 s set in a thread, about 100 returned in main), and its
 * SIGALRM is generated for the process: a thread blocked in sigwait()
 * with SIGALRM blocked everywhere takes it although main set the alarm.
 */
#include <pthread.h>

#include "pts_helpers.h"

static void *setter(void *arg)
{
	(void)arg;
	alarm(100);
	return NULL;
}

static void *waiter(void *arg)
{
	sigset_t *set = arg;
	int sig = 0;

	if (sigwait(set, &sig))
		return NULL;
	return sig == SIGALRM ? (void *)1 : NULL;
}

int main(void)
{
	pthread_t t;
	unsigned int left;
	sigset_t set;
	void *r;

	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	if (pthread_create(&t, NULL, setter, NULL) || pthread_join(t, NULL))
		PTS_UNRES("pthread_create()");
	left = alarm(0);
	if (left < 99 || left > 100)
		PTS_FAILED("main's alarm(0) after a thread's alarm(100) returned %u", left);
	if (pthread_create(&t, NULL, waiter, &set))
		PTS_UNRES("pthread_create()");
	alarm(1);
	if (pthread_join(t, &r))
		PTS_UNRES("pthread_join()");
	if (!r)
		PTS_FAILED("the waiting thread did not take SIGALRM");
	PTS_PASSED("one alarm per process, its SIGALRM taken by another thread");
}
