// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_nanosleep() on CPU-time clocks other than the caller's own
 * thread clock: [EINVAL] is only for "the CPU-time clock of the calling
 * thread" (also as named by pthread_getcpuclockid(pthread_self())), so
 * sleeping on another process's CPU-time clock (clock_getcpuclockid())
 * and on another thread's (pthread_getcpuclockid()) is allowed, and
 * ends once that clock has reached the time: a relative 200 ms and an
 * absolute +200 ms on a spinning child's clock, the same on a spinning
 * thread's clock. Each return is 0 and not early (the target clock read
 * after it is at or past the time), the caller asleep meanwhile (its
 * thread CPU time far below the 200 ms).
 */
#include <pthread.h>
#include <sys/prctl.h>

#include "pts_helpers.h"

#define SPAN 200000000LL

static volatile int stop;

static void *spin(void *arg)
{
	(void)arg;
	while (!stop)
		;
	return NULL;
}

static void sleep_on(clockid_t cid, const char *what)
{
	long long start, target, my0, my1, now;
	struct timespec ts;
	int abs, r;

	for (abs = 0; abs < 2; abs++) {
		my0 = pts_now(CLOCK_THREAD_CPUTIME_ID);
		start = pts_now(cid);
		target = start + SPAN;
		ts = pts_ns_ts(abs ? target : SPAN);
		r = clock_nanosleep(cid, abs ? TIMER_ABSTIME : 0, &ts, NULL);
		now = pts_now(cid);
		my1 = pts_now(CLOCK_THREAD_CPUTIME_ID);
		if (r == ENOTSUP)
			PTS_UNSUPP("clock_nanosleep() on %s: ENOTSUP", what);
		if (r)
			PTS_FAILED("clock_nanosleep(%s, %s): %s", what,
				   abs ? "TIMER_ABSTIME" : "relative",
				   strerrorname_np(r));
		printf("%s %s: the clock advanced %lld ms, the caller used %lld ms\n",
		       what, abs ? "absolute" : "relative",
		       (now - start) / 1000000, (my1 - my0) / 1000000);
		/* the relative start is read before the call: at least SPAN */
		if (now < target)
			PTS_FAILED("%s: returned %lld ns early on the target clock",
				   what, target - now);
		if (my1 - my0 > SPAN / 2)
			PTS_FAILED("%s: the caller used %lld ns of CPU while asleep",
				   what, my1 - my0);
	}
}

int main(void)
{
	struct timespec ts = pts_ns_ts(SPAN);
	clockid_t cid;
	pthread_t th;
	pid_t pid;
	int r;

	/* the caller's own thread clock, by its pthread name: EINVAL */
	if (pthread_getcpuclockid(pthread_self(), &cid))
		PTS_UNRES("pthread_getcpuclockid(self) failed");
	r = clock_nanosleep(cid, 0, &ts, NULL);
	if (r != EINVAL)
		PTS_FAILED("clock_nanosleep() on the own thread's clock id returned %s, expected EINVAL",
			   r ? strerrorname_np(r) : "0");

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		/* spins until killed, also when the parent ends early */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() == 1)
			_exit(0);
		for (;;)
			;
	}
	r = clock_getcpuclockid(pid, &cid);
	if (r) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		PTS_UNRES("clock_getcpuclockid(): %s", strerrorname_np(r));
	}
	sleep_on(cid, "a child's process CPU-time clock");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);

	if (pthread_create(&th, NULL, spin, NULL))
		PTS_UNRES("pthread_create() failed");
	if (pthread_getcpuclockid(th, &cid))
		PTS_UNRES("pthread_getcpuclockid() failed");
	sleep_on(cid, "another thread's CPU-time clock");
	stop = 1;
	pthread_join(th, NULL);
	PTS_PASSED("sleeps on another process's and another thread's CPU clock end at the time");
}
