// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The process CPU-time clock is the execution time of the whole
 * process, threads that have terminated included: after a thread that
 * used T of CPU time (its CLOCK_THREAD_CPUTIME_ID read just before it
 * returned) has been joined, CLOCK_PROCESS_CPUTIME_ID has grown by at
 * least T, and so have getrusage(RUSAGE_SELF)'s ru_utime + ru_stime
 * (less their microsecond truncation). The parent reading the process's
 * clock through clock_getcpuclockid() also sees at least T, after the
 * child's thread has ended and the child waits.
 */
#include <pthread.h>
#include <sys/resource.h>

#include "pts_helpers.h"

#define SPIN (200 * 1000000LL)

static void *spin(void *arg)
{
	long long t;

	(void)arg;
	while ((t = pts_now(CLOCK_THREAD_CPUTIME_ID)) < SPIN)
		;
	return (void *)(long)t;
}

static long long rusage_ns(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru))
		PTS_UNRES("getrusage(): %m");
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * PTS_NSEC +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL;
}

/* run one spinning thread to its end; its CPU time */
static long long one_thread(void)
{
	pthread_t t;
	void *res;

	if (pthread_create(&t, NULL, spin, NULL) || pthread_join(t, &res))
		PTS_UNRES("pthread_create()/join()");
	return (long)res;
}

int main(void)
{
	long long p0, r0, t, p1, r1, c;
	int a[2], b[2], status;
	clockid_t clk;
	pid_t pid;
	char ch;

	p0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	r0 = rusage_ns();
	t = one_thread();
	p1 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	r1 = rusage_ns();
	printf("thread %lld ns, process clock +%lld ns, rusage +%lld ns\n",
	       t, p1 - p0, r1 - r0);
	if (p1 - p0 < t)
		PTS_FAILED("the process clock grew %lld ns, the ended thread used %lld ns",
			   p1 - p0, t);
	/* each of the two timevals may have lost up to 1 us */
	if (r1 - r0 < t - 2000)
		PTS_FAILED("RUSAGE_SELF grew %lld ns, the ended thread used %lld ns",
			   r1 - r0, t);

	if (pipe(a) || pipe(b))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		long long ct;

		close(a[0]);
		close(b[1]);
		ct = one_thread();
		/* report, then wait (alive) until the parent has read the clock */
		if (write(a[1], &ct, sizeof(ct)) != sizeof(ct) ||
		    read(b[0], &ch, 1) < 0)
			_exit(PTS_UNRESOLVED);
		_exit(0);
	}
	close(a[1]);
	close(b[0]);
	if (read(a[0], &t, sizeof(t)) != sizeof(t))
		PTS_UNRES("read(): %m");
	if (clock_getcpuclockid(pid, &clk))
		PTS_UNRES("clock_getcpuclockid(): %m");
	c = pts_now(clk);
	close(b[1]);
	if (waitpid(pid, &status, 0) != pid || status)
		PTS_UNRES("child status 0x%x", status);
	if (c < t)
		PTS_FAILED("the child's process clock read %lld ns by the parent, "
			   "its ended thread used %lld ns", c, t);
	PTS_PASSED("the process CPU clock and RUSAGE_SELF include ended threads");
}
