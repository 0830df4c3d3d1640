// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A process blocked in waitpid() (and one in waitid()) for its running
 * child is stopped with SIGSTOP and continued with SIGCONT: no caught
 * signal, so the call neither fails with [EINTR] nor returns early; the
 * waiter sleeps in the kernel again and, when its child later exits
 * with status 7, returns that child and status.
 */
#include <sys/prctl.h>

#include "pts_helpers.h"
#include "pts_stopcont.h"

static int go[2];

static int waiter(int use_waitid)
{
	siginfo_t si;
	int status;
	pid_t c;
	char ch;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	c = fork();
	if (c < 0)
		return PTS_UNRESOLVED;
	if (!c) {
		/* exits 7 when the test says so (EOF if it ended) */
		close(go[1]);
		if (read(go[0], &ch, 1) != 1)
			_exit(1);
		_exit(7);
	}
	if (use_waitid) {
		memset(&si, 0, sizeof(si));
		if (waitid(P_PID, c, &si, WEXITED))
			PTS_FAILED("waitid() after stop and continue: %m");
		if (si.si_pid != c || si.si_code != CLD_EXITED || si.si_status != 7)
			PTS_FAILED("waitid(): pid %d code %d status %d (child %d)",
				   (int)si.si_pid, si.si_code, si.si_status, (int)c);
	} else {
		if (waitpid(c, &status, 0) != c)
			PTS_FAILED("waitpid() after stop and continue: %m");
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 7)
			PTS_FAILED("waitpid(): status 0x%x, expected exit 7", status);
	}
	return PTS_PASS;
}

static void round_(int use_waitid)
{
	int status, nr = use_waitid ? SYS_waitid : SYS_wait4;
	pid_t w;

	if (pipe(go))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	w = fork();
	if (w < 0)
		PTS_UNRES("fork(): %m");
	if (!w)
		_exit(waiter(use_waitid));
	pts_wait_in_syscall(w, nr);
	pts_stop(w, "the waiter");
	if (pts_cont_or_exit(w, &status, "the waiter"))
		PTS_UNRES("continuing the waiter: status 0x%x", status);
	/* asleep again: the same call restarted, or restart_syscall() */
	pts_wait_in_either(w, nr, SYS_restart_syscall);
	if (waitpid(w, &status, WNOHANG) != 0)
		PTS_FAILED("%s: the waiter ended (status 0x%x) before its child",
			   use_waitid ? "waitid()" : "waitpid()", status);
	if (write(go[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	pts_reap(w, use_waitid ? "waitid() waiter" : "waitpid() waiter");
	close(go[0]);
	close(go[1]);
}

int main(void)
{
	round_(0);
	round_(1);
	PTS_PASSED("stop and continue do not end waitpid()/waitid(); the child's status returned");
}
