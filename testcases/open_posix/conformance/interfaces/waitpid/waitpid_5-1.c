// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitpid() WUNTRACED reports a child "that [is] stopped, and whose
 * status has not been reported since [it] stopped": a child stopped and
 * continued before its parent waited is no longer stopped, so
 * WUNTRACED|WNOHANG returns 0 (waitid() WSTOPPED|WNOHANG likewise si_pid
 * 0), while WCONTINUED reports the continuation once (WIFCONTINUED, not
 * WIFSTOPPED), then 0. A later stop is reported (WSTOPSIG SIGTSTP, the
 * stop signal of that stop), and once reported a continue-then-stop is
 * a new stop, reported again with its own signal (SIGTTIN). The child
 * runs in a process group of its own, which is not orphaned.
 */
#include "pts_helpers.h"

static void stop(pid_t pid, int sig)
{
	if (kill(pid, sig))
		PTS_UNRES("kill(): %m");
	pts_wait_task_state(pid, "T");
}

static void expect_none(pid_t pid, int opt, const char *what)
{
	int st = 0x5a5a, r;

	r = waitpid(pid, &st, opt | WNOHANG);
	if (r != 0)
		PTS_FAILED("%s: waitpid() returned %d status 0x%x, 0 expected",
			   what, r, st);
}

int main(void)
{
	siginfo_t si;
	int st, r;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		/* a group with a parent outside it: not orphaned, so the
		 * job-control stops SIGTSTP and SIGTTIN are not discarded */
		setpgid(0, 0);
		for (;;)
			pause();
	}
	setpgid(pid, pid);
	pts_wait_in_syscall(pid, SYS_pause);
	stop(pid, SIGSTOP);
	if (kill(pid, SIGCONT))
		PTS_UNRES("kill(SIGCONT): %m");
	pts_wait_in_syscall(pid, SYS_pause);

	expect_none(pid, WUNTRACED, "stopped and continued before the wait, WUNTRACED");
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, pid, &si, WSTOPPED | WNOHANG) || si.si_pid)
		PTS_FAILED("waitid(WSTOPPED) reported the past stop (si_pid %d, code %d)",
			   (int)si.si_pid, si.si_code);
	r = waitpid(pid, &st, WCONTINUED | WUNTRACED | WNOHANG);
	if (r != pid || !WIFCONTINUED(st) || WIFSTOPPED(st))
		PTS_FAILED("WCONTINUED: waitpid() %d status 0x%x, continued expected",
			   r, r == pid ? st : 0);
	expect_none(pid, WCONTINUED | WUNTRACED, "continuation already reported");

	stop(pid, SIGTSTP);
	r = waitpid(pid, &st, WUNTRACED | WNOHANG);
	if (r != pid || !WIFSTOPPED(st) || WSTOPSIG(st) != SIGTSTP)
		PTS_FAILED("a new stop by SIGTSTP: waitpid() %d status 0x%x", r,
			   r == pid ? st : 0);
	if (kill(pid, SIGCONT))
		PTS_UNRES("kill(SIGCONT): %m");
	pts_wait_in_syscall(pid, SYS_pause);
	stop(pid, SIGTTIN);
	r = waitpid(pid, &st, WUNTRACED | WNOHANG);
	if (r != pid || !WIFSTOPPED(st) || WSTOPSIG(st) != SIGTTIN)
		PTS_FAILED("a stop after continue: waitpid() %d status 0x%x (SIGTTIN expected)",
			   r, r == pid ? st : 0);
	kill(pid, SIGKILL);
	if (waitpid(pid, &st, 0) != pid || !WIFSIGNALED(st) ||
	    WTERMSIG(st) != SIGKILL)
		PTS_UNRES("reaping the child");
	PTS_PASSED("a stop undone by SIGCONT before the wait is not reported; the continue is, once");
}
