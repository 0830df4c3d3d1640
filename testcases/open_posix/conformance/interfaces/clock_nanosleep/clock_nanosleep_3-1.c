// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_nanosleep(), relative: suspends for at least the interval on the
 * given clock; when interrupted by a caught signal it returns EINTR and,
 * with rmtp, the time remaining, which lies in (0, requested]. The
 * signal comes from a child once the parent sleeps in clock_nanosleep.
 * For TIMER_ABSTIME rmtp is not modified.
 */
#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

int main(void)
{
	struct timespec req = { 0, 50000000 }, rem, big = { 30, 0 }, at;
	struct sigaction sa;
	long long t0, t1;
	pid_t pid, parent = getpid();
	int err;

	t0 = pts_now(CLOCK_MONOTONIC);
	err = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (err || t1 - t0 < 50000000)
		PTS_FAILED("50 ms sleep returned %d after %lld ns", err, t1 - t0);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pts_wait_in_syscall(parent, SYS_clock_nanosleep);
		_exit(kill(parent, SIGUSR1) ? PTS_UNRESOLVED : PTS_PASS);
	}
	err = clock_nanosleep(CLOCK_MONOTONIC, 0, &big, &rem);
	pts_reap(pid, "signalling child");
	if (err != EINTR)
		PTS_FAILED("interrupted sleep returned %d, expected EINTR", err);
	if (pts_ts_ns(&rem) <= 0 || pts_ts_ns(&rem) > pts_ts_ns(&big))
		PTS_FAILED("remaining %lld ns outside (0, 30 s]", pts_ts_ns(&rem));

	rem.tv_sec = 77;
	rem.tv_nsec = 7;
	at = pts_deadline(CLOCK_MONOTONIC, 1000000);
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, &rem);
	if (rem.tv_sec != 77 || rem.tv_nsec != 7)
		PTS_FAILED("TIMER_ABSTIME modified rmtp");
	PTS_PASSED("slept at least the interval, EINTR with the remainder");
}
