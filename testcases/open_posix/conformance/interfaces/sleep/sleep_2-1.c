// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sleep(): "suspend execution of the calling thread until either the
 * number of realtime seconds specified by the argument seconds has
 * elapsed or a signal is delivered to the calling thread and its action
 * is to invoke a signal-catching function or to terminate the process".
 * Stopping and continuing the sleeper (SIGSTOP, then SIGCONT with the
 * default action) is neither: a child sleeping 2 s is stopped and
 * continued while asleep, and its sleep() still returns 0 (not the
 * unslept time) no earlier than 2 s after it began on CLOCK_MONOTONIC.
 * A SIGCHLD of its own at its default (ignore) does not end it either.
 */
#include "pts_helpers.h"

static int child(void)
{
	long long t0 = pts_now(CLOCK_MONOTONIC), el;
	unsigned int r = sleep(2);

	el = pts_now(CLOCK_MONOTONIC) - t0;
	printf("child: sleep(2) returned %u after %lld ms\n", r, el / 1000000);
	if (r) {
		printf("Test FAILED: sleep() returned %u after a stop and continue\n", r);
		return PTS_FAIL;
	}
	if (el < 2 * PTS_NSEC) {
		printf("Test FAILED: sleep(2) returned 0 after only %lld ns\n", el);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	pid_t pid;
	int status;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		exit(child());
	pts_wait_in_syscall(pid, SYS_clock_nanosleep);
	kill(pid, SIGSTOP);
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status))
		PTS_UNRES("the child did not stop");
	kill(pid, SIGCHLD);
	kill(pid, SIGCONT);
	pts_reap(pid, "the sleeping child");
	PTS_PASSED("stop/continue and an ignored signal do not end sleep() early");
}
