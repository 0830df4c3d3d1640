// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill(): SIGKILL terminates and SIGSTOP stops a process that blocks
 * every signal (they "cannot be caught or ignored" or blocked); SIGCONT
 * continues a stopped process even if it ignores SIGCONT, and the
 * continued process goes on running (exits normally when told).
 */
#include "pts_helpers.h"

int main(void)
{
	int status, p[2];
	sigset_t all;
	pid_t pid;
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, NULL);
		signal(SIGCONT, SIG_IGN);
		if (read(p[0], &c, 1) != 1)
			_exit(3);
		_exit(12);
	}
	pts_wait_in_syscall(pid, SYS_read);
	kill(pid, SIGSTOP);
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status) ||
	    WSTOPSIG(status) != SIGSTOP) {
		kill(pid, SIGKILL);
		PTS_FAILED("SIGSTOP to a process blocking everything: status %#x", status);
	}
	kill(pid, SIGCONT);
	if (waitpid(pid, &status, WCONTINUED) != pid || !WIFCONTINUED(status)) {
		kill(pid, SIGKILL);
		PTS_FAILED("SIGCONT (ignored, blocked) did not continue: status %#x", status);
	}
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 12)
		PTS_FAILED("continued child: status %#x, expected exit 12", status);

	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, NULL);
		if (read(p[0], &c, 1) != 1)
			_exit(3);
		_exit(0);
	}
	pts_wait_in_syscall(pid, SYS_read);
	kill(pid, SIGKILL);
	if (waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status) ||
	    WTERMSIG(status) != SIGKILL)
		PTS_FAILED("SIGKILL to a process blocking everything: status %#x", status);
	PTS_PASSED("SIGKILL and SIGSTOP act despite a full mask; an ignored SIGCONT continues");
}
