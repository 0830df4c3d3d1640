// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getrusage(): RUSAGE_SELF's ru_utime + ru_stime grow by at least the
 * CPU time the process consumed (CLOCK_PROCESS_CPUTIME_ID, 10 ms of
 * slack), also by another thread's; RUSAGE_CHILDREN counts a child's
 * CPU time only once it has been waited for (not while it is a zombie),
 * then at least its consumption; [EINVAL] for another who.
 */
#include <pthread.h>
#include <sys/resource.h>

#include "pts_helpers.h"

#define BURN (300 * 1000000LL)
#define SLACK (10 * 1000000LL)

static void burn(clockid_t clk)
{
	long long end = pts_now(clk) + BURN;

	while (pts_now(clk) < end)
		;
}

static void *thread(void *arg)
{
	(void)arg;
	burn(CLOCK_THREAD_CPUTIME_ID);
	return NULL;
}

static long long cpu(int who)
{
	struct rusage ru;

	if (getrusage(who, &ru))
		PTS_UNRES("getrusage(%d): %s", who, strerror(errno));
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * PTS_NSEC +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL;
}

int main(void)
{
	long long a, b;
	struct rusage ru;
	pthread_t t;
	pid_t pid;

	a = cpu(RUSAGE_SELF);
	burn(CLOCK_PROCESS_CPUTIME_ID);
	b = cpu(RUSAGE_SELF);
	printf("self 300 ms: %lld us\n", (b - a) / 1000);
	if (b - a < BURN - SLACK)
		PTS_FAILED("RUSAGE_SELF grew by %lld ns for 300 ms", b - a);
	a = b;
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pthread_join(t, NULL);
	b = cpu(RUSAGE_SELF);
	printf("thread 300 ms: %lld us\n", (b - a) / 1000);
	if (b - a < BURN - SLACK)
		PTS_FAILED("another thread's CPU time missing (%lld ns)", b - a);

	a = cpu(RUSAGE_CHILDREN);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		burn(CLOCK_PROCESS_CPUTIME_ID);
		_exit(0);
	}
	pts_wait_task_state(pid, "Z");
	b = cpu(RUSAGE_CHILDREN);
	if (b != a)
		PTS_FAILED("a zombie child's CPU time already in RUSAGE_CHILDREN (%lld ns)",
			   b - a);
	if (waitpid(pid, NULL, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	b = cpu(RUSAGE_CHILDREN);
	printf("reaped child 300 ms: %lld us\n", (b - a) / 1000);
	if (b - a < BURN - SLACK)
		PTS_FAILED("RUSAGE_CHILDREN grew by %lld ns after the wait", b - a);
	PTS_EXPECT_ERRNO(getrusage(12345, &ru), EINVAL, "getrusage(12345)");
	PTS_PASSED("own and threads' CPU time; children's after the wait only; EINVAL");
}
