// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigsuspend(): "If the action is to terminate the process then
 * sigsuspend() shall never return." A child with SIGTERM at its default
 * action waits in sigsuspend() with an empty mask; SIGTERM, sent once it
 * sleeps in rt_sigsuspend, terminates it: the wait status is a kill by
 * SIGTERM, never the exit status that would follow a return.
 */
#include "pts_helpers.h"

int main(void)
{
	sigset_t set, empty;
	long long end;
	int status;
	pid_t pid, r;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		signal(SIGTERM, SIG_DFL);
		sigemptyset(&set);
		sigaddset(&set, SIGTERM);
		sigprocmask(SIG_BLOCK, &set, NULL);
		sigemptyset(&empty);
		sigsuspend(&empty);
		printf("sigsuspend() returned, errno %d\n", errno);
		exit(PTS_FAIL);
	}
	pts_wait_in_syscall(pid, SYS_rt_sigsuspend);
	if (kill(pid, SIGTERM))
		PTS_UNRES("kill(): %s", strerror(errno));
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!(r = waitpid(pid, &status, WNOHANG))) {
		if (pts_now(CLOCK_MONOTONIC) > end) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			PTS_FAILED("SIGTERM did not end the child in sigsuspend()");
		}
		pts_nap();
	}
	if (r != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	printf("child status %#x\n", status);
	if (WIFEXITED(status))
		PTS_FAILED("sigsuspend() returned (exit %d)", WEXITSTATUS(status));
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGTERM)
		PTS_FAILED("child not terminated by SIGTERM");
	PTS_PASSED("terminating signal ended the process inside sigsuspend()");
}
