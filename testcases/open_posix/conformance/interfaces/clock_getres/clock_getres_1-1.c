// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_getres(): returns 0 and a resolution in (0, 1 s] for
 * CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID,
 * CLOCK_THREAD_CPUTIME_ID and for the clock IDs obtained from
 * clock_getcpuclockid() (a child) and pthread_getcpuclockid() (the
 * caller); a NULL res is allowed (0, nothing stored); a clock_id that is
 * no known clock (100, -1, the CPU clock of a child already reaped)
 * fails with -1 and [EINVAL], res untouched.
 */
#include <pthread.h>

#include "pts_helpers.h"

static void check(clockid_t c, const char *name)
{
	struct timespec res = { -1, -1 };

	if (clock_getres(c, &res))
		PTS_FAILED("clock_getres(%s): %m", name);
	if (res.tv_sec < 0 || res.tv_nsec < 0 || res.tv_nsec >= PTS_NSEC ||
	    (res.tv_sec == 0 && res.tv_nsec == 0) || pts_ts_ns(&res) > PTS_NSEC)
		PTS_FAILED("clock_getres(%s): %lld.%09ld", name, (long long)res.tv_sec,
			   res.tv_nsec);
	if (clock_getres(c, NULL))
		PTS_FAILED("clock_getres(%s, NULL): %m", name);
	printf("INFO: %s resolution %ld ns\n", name, res.tv_nsec);
}

static void bad(clockid_t c, const char *name)
{
	struct timespec res = { 12, 34 };

	PTS_EXPECT_ERRNO(clock_getres(c, &res), EINVAL, name);
	if (res.tv_sec != 12 || res.tv_nsec != 34)
		PTS_FAILED("%s: res written on failure", name);
}

int main(void)
{
	clockid_t cc, tc;
	int p[2], status;
	pid_t pid;
	char c;

	check(CLOCK_REALTIME, "CLOCK_REALTIME");
	check(CLOCK_MONOTONIC, "CLOCK_MONOTONIC");
	check(CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID");
	check(CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID");
	if (pthread_getcpuclockid(pthread_self(), &tc))
		PTS_UNRES("pthread_getcpuclockid()");
	check(tc, "pthread_getcpuclockid(self)");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[1]);
		_exit(read(p[0], &c, 1) == 0 ? 0 : 3);
	}
	close(p[0]);
	if (clock_getcpuclockid(pid, &cc))
		PTS_UNRES("clock_getcpuclockid(child)");
	check(cc, "clock_getcpuclockid(child)");
	close(p[1]);
	waitpid(pid, &status, 0);
	bad(100, "clock_getres(100)");
	bad((clockid_t)-1, "clock_getres(-1)");
	bad(cc, "clock_getres(CPU clock of a reaped child)");
	PTS_PASSED("resolutions of the standard and CPU-time clocks, NULL res, EINVAL");
}
