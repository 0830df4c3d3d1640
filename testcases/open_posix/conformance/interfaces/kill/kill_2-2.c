// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() with sig 0 performs only the error checking, no signal is
 * sent: to a running child that blocks every signal and to a stopped
 * child, kill(pid, 0) returns 0, neither has anything pending (ShdPnd,
 * SigPnd), the stopped one stays stopped (state T) and no wait status
 * change is reported for either.
 */
#include "pts_sigkit.h"

static int child(void)
{
	sigset_t all;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, NULL);
	for (;;)
		pause();
	return PTS_UNRESOLVED;
}

int main(void)
{
	pid_t pid[2];
	int i, status;

	for (i = 0; i < 2; i++) {
		pid[i] = pts_fork_fn(child);
		pts_wait_in_syscall(pid[i], SYS_pause);
	}
	kill(pid[1], SIGSTOP);
	if (waitpid(pid[1], &status, WUNTRACED) != pid[1] || !WIFSTOPPED(status))
		PTS_UNRES("the second child did not stop");
	for (i = 0; i < 2; i++) {
		if (kill(pid[i], 0))
			PTS_FAILED("kill(child %d, 0): %s", i, strerror(errno));
		if (pts_shared_pending(pid[i]) ||
		    pts_task_mask(pid[i], pid[i], "SigPnd"))
			PTS_FAILED("child %d has a signal pending", i);
		if (waitpid(pid[i], &status, WNOHANG | WUNTRACED | WCONTINUED))
			PTS_FAILED("child %d changed state (0x%x)", i, status);
	}
	pts_wait_task_state(pid[1], "Tt");
	for (i = 0; i < 2; i++) {
		kill(pid[i], SIGKILL);
		pts_expect_killed(pid[i], SIGKILL, "a child");
	}
	PTS_PASSED("signal 0: 0 returned, nothing sent to a running or stopped child");
}
