// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitpid(): WUNTRACED reports a stopped child once (WIFSTOPPED,
 * WSTOPSIG SIGSTOP; a second WUNTRACED|WNOHANG returns 0), WCONTINUED a
 * continued one (WIFCONTINUED), and without those options neither is
 * reported (WNOHANG returns 0 while the child is stopped). A child
 * killed by a signal reads WIFSIGNALED with WTERMSIG, not WIFEXITED.
 */
#include "pts_helpers.h"

int main(void)
{
	pid_t pid, r;
	int status;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		raise(SIGSTOP);
		for (;;)
			pause();
	}
	r = waitpid(pid, &status, WUNTRACED);
	if (r != pid || !WIFSTOPPED(status) || WSTOPSIG(status) != SIGSTOP ||
	    WIFEXITED(status) || WIFSIGNALED(status))
		PTS_FAILED("WUNTRACED: returned %d status %#x", (int)r, status);
	r = waitpid(pid, &status, WUNTRACED | WNOHANG);
	if (r != 0)
		PTS_FAILED("a stop reported twice: %d status %#x", (int)r, status);
	kill(pid, SIGCONT);
	/* wait for the continue to be recorded: the task is no longer T */
	pts_wait_task_state(pid, "SR");
	r = waitpid(pid, &status, WNOHANG);
	if (r != 0)
		PTS_FAILED("without WCONTINUED: returned %d status %#x", (int)r, status);
	r = waitpid(pid, &status, WCONTINUED);
	if (r != pid || !WIFCONTINUED(status) || WIFSTOPPED(status))
		PTS_FAILED("WCONTINUED: returned %d status %#x", (int)r, status);
	r = waitpid(pid, &status, WCONTINUED | WNOHANG);
	if (r != 0)
		PTS_FAILED("a continue reported twice: %d status %#x", (int)r, status);
	kill(pid, SIGSTOP);
	pts_wait_task_state(pid, "T");
	r = waitpid(pid, &status, WNOHANG);
	if (r != 0)
		PTS_FAILED("a stop reported without WUNTRACED: %d status %#x", (int)r, status);
	kill(pid, SIGKILL);
	r = waitpid(pid, &status, 0);
	if (r != pid || !WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL ||
	    WIFEXITED(status))
		PTS_FAILED("killed child: returned %d status %#x", (int)r, status);
	PTS_PASSED("WUNTRACED, WCONTINUED each reported once and only when asked; WIFSIGNALED");
}
