// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitid(): si_uid is the real user ID of the child (65534 after the
 * child's setuid(), not the parent's 0); options select the state
 * changes reported: WEXITED alone does not report a stopped child
 * (WNOHANG gives si_pid 0), WSTOPPED reports it once, and after a
 * continue WSTOPPED alone reports nothing.
 */
#include "pts_helpers.h"

int main(void)
{
	siginfo_t si;
	int p[2];
	pid_t pid;
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (setgid(PTS_NOBODY) || setuid(PTS_NOBODY))
			_exit(3);
		raise(SIGSTOP);
		if (read(p[0], &c, 1) != 1)
			_exit(4);
		_exit(9);
	}
	pts_wait_task_state(pid, "T");
	memset(&si, 0xff, sizeof(si));
	if (waitid(P_PID, pid, &si, WEXITED | WNOHANG) || si.si_pid != 0)
		PTS_FAILED("WEXITED reported a stopped child: pid %d code %d", (int)si.si_pid,
			   si.si_code);
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, pid, &si, WSTOPPED) || si.si_code != CLD_STOPPED ||
	    si.si_uid != PTS_NOBODY)
		PTS_FAILED("WSTOPPED: code %d uid %d, expected CLD_STOPPED uid %d", si.si_code,
			   (int)si.si_uid, PTS_NOBODY);
	memset(&si, 0xff, sizeof(si));
	if (waitid(P_PID, pid, &si, WSTOPPED | WNOHANG) || si.si_pid != 0)
		PTS_FAILED("a stop reported twice");
	kill(pid, SIGCONT);
	pts_wait_task_state(pid, "SR");
	memset(&si, 0xff, sizeof(si));
	if (waitid(P_PID, pid, &si, WSTOPPED | WNOHANG) || si.si_pid != 0)
		PTS_FAILED("WSTOPPED reported a continue: code %d", si.si_code);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, pid, &si, WEXITED) || si.si_code != CLD_EXITED ||
	    si.si_status != 9 || si.si_uid != PTS_NOBODY)
		PTS_FAILED("exit: code %d status %d uid %d, expected CLD_EXITED 9 uid %d",
			   si.si_code, si.si_status, (int)si.si_uid, PTS_NOBODY);
	PTS_PASSED("si_uid the child's real uid; WEXITED/WSTOPPED select what is reported");
}
