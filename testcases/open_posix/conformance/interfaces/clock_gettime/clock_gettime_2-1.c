// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_gettime(CLOCK_THREAD_CPUTIME_ID) measures the calling thread's
 * CPU time only: a thread created after the main thread has used 300 ms
 * of CPU starts near 0 (below 150 ms), while CLOCK_PROCESS_CPUTIME_ID
 * read in that thread includes the main thread's time (at least 300 ms)
 * and is never below the thread's own clock; the main thread's thread
 * clock is not advanced by the other thread's spinning.
 */
#include <pthread.h>

#include "pts_helpers.h"

static long long tclk, pclk;

static void spin_thread(long long ns)
{
	long long end = pts_now(CLOCK_THREAD_CPUTIME_ID) + ns;

	while (pts_now(CLOCK_THREAD_CPUTIME_ID) < end)
		;
}

static void *thr(void *arg)
{
	(void)arg;
	tclk = pts_now(CLOCK_THREAD_CPUTIME_ID);
	pclk = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	spin_thread(PTS_NSEC / 5);
	return NULL;
}

int main(void)
{
	long long m0, m1;
	pthread_t t;

	spin_thread(3 * PTS_NSEC / 10);
	m0 = pts_now(CLOCK_THREAD_CPUTIME_ID);
	if (pthread_create(&t, NULL, thr, NULL) || pthread_join(t, NULL))
		PTS_UNRES("pthread_create()/join()");
	m1 = pts_now(CLOCK_THREAD_CPUTIME_ID);
	if (tclk >= PTS_NSEC * 15 / 100)
		PTS_FAILED("a new thread's CPU clock starts at %lld ns", tclk);
	if (pclk < 3 * PTS_NSEC / 10 || pclk < tclk)
		PTS_FAILED("process CPU clock %lld ns in the thread (thread's %lld)",
			   pclk, tclk);
	if (m1 - m0 >= PTS_NSEC / 10)
		PTS_FAILED("main thread's clock advanced %lld ns while another thread spun 200 ms",
			   m1 - m0);
	PTS_PASSED("thread CPU clock per thread (new thread at %lld ns), process clock the sum",
		   tclk);
}
