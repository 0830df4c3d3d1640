// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * signal(): returns SIG_ERR with errno [EINVAL] for a sig that is not a
 * valid signal number (0, -1, SIGRTMAX + 1, 1000) and for an attempt to
 * catch or ignore SIGKILL or SIGSTOP; the dispositions stay in effect
 * (SIGKILL still kills a child that tried to ignore it, SIGSTOP still
 * stops it).
 */
#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

#define EXPECT_SIG_ERR(sig, func) do { \
	errno = 0; \
	if (signal(sig, func) != SIG_ERR || errno != EINVAL) \
		PTS_FAILED("signal(%d, %s) did not fail with EINVAL (errno %d)", \
			   sig, #func, errno); \
} while (0)

int main(void)
{
	int status;
	pid_t pid;

	EXPECT_SIG_ERR(0, handler);
	EXPECT_SIG_ERR(-1, handler);
	EXPECT_SIG_ERR(SIGRTMAX + 1, handler);
	EXPECT_SIG_ERR(1000, SIG_IGN);
	EXPECT_SIG_ERR(SIGKILL, handler);
	EXPECT_SIG_ERR(SIGKILL, SIG_IGN);
	EXPECT_SIG_ERR(SIGSTOP, handler);
	EXPECT_SIG_ERR(SIGSTOP, SIG_IGN);

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		signal(SIGSTOP, SIG_IGN);
		signal(SIGKILL, SIG_IGN);
		raise(SIGSTOP);
		pause();
		_exit(0);
	}
	if (waitpid(pid, &status, WUNTRACED) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != SIGSTOP) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		PTS_FAILED("SIGSTOP after signal(SIGSTOP, SIG_IGN): status %#x", status);
	}
	kill(pid, SIGKILL);
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
		PTS_FAILED("SIGKILL after signal(SIGKILL, SIG_IGN): status %#x", status);
	PTS_PASSED("SIG_ERR/EINVAL for bad numbers and SIGKILL/SIGSTOP, which keep acting");
}
