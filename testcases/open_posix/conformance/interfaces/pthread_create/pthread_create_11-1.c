// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_create(): with _POSIX_THREAD_CPUTIME the new thread has a
 * CPU-time clock, and its initial value is zero, not the creator's. The
 * creator first uses 300 ms of CPU time; the new thread's own
 * CLOCK_THREAD_CPUTIME_ID, read as its first action, and its clock from
 * pthread_getcpuclockid(), read by the creator while the thread sleeps
 * in the kernel, both show less than the creator used and agree (the
 * sleeping thread's clock does not move).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile int tid;
static long long first;

static void *thread(void *arg)
{
	(void)arg;
	first = pts_now(CLOCK_THREAD_CPUTIME_ID);
	tid = pts_gettid();
	pthread_mutex_lock(&m);
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	long long end, mine, seen, again;
	clockid_t clk;
	pthread_t t;

	if (sysconf(_SC_THREAD_CPUTIME) <= 0)
		PTS_UNSUPP("_POSIX_THREAD_CPUTIME not supported");
	end = pts_now(CLOCK_THREAD_CPUTIME_ID) + 300000000LL;
	while (pts_now(CLOCK_THREAD_CPUTIME_ID) < end)
		;
	pthread_mutex_lock(&m);
	mine = pts_now(CLOCK_THREAD_CPUTIME_ID);
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create()");
	pts_wait_flag(&tid, "the thread's start");
	pts_wait_in_syscall(tid, SYS_futex);
	if (pthread_getcpuclockid(t, &clk))
		PTS_FAILED("no CPU-time clock for the new thread");
	seen = pts_now(clk);
	again = pts_now(clk);
	pthread_mutex_unlock(&m);
	if (pthread_join(t, NULL))
		PTS_UNRES("pthread_join()");
	printf("creator %lld ns; new thread %lld ns at its start, %lld ns asleep\n",
	       mine, first, seen);
	if (first >= mine || seen >= mine)
		PTS_FAILED("the new thread's clock (%lld, %lld ns) did not start at 0: the creator's is %lld ns",
			   first, seen, mine);
	if (seen < first || again != seen)
		PTS_FAILED("the new thread's clock read %lld, then %lld and %lld asleep",
			   first, seen, again);
	PTS_PASSED("the new thread's CPU-time clock started at 0");
}
