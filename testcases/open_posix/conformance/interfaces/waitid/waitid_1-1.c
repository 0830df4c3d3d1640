// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitid(): WSTOPPED reports a stopped child (si_code CLD_STOPPED,
 * si_status the stop signal), WCONTINUED a continued one (CLD_CONTINUED,
 * si_status SIGCONT), WEXITED an exit (CLD_EXITED, si_status 7) with
 * si_pid, si_uid and si_signo SIGCHLD; WNOHANG with no state change
 * returns 0 with si_pid 0; WNOWAIT leaves the child waitable; no options
 * fails with [EINVAL]; P_PID of a pid that is not a child with [ECHILD].
 */
#include "pts_helpers.h"

static void expect(pid_t pid, int opts, int code, int status)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, pid, &si, opts))
		PTS_FAILED("waitid(%#x): %m", opts);
	if (si.si_signo != SIGCHLD || si.si_pid != pid || si.si_code != code ||
	    si.si_status != status || si.si_uid != getuid())
		PTS_FAILED("waitid(%#x): signo %d pid %d code %d status %d; expected code %d status %d",
			   opts, si.si_signo, (int)si.si_pid, si.si_code,
			   si.si_status, code, status);
}

int main(void)
{
	siginfo_t si;
	int p[2];
	pid_t pid;
	char c;

	/*
	 * The child exits only when told: an exited child is a zombie,
	 * which waitid() with WCONTINUED alone no longer sees.
	 */
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	pid = fork();
	if (!pid) {
		raise(SIGSTOP);
		if (read(p[0], &c, 1) != 1)
			_exit(8);
		_exit(7);
	}
	expect(pid, WSTOPPED, CLD_STOPPED, SIGSTOP);
	memset(&si, 0xff, sizeof(si));
	if (waitid(P_PID, pid, &si, WEXITED | WNOHANG) || si.si_pid != 0)
		PTS_FAILED("WNOHANG with no change: %m or si_pid %d", (int)si.si_pid);
	kill(pid, SIGCONT);
	expect(pid, WCONTINUED, CLD_CONTINUED, SIGCONT);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	expect(pid, WEXITED | WNOWAIT, CLD_EXITED, 7);
	expect(pid, WEXITED, CLD_EXITED, 7);
	PTS_EXPECT_ERRNO(waitid(P_PID, pid, &si, WEXITED), ECHILD,
			 "waitid(reaped child)");
	PTS_EXPECT_ERRNO(waitid(P_ALL, 0, &si, 0), EINVAL, "waitid(no options)");
	PTS_EXPECT_ERRNO(waitid(P_PID, 1, &si, WEXITED), ECHILD,
			 "waitid(pid 1, not a child)");
	PTS_PASSED("stop, continue and exit reported, WNOHANG, WNOWAIT, errors");
}
