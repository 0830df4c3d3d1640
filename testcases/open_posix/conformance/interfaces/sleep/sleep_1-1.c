// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sleep() suspends the thread until the seconds have elapsed, returning
 * 0 (not earlier than asked, on CLOCK_MONOTONIC, and asleep: the CPU
 * time used stays far below), or until a caught signal is delivered,
 * returning the unslept seconds (more than 0, at most the request);
 * sleep(0) returns 0 at once.
 */
#include "pts_helpers.h"

static volatile int caught;

static void handler(int sig)
{
	(void)sig;
	caught = 1;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = handler };
	long long t0, t1, cpu0, cpu1;
	unsigned int left;
	pid_t pid, me = getpid();

	t0 = pts_now(CLOCK_MONOTONIC);
	if (sleep(0) != 0)
		PTS_FAILED("sleep(0) did not return 0");
	cpu0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	t0 = pts_now(CLOCK_MONOTONIC);
	left = sleep(1);
	t1 = pts_now(CLOCK_MONOTONIC);
	cpu1 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (left)
		PTS_FAILED("uninterrupted sleep(1) returned %u", left);
	if (t1 - t0 < PTS_NSEC)
		PTS_FAILED("sleep(1) returned after %lld ns", t1 - t0);
	if (cpu1 - cpu0 > PTS_NSEC / 10)
		PTS_FAILED("sleep(1) used %lld ns of CPU", cpu1 - cpu0);

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		pts_wait_in_syscall(me, SYS_clock_nanosleep);
		kill(me, SIGUSR1);
		_exit(0);
	}
	left = sleep(100);
	pts_reap(pid, "signalling child");
	printf("sleep(100) interrupted: %u left\n", left);
	if (!caught)
		PTS_FAILED("sleep(100) returned %u without the signal", left);
	if (left == 0 || left > 100)
		PTS_FAILED("interrupted sleep(100) returned %u", left);
	PTS_PASSED("sleep() not early and asleep; interrupted: unslept seconds");
}
