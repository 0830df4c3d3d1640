// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(SIGCHLD): without SA_NOCLDSTOP a child that stops generates
 * SIGCHLD with si_code CLD_STOPPED (si_status the stop signal) and one
 * that is continued generates SIGCHLD with CLD_CONTINUED (si_status
 * SIGCONT); with SA_NOCLDSTOP neither is generated ("when children stop
 * or stopped children continue"), while the child's exit still is.
 */
#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

static void take(const sigset_t *set, int code, int status, pid_t pid)
{
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	if (sigtimedwait(set, &si, &lim) != SIGCHLD)
		PTS_FAILED("no SIGCHLD for code %d: %m", code);
	if (si.si_code != code || si.si_status != status || si.si_pid != pid)
		PTS_FAILED("SIGCHLD code %d status %d pid %d, expected %d %d %d",
			   si.si_code, si.si_status, (int)si.si_pid, code, status, (int)pid);
}

static void run(int nocldstop)
{
	struct sigaction sa = { .sa_handler = handler };
	struct timespec zero = { 0, 0 };
	int status, p[2];
	sigset_t set;
	pid_t pid;
	char c;

	sigemptyset(&sa.sa_mask);
	sa.sa_flags = nocldstop ? SA_NOCLDSTOP : 0;
	sigaction(SIGCHLD, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	/*
	 * SIGCHLD does not queue: the child exits only once the SIGCHLD of
	 * its continue has been taken, else the two would merge.
	 */
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		raise(SIGSTOP);
		_exit(read(p[0], &c, 1) == 1 ? 0 : 3);
	}
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status))
		PTS_UNRES("child did not stop: %#x", status);
	if (!nocldstop)
		take(&set, CLD_STOPPED, SIGSTOP, pid);
	kill(pid, SIGCONT);
	if (waitpid(pid, &status, WCONTINUED) != pid || !WIFCONTINUED(status))
		PTS_UNRES("child not reported continued: %#x", status);
	if (!nocldstop)
		take(&set, CLD_CONTINUED, SIGCONT, pid);
	else if (sigtimedwait(&set, NULL, &zero) == SIGCHLD)
		PTS_FAILED("SIGCHLD generated for a stop or continue with SA_NOCLDSTOP");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	close(p[0]);
	close(p[1]);
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	take(&set, CLD_EXITED, 0, pid);
}

int main(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, NULL);
	run(0);
	run(1);
	PTS_PASSED("CLD_STOPPED and CLD_CONTINUED without SA_NOCLDSTOP, neither with it");
}
