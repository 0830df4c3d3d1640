// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitid() WNOWAIT leaves every kind of status waitable, not only an
 * exit: a stop reported with WSTOPPED|WNOWAIT is reported again the same
 * (CLD_STOPPED, si_status SIGSTOP, si_pid), then consumed by waitpid()
 * WUNTRACED, after which WSTOPPED|WNOHANG finds nothing (si_pid 0); a
 * continue reported with WCONTINUED|WNOWAIT is reported again
 * (CLD_CONTINUED, SIGCONT), then consumed by waitid() without WNOWAIT;
 * an exit seen with WEXITED|WNOWAIT (CLD_EXITED, 42) leaves the child a
 * zombie (/proc state Z) that waitpid() then reaps with status 42, after
 * which waitid() fails with [ECHILD].
 */
#include "pts_helpers.h"

static void expect(pid_t pid, int opts, int code, int status, const char *what)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, pid, &si, opts))
		PTS_FAILED("%s: waitid(): %m", what);
	if (si.si_pid != pid || si.si_code != code || si.si_status != status ||
	    si.si_signo != SIGCHLD)
		PTS_FAILED("%s: si_pid %d code %d status %d signo %d; expected %d %d %d SIGCHLD",
			   what, (int)si.si_pid, si.si_code, si.si_status,
			   si.si_signo, (int)pid, code, status);
}

int main(void)
{
	siginfo_t si;
	int st, p[2];
	pid_t pid;
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[1]);
		read(p[0], &c, 1);
		_exit(42);
	}
	close(p[0]);
	kill(pid, SIGSTOP);
	pts_wait_task_state(pid, "T");
	expect(pid, WSTOPPED | WNOWAIT, CLD_STOPPED, SIGSTOP, "stop, WNOWAIT");
	expect(pid, WSTOPPED | WNOWAIT | WNOHANG, CLD_STOPPED, SIGSTOP,
	       "stop again, WNOWAIT");
	if (waitpid(pid, &st, WUNTRACED) != pid || !WIFSTOPPED(st) ||
	    WSTOPSIG(st) != SIGSTOP)
		PTS_FAILED("waitpid(WUNTRACED) after WNOWAIT did not get the stop");
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, pid, &si, WSTOPPED | WNOHANG) || si.si_pid)
		PTS_FAILED("the stop reported again after waitpid() consumed it (si_pid %d)",
			   (int)si.si_pid);

	kill(pid, SIGCONT);
	expect(pid, WCONTINUED | WNOWAIT, CLD_CONTINUED, SIGCONT,
	       "continue, WNOWAIT");
	expect(pid, WCONTINUED | WNOWAIT | WNOHANG, CLD_CONTINUED, SIGCONT,
	       "continue again, WNOWAIT");
	expect(pid, WCONTINUED | WNOHANG, CLD_CONTINUED, SIGCONT,
	       "continue consumed");
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, pid, &si, WCONTINUED | WNOHANG) || si.si_pid)
		PTS_FAILED("the continue reported again after being consumed");

	close(p[1]);
	expect(pid, WEXITED | WNOWAIT, CLD_EXITED, 42, "exit, WNOWAIT");
	pts_wait_task_state(pid, "Z");
	expect(pid, WEXITED | WNOWAIT, CLD_EXITED, 42, "exit again, WNOWAIT");
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 42)
		PTS_FAILED("waitpid() after WNOWAIT: status 0x%x", st);
	PTS_EXPECT_ERRNO(waitid(P_PID, pid, &si, WEXITED | WNOHANG), ECHILD,
			 "waitid() of the reaped child");
	PTS_PASSED("WNOWAIT leaves stop, continue and exit status waitable");
}
