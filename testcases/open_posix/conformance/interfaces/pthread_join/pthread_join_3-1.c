// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_join(): "shall not return an error code of [EINTR]": a thread
 * joining another that is still running takes three caught signals
 * (no SA_RESTART), goes back to waiting after each, and returns 0 with
 * the target's value only once the target has terminated.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile int jtid, hit, handled, go, joined;
static pthread_t target;

static void handler(int sig)
{
	(void)sig;
	handled++;
	hit = 1;
}

static void *run_target(void *arg)
{
	(void)arg;
	pts_wait_flag(&go, "go");
	return (void *)77;
}

static void *joiner(void *arg)
{
	void *v = NULL;
	long r;

	(void)arg;
	jtid = pts_gettid();
	r = pthread_join(target, &v);
	joined = 1;
	if (r)
		return (void *)r;
	return v == (void *)77 ? NULL : (void *)-1L;
}

int main(void)
{
	struct sigaction sa;
	pthread_t j;
	void *v;
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	pthread_create(&target, NULL, run_target, NULL);
	pthread_create(&j, NULL, joiner, NULL);
	pts_wait_flag(&jtid, "the joiner");
	for (i = 0; i < 3; i++) {
		pts_wait_in_syscall(jtid, SYS_futex);
		hit = 0;
		pthread_kill(j, SIGUSR1);
		pts_wait_flag(&hit, "the handler");
		if (joined)
			PTS_FAILED("join returned after signal %d", i + 1);
	}
	go = 1;
	pthread_join(j, &v);
	if (v)
		PTS_FAILED("the join returned %ld", (long)v);
	if (handled != 3)
		PTS_FAILED("%d signals handled", handled);
	PTS_PASSED("join resumed after each signal, no EINTR");
}
