// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * signal(): with func SIG_DFL the signal's default action takes place:
 * SIGUSR1 and SIGTERM terminate a child (wait status WIFSIGNALED with
 * that signal), while SIGCHLD and SIGURG, whose default is to ignore,
 * leave it running, and a child reset from a handler back to SIG_DFL is
 * terminated as if it never had one. signal() returns the previous
 * disposition each time.
 */
#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

static void expect_killed(int sig, int via_handler)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (via_handler) {
			if (signal(sig, handler) == SIG_ERR)
				_exit(10);
			if (signal(sig, SIG_DFL) != handler)
				_exit(11);
		} else if (signal(sig, SIG_DFL) != SIG_DFL) {
			_exit(12);
		}
		raise(sig);
		_exit(13);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFSIGNALED(status) || WTERMSIG(status) != sig)
		PTS_FAILED("signal %d with SIG_DFL (handler first: %d): status %#x, expected killed by it",
			   sig, via_handler, status);
}

static void expect_ignored(int sig)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		signal(sig, SIG_DFL);
		raise(sig);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("signal %d (default: ignore) with SIG_DFL: status %#x, expected exit 0",
			   sig, status);
}

int main(void)
{
	expect_killed(SIGUSR1, 0);
	expect_killed(SIGTERM, 0);
	expect_killed(SIGUSR2, 1);
	expect_killed(SIGRTMIN, 1);
	expect_ignored(SIGCHLD);
	expect_ignored(SIGURG);
	expect_ignored(SIGWINCH);
	PTS_PASSED("SIG_DFL terminates with SIGUSR1/SIGTERM/SIGUSR2/SIGRTMIN, ignores SIGCHLD/SIGURG/SIGWINCH");
}
