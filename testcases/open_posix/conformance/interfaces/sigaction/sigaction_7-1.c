// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(SIGCHLD): with SA_NOCLDSTOP "SIGCHLD shall not be generated
 * when children stop", but it is when they terminate; the SA_SIGINFO
 * handler sees si_code CLD_EXITED, si_pid the child and si_status its
 * exit value (42); a child killed by a signal gives CLD_KILLED with the
 * signal in si_status, and wait() reports the child killed by it.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t n;
static siginfo_t last;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	last = *si;
	n++;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, old;
	pid_t pid;
	int status;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO | SA_NOCLDSTOP;
	sigaction(SIGCHLD, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &old);
	pid = fork();
	if (!pid) {
		raise(SIGSTOP);
		_exit(42);
	}
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status))
		PTS_UNRES("the child did not stop");
	sigpending(&set);
	if (sigismember(&set, SIGCHLD))
		PTS_FAILED("SIGCHLD generated for a stop despite SA_NOCLDSTOP");
	kill(pid, SIGCONT);
	while (!n)
		sigsuspend(&old);
	waitpid(pid, &status, 0);
	if (last.si_code != CLD_EXITED || last.si_pid != pid ||
	    last.si_status != 42)
		PTS_FAILED("exit: si_code %d pid %d status %d", last.si_code,
			   (int)last.si_pid, last.si_status);
	n = 0;
	pid = fork();
	if (!pid) {
		pause();
		_exit(0);
	}
	kill(pid, SIGTERM);
	while (!n)
		sigsuspend(&old);
	if (waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status) ||
	    WTERMSIG(status) != SIGTERM)
		PTS_FAILED("wait status %#x, expected killed by SIGTERM", status);
	if (last.si_code != CLD_KILLED || last.si_pid != pid ||
	    last.si_status != SIGTERM)
		PTS_FAILED("kill: si_code %d pid %d status %d", last.si_code,
			   (int)last.si_pid, last.si_status);
	PTS_PASSED("no SIGCHLD on stop, CLD_EXITED and CLD_KILLED info");
}
