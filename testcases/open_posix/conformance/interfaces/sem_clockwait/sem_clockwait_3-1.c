// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_clockwait() [EINTR]: "A signal interrupted this function". A
 * thread blocked in sem_clockwait() on a zero semaphore, on
 * CLOCK_MONOTONIC and then on CLOCK_REALTIME with a deadline an hour
 * ahead, takes a caught signal (handler without SA_RESTART, sent once
 * the thread sleeps in the futex call): the call returns -1 with EINTR
 * long before the deadline, the handler having run in that thread; the
 * value stays 0 and a post afterwards makes it 1.
 */
#include <pthread.h>
#include <semaphore.h>

#include "pts_helpers.h"

static sem_t s;
static clockid_t clk;
static volatile int tid, handled_in;
static volatile long res, err;

static void h(int sig)
{
	(void)sig;
	handled_in = pts_gettid();
}

static void *waiter(void *arg)
{
	struct timespec ts = pts_deadline(clk, 3600 * PTS_NSEC);

	(void)arg;
	tid = pts_gettid();
	res = sem_clockwait(&s, clk, &ts);
	err = errno;
	return NULL;
}

static void run(clockid_t ck)
{
	long long t0 = pts_now(CLOCK_MONOTONIC);
	pthread_t t;
	int v;

	clk = ck;
	tid = handled_in = 0;
	pthread_create(&t, NULL, waiter, NULL);
	pts_wait_flag(&tid, "the waiter");
	pts_wait_in_syscall(tid, SYS_futex);
	pthread_kill(t, SIGUSR1);
	pthread_join(t, NULL);
	if (res != -1 || err != EINTR)
		PTS_FAILED("clock %d: returned %ld, errno %s; expected -1 EINTR",
			   (int)ck, res, strerrorname_np(err) ? strerrorname_np(err) : "0");
	if (handled_in != tid)
		PTS_FAILED("clock %d: the handler did not run in the waiter", (int)ck);
	if (pts_now(CLOCK_MONOTONIC) - t0 > 600 * PTS_NSEC)
		PTS_FAILED("clock %d: returned only at the deadline", (int)ck);
	sem_getvalue(&s, &v);
	if (v != 0)
		PTS_FAILED("clock %d: value %d after EINTR", (int)ck, v);
}

int main(void)
{
	struct sigaction sa = { .sa_handler = h };
	int v;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	if (sem_init(&s, 0, 0))
		PTS_UNRES("sem_init(): %s", strerror(errno));
	run(CLOCK_MONOTONIC);
	run(CLOCK_REALTIME);
	sem_post(&s);
	sem_getvalue(&s, &v);
	if (v != 1)
		PTS_FAILED("value %d after a post", v);
	PTS_PASSED("EINTR on both clocks, the value untouched");
}
