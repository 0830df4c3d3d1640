// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_getcpuclockid(): the CPU-time clock of a thread advances while
 * that thread runs and not while it sleeps: read by main, the clock of a
 * thread sleeping in a pipe read stays the same (within what it used to
 * block) while main spins 20 ms of its own CPU time, and then advances
 * once the thread spins. A thread's clock is not the process's clock.
 */
#include <pthread.h>

#include "pts_helpers.h"

static int p[2];
static volatile int stop;
static volatile pid_t tid;

static void *thread(void *arg)
{
	char c;

	(void)arg;
	tid = pts_gettid();
	if (read(p[0], &c, 1) != 1)
		return NULL;
	while (!stop)
		;
	return NULL;
}

int main(void)
{
	long long a, b, c0, end;
	clockid_t clk;
	pthread_t t;
	int err;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	pthread_create(&t, NULL, thread, NULL);
	err = pthread_getcpuclockid(t, &clk);
	if (err)
		PTS_FAILED("pthread_getcpuclockid(): %s", strerror(err));
	if (clk == CLOCK_PROCESS_CPUTIME_ID || clk == CLOCK_THREAD_CPUTIME_ID)
		PTS_FAILED("got a generic clock ID, not the thread's own");
	while (!tid)
		pts_nap();
	pts_wait_in_syscall(tid, SYS_read);
	a = pts_now(clk);
	c0 = pts_now(CLOCK_THREAD_CPUTIME_ID);
	while (pts_now(CLOCK_THREAD_CPUTIME_ID) - c0 < 20000000)
		;
	b = pts_now(clk);
	if (b != a)
		PTS_FAILED("a sleeping thread's clock moved %lld ns", b - a);
	if (write(p[1], "g", 1) != 1)
		PTS_UNRES("write(): %m");
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (pts_now(clk) - b < 10000000)
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("the spinning thread's clock did not advance 10 ms");
	stop = 1;
	pthread_join(t, NULL);
	PTS_PASSED("thread CPU clock frozen while asleep, advancing while running");
}
