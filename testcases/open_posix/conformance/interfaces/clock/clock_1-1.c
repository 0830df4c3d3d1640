// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock() returns the processor time used by the process since an
 * implementation-defined start, in units of CLOCKS_PER_SEC (one million
 * under XSI). It advances by at least the CPU time consumed (read on
 * CLOCK_PROCESS_CPUTIME_ID), also CPU time consumed by another thread of
 * the process, but not while the process sleeps, and not by the CPU
 * time of a child it waits for.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define BURN_NS (300 * 1000000LL)
/*
 * The time clock() may gain while the process sleeps or waits for a child
 * burning BURN_NS: the process's own CPU time for nanosleep(), fork() and
 * waitpid(), which under TCG and load took 15 ms. Half of BURN_NS still
 * tells a clock() that counted the sleep or the child, which gains all
 * of it.
 */
#define SLACK (BURN_NS / 2 / (PTS_NSEC / CLOCKS_PER_SEC))

static void burn(clockid_t clk)
{
	long long end = pts_now(clk) + BURN_NS;

	while (pts_now(clk) < end)
		;
}

static void *thread(void *arg)
{
	(void)arg;
	burn(CLOCK_THREAD_CPUTIME_ID);
	return NULL;
}

int main(void)
{
	clock_t c0, c1;
	struct timespec ts = { 0, 300000000 };
	pthread_t t;
	pid_t pid;
	int status;
	long want = (long)(BURN_NS / (PTS_NSEC / CLOCKS_PER_SEC));

	if (CLOCKS_PER_SEC != 1000000)
		PTS_FAILED("CLOCKS_PER_SEC is %ld, XSI requires 1000000",
			   (long)CLOCKS_PER_SEC);
	c0 = clock();
	if (c0 == (clock_t)-1)
		PTS_UNRES("clock() returned -1");
	burn(CLOCK_PROCESS_CPUTIME_ID);
	c1 = clock();
	printf("300 ms of CPU: clock() advanced %ld\n", (long)(c1 - c0));
	if (c1 - c0 < want - 1)
		PTS_FAILED("clock() advanced %ld for %ld of CPU time",
			   (long)(c1 - c0), want);

	c0 = clock();
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pthread_join(t, NULL);
	c1 = clock();
	printf("a thread's 300 ms: clock() advanced %ld\n", (long)(c1 - c0));
	if (c1 - c0 < want - 1)
		PTS_FAILED("another thread's CPU time not counted (%ld)",
			   (long)(c1 - c0));

	c0 = clock();
	nanosleep(&ts, NULL);
	c1 = clock();
	printf("300 ms asleep: clock() advanced %ld\n", (long)(c1 - c0));
	if (c1 - c0 > SLACK)
		PTS_FAILED("clock() advanced %ld while asleep", (long)(c1 - c0));

	c0 = clock();
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		burn(CLOCK_PROCESS_CPUTIME_ID);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	c1 = clock();
	printf("a child's 300 ms: clock() advanced %ld\n", (long)(c1 - c0));
	if (c1 - c0 > SLACK)
		PTS_FAILED("a child's CPU time counted by clock() (%ld)",
			   (long)(c1 - c0));
	PTS_PASSED("clock() follows the process's CPU time, all threads, not sleep or children");
}
