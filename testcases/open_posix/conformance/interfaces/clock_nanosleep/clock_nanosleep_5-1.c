// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_nanosleep(): a stop and continue of the sleeping process is not
 * a signal caught by a handler, so the sleep neither fails with [EINTR]
 * nor ends early: a relative 1 s sleep and a TIMER_ABSTIME sleep to 1 s
 * ahead on CLOCK_MONOTONIC, each stopped (SIGSTOP) and continued while
 * asleep, return 0 no earlier than the requested time.
 */
#include "pts_helpers.h"

static int sleeper(int flags)
{
	struct timespec req = { 1, 0 };
	long long t0 = pts_now(CLOCK_MONOTONIC);
	int r;

	if (flags)
		req = pts_ns_ts(t0 + PTS_NSEC);
	r = clock_nanosleep(CLOCK_MONOTONIC, flags, &req, NULL);
	if (r)
		return 10;
	return pts_now(CLOCK_MONOTONIC) - t0 < PTS_NSEC ? 11 : 0;
}

int main(void)
{
	int flags, status;
	pid_t pid;

	for (flags = 0; flags <= TIMER_ABSTIME; flags += TIMER_ABSTIME) {
		fflush(stdout);
		pid = fork();
		if (pid < 0)
			PTS_UNRES("fork(): %m");
		if (!pid)
			_exit(sleeper(flags));
		pts_wait_in_syscall(pid, SYS_clock_nanosleep);
		kill(pid, SIGSTOP);
		if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status))
			PTS_UNRES("the sleeper did not stop: %#x", status);
		kill(pid, SIGCONT);
		if (waitpid(pid, &status, 0) != pid)
			PTS_UNRES("waitpid(): %m");
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			PTS_FAILED("%s sleep after stop/continue: status %#x (10: error returned, 11: returned early)",
				   flags ? "absolute" : "relative", status);
	}
	PTS_PASSED("relative and absolute sleeps survive a stop and continue");
}
