// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * killpg() with SIGSTOP and SIGCONT acts on every member of the group:
 * three children in a process group of their own (not orphaned: the
 * parent is in another group of the same session) are all stopped by
 * killpg(pgrp, SIGSTOP) (waitpid() WUNTRACED reports each stopped by
 * SIGSTOP, state T), and all continued by killpg(pgrp, SIGCONT)
 * (WCONTINUED reports each). A member with a SIGCONT handler runs it
 * once after continuing; the others ignore it by default. The parent,
 * outside the group, is not stopped.
 */
#include "pts_helpers.h"

#define NCH 3

static int wfd;

static void on_cont(int sig)
{
	(void)sig;
	if (write(wfd, "c", 1) != 1)
		_exit(PTS_UNRESOLVED);
}

int main(void)
{
	int p[2], status, i, n;
	pid_t pid[NCH], pgrp = 0;
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	for (i = 0; i < NCH; i++) {
		fflush(stdout);
		pid[i] = fork();
		if (pid[i] < 0)
			PTS_UNRES("fork(): %m");
		if (!pid[i]) {
			close(p[0]);
			wfd = p[1];
			if (i == 0)
				signal(SIGCONT, on_cont);
			if (write(wfd, "r", 1) != 1)
				_exit(PTS_UNRESOLVED);
			for (;;)
				pause();
		}
		if (!pgrp)
			pgrp = pid[0];
		/* set in the parent too, so it holds before killpg() */
		if (setpgid(pid[i], pgrp))
			PTS_UNRES("setpgid(): %m");
		if (read(p[0], &c, 1) != 1)
			PTS_UNRES("child %d did not start", i);
	}
	close(p[1]);

	if (killpg(pgrp, SIGSTOP))
		PTS_FAILED("killpg(SIGSTOP): %m");
	for (i = 0; i < NCH; i++) {
		if (waitpid(pid[i], &status, WUNTRACED) != pid[i] ||
		    !WIFSTOPPED(status) || WSTOPSIG(status) != SIGSTOP)
			PTS_FAILED("child %d not reported stopped by SIGSTOP (status %#x)",
				   i, status);
		pts_wait_task_state(pid[i], "T");
	}
	if (killpg(pgrp, SIGCONT))
		PTS_FAILED("killpg(SIGCONT): %m");
	for (i = 0; i < NCH; i++) {
		if (waitpid(pid[i], &status, WCONTINUED) != pid[i] ||
		    !WIFCONTINUED(status))
			PTS_FAILED("child %d not reported continued (status %#x)",
				   i, status);
	}
	/* the handler of child 0 runs once; nothing from the others */
	n = read(p[0], &c, 1);
	if (n != 1 || c != 'c')
		PTS_FAILED("child 0's SIGCONT handler did not run");
	for (i = 0; i < NCH; i++)
		pts_wait_task_state(pid[i], "S");
	if (killpg(pgrp, SIGKILL))
		PTS_UNRES("killpg(SIGKILL): %m");
	for (i = 0; i < NCH; i++)
		if (waitpid(pid[i], &status, 0) != pid[i] ||
		    !WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
			PTS_FAILED("child %d: status %#x after SIGKILL", i, status);
	/* all writers gone: one 'c' was all there was */
	n = read(p[0], &c, 1);
	if (n != 0)
		PTS_FAILED("more SIGCONT handler calls than one");
	PTS_PASSED("killpg() stops and continues every member of the group");
}
