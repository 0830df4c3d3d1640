// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * _exit() and _Exit(): the parent is sent SIGCHLD (si_code CLD_EXITED,
 * si_pid the child, si_status the low 8 bits of the value), the value's
 * low 8 bits are in the wait status, and every open descriptor of the
 * child is closed (a pipe whose only write end the child held reads EOF
 * in the parent). Both functions behave the same.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t got;
static siginfo_t info;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	info = *si;
	got++;
}

static void check(int use_Exit)
{
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	int p[2], status;
	sigset_t set;
	siginfo_t si;
	pid_t pid;
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[0]);
		if (use_Exit)
			_Exit(0x3c1);
		_exit(0x2c2);
	}
	close(p[1]);
	/* EOF: the write end went with the child's exit */
	if (read(p[0], &c, 1) != 0)
		PTS_FAILED("pipe read did not see EOF after the child's exit");
	close(p[0]);
	memset(&si, 0, sizeof(si));
	if (sigtimedwait(&set, &si, &lim) != SIGCHLD)
		PTS_FAILED("no SIGCHLD for the exit (%s): %m", use_Exit ? "_Exit" : "_exit");
	if (si.si_code != CLD_EXITED || si.si_pid != pid ||
	    si.si_status != (use_Exit ? 0xc1 : 0xc2))
		PTS_FAILED("SIGCHLD info: code %d pid %d status %#x", si.si_code,
			   (int)si.si_pid, si.si_status);
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != (use_Exit ? 0xc1 : 0xc2))
		PTS_FAILED("wait status %#x", status);
}

int main(void)
{
	struct sigaction sa;
	sigset_t set;

	/* a handler (never run: the signal stays blocked) so it is generated */
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGCHLD, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, NULL);
	check(0);
	check(1);
	if (got)
		PTS_UNRES("the blocked SIGCHLD handler ran");
	PTS_PASSED("_exit and _Exit: SIGCHLD with CLD_EXITED and status, descriptors closed");
}
