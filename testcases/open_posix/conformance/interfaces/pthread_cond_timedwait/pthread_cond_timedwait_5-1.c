// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_timedwait(): "If a signal is delivered to a thread
 * waiting for a condition variable, upon return from the signal handler
 * the thread resumes waiting for the condition variable as if it was
 * not interrupted, or it shall return zero due to spurious wakeup";
 * the function "shall not return an error code of [EINTR]". A thread
 * in a predicate loop around pthread_cond_timedwait() with a deadline
 * an hour ahead, on a REALTIME and on a MONOTONIC condition variable,
 * takes three caught signals (no SA_RESTART), each once it sleeps in
 * the futex call again; no call returns EINTR or ETIMEDOUT, and it
 * leaves the loop after main sets the predicate and signals, holding
 * the mutex (its ERRORCHECK unlock succeeds).
 */
#include "pts_no_eintr.h"

static pthread_mutex_t m;
static pthread_cond_t c;
static volatile int tid, go, bad, ret0;
static clockid_t clk;

static void *waiter(void *arg)
{
	struct timespec ts = pts_deadline(clk, 3600 * PTS_NSEC);
	int e;

	(void)arg;
	pthread_mutex_lock(&m);
	tid = pts_gettid();
	while (!go) {
		e = pthread_cond_timedwait(&c, &m, &ts);
		if (e) {
			bad = e;
			break;
		}
		ret0++;
	}
	if (pthread_mutex_unlock(&m))
		bad = -1;
	return NULL;
}

static void run(clockid_t ck)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	pthread_t t;

	clk = ck;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &ma);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, ck);
	pthread_cond_init(&c, &ca);
	tid = go = bad = ret0 = pts_ne_handled = 0;
	pthread_create(&t, NULL, waiter, NULL);
	pts_ne_interrupt(t, &tid, 3, NULL, "pthread_cond_timedwait()");
	if (bad)
		PTS_FAILED("clock %d: the timed wait returned %d (%s) after a signal",
			   (int)ck, bad, bad > 0 ? strerrorname_np(bad) : "unlock");
	pthread_mutex_lock(&m);
	go = 1;
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	pthread_join(t, NULL);
	printf("clock %d: %d signals, %d spurious zero returns\n", (int)ck,
	       pts_ne_handled, ret0 - 1 < 0 ? 0 : ret0 - 1);
	if (bad)
		PTS_FAILED("clock %d: the timed wait returned %d", (int)ck, bad);
	if (pts_ne_handled != 3)
		PTS_FAILED("clock %d: %d signals handled", (int)ck, pts_ne_handled);
	pthread_cond_destroy(&c);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	pts_ne_install();
	run(CLOCK_REALTIME);
	run(CLOCK_MONOTONIC);
	PTS_PASSED("no EINTR from a timed condition wait interrupted by signals");
}
