// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_nanosleep(), relative, interrupted by a signal: rmtp receives
 * "the amount of time remaining in the interval", also on a CPU-time
 * clock; with TIMER_ABSTIME rmtp is not written. Main sleeps an hour of
 * its process's CPU time (CLOCK_PROCESS_CPUTIME_ID, which hardly
 * advances while the process sleeps) and is interrupted by a caught
 * SIGUSR1 from a second thread once it sleeps in clock_nanosleep: the
 * call returns EINTR (the error number; errno keeps the value set
 * before) and rmtp lies in [1 h - process CPU time used meanwhile,
 * 1 h]. The same with TIMER_ABSTIME (an hour of CPU time ahead) leaves
 * rmtp as it was.
 */
#include <pthread.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

#define HOUR (3600 * PTS_NSEC)

static volatile int tid;
static pthread_t main_thr;

static void h(int sig)
{
	(void)sig;
}

static void *poke(void *arg)
{
	(void)arg;
	pts_wait_in_syscall(tid, SYS_clock_nanosleep);
	pthread_kill(main_thr, SIGUSR1);
	return NULL;
}

static int sleep_cpu(int flags, struct timespec *rq, struct timespec *rm)
{
	pthread_t t;
	int r;

	if (pthread_create(&t, NULL, poke, NULL))
		PTS_UNRES("pthread_create()");
	errno = 4321;
	r = clock_nanosleep(CLOCK_PROCESS_CPUTIME_ID, flags, rq, rm);
	if (errno != 4321)
		PTS_FAILED("clock_nanosleep() changed errno to %d", errno);
	pthread_join(t, NULL);
	return r;
}

int main(void)
{
	struct timespec rq = pts_ns_ts(HOUR), rm = { -1, -1 };
	long long c0, c1, left;
	int r;

	tid = pts_gettid();
	main_thr = pthread_self();
	pts_catch(SIGUSR1, h, 0);

	c0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	r = sleep_cpu(0, &rq, &rm);
	c1 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (r != EINTR)
		PTS_FAILED("relative sleep returned %d, expected EINTR", r);
	left = pts_ts_ns(&rm);
	if (rm.tv_nsec < 0 || rm.tv_nsec >= PTS_NSEC || left > HOUR ||
	    left < HOUR - (c1 - c0))
		PTS_FAILED("rmtp %ld.%09ld, expected within %lld ns below 1 h",
			   (long)rm.tv_sec, rm.tv_nsec, c1 - c0);

	rm = (struct timespec){ 77, 88 };
	rq = pts_ns_ts(pts_now(CLOCK_PROCESS_CPUTIME_ID) + HOUR);
	r = sleep_cpu(TIMER_ABSTIME, &rq, &rm);
	if (r != EINTR)
		PTS_FAILED("absolute sleep returned %d, expected EINTR", r);
	if (rm.tv_sec != 77 || rm.tv_nsec != 88)
		PTS_FAILED("TIMER_ABSTIME: rmtp written (%ld.%09ld)", (long)rm.tv_sec,
			   rm.tv_nsec);
	PTS_PASSED("EINTR, rmtp %lld ns of an hour of CPU time left", left);
}
