// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nanosleep(): only a signal "whose action is to invoke a
 * signal-catching function or to terminate the process" ends the sleep
 * early. A child sleeping 1 s is stopped (SIGSTOP) and continued
 * (SIGCONT, default action) while asleep: its nanosleep() still returns
 * 0, and no earlier than 1 s after it began.
 */
#include "pts_helpers.h"

int main(void)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (!pid) {
		struct timespec ts = { 1, 0 };
		long long t0 = pts_now(CLOCK_MONOTONIC);

		if (nanosleep(&ts, NULL))
			PTS_FAILED("nanosleep() returned -1 (%m) after stop/continue");
		if (pts_now(CLOCK_MONOTONIC) - t0 < 1000000000)
			PTS_FAILED("returned after %lld ns, before 1 s",
				   pts_now(CLOCK_MONOTONIC) - t0);
		_exit(PTS_PASS);
	}
	pts_wait_in_syscall(pid, SYS_clock_nanosleep);
	kill(pid, SIGSTOP);
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status))
		PTS_UNRES("the child did not stop");
	kill(pid, SIGCONT);
	pts_reap(pid, "sleeping child");
	PTS_PASSED("stop and continue did not cut the sleep short");
}
