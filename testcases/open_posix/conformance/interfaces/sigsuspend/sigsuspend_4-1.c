// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigsuspend(): SIGKILL and SIGSTOP cannot be blocked, also not by the
 * mask sigsuspend() installs. A child waits in sigsuspend() with a full
 * mask: SIGSTOP stops it, SIGCONT continues it although SIGCONT is
 * blocked ("When SIGCONT is generated for a process that is stopped, the
 * process shall be continued, even if the SIGCONT signal is ignored or
 * blocked"), and SIGKILL terminates it.
 */
#include "pts_helpers.h"

/* waitpid() for a state change, bounded: a signal without effect fails */
static void wait_for(pid_t pid, int opt, const char *what)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	int status;
	pid_t r;

	while (!(r = waitpid(pid, &status, opt | WNOHANG))) {
		if (pts_now(CLOCK_MONOTONIC) > end) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			PTS_FAILED("%s: no state change of the child", what);
		}
		pts_nap();
	}
	if (r != pid)
		PTS_UNRES("waitpid(%s): %s", what, strerror(errno));
	printf("%s: status %#x\n", what, status);
	if (opt == WUNTRACED && !(WIFSTOPPED(status) && WSTOPSIG(status) == SIGSTOP))
		PTS_FAILED("SIGSTOP did not stop the child in sigsuspend()");
	if (opt == WCONTINUED && !WIFCONTINUED(status))
		PTS_FAILED("a blocked SIGCONT did not continue the child");
	if (!opt && !(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL))
		PTS_FAILED("SIGKILL did not kill the child in sigsuspend()");
}

int main(void)
{
	sigset_t full;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		sigfillset(&full);
		sigprocmask(SIG_SETMASK, &full, NULL);
		for (;;)
			sigsuspend(&full);
	}
	pts_wait_in_syscall(pid, SYS_rt_sigsuspend);
	kill(pid, SIGSTOP);
	wait_for(pid, WUNTRACED, "after SIGSTOP");
	kill(pid, SIGCONT);
	wait_for(pid, WCONTINUED, "after SIGCONT");
	kill(pid, SIGKILL);
	wait_for(pid, 0, "after SIGKILL");
	PTS_PASSED("SIGSTOP and SIGKILL act through a full sigsuspend() mask");
}
