// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_kill() "shall not return an error code of [EINTR]": a thread
 * that sends a caught signal to itself gets 0 back with the handler
 * already run (the signal was delivered on the way out of the call),
 * a hundred times in a row, once per call.
 */
#include <pthread.h>

#include "pts_sigkit.h"

static volatile sig_atomic_t ran;

static void handler(int sig)
{
	(void)sig;
	ran++;
}

static void *thread(void *arg)
{
	long i;
	int e;

	(void)arg;
	for (i = 0; i < 100; i++) {
		e = pthread_kill(pthread_self(), SIGUSR1);
		if (e) {
			printf("call %ld returned %d\n", i, e);
			return (void *)1;
		}
		if (ran != i + 1) {
			printf("call %ld: %d handler runs\n", i, (int)ran);
			return (void *)1;
		}
	}
	return NULL;
}

int main(void)
{
	pthread_t t;
	void *ret;

	pts_catch(SIGUSR1, handler, 0);
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pthread_join(t, &ret);
	if (ret)
		PTS_FAILED("pthread_kill() to itself did not return 0 after its handler");
	PTS_PASSED("100 calls: 0 each, the handler run once before each return");
}
