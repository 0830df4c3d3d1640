// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * killpg(pgrp, sig) with the sender's own process group: the signal goes
 * to every process of the group, the sender included (its handler has
 * run when killpg() returns, the signal being unblocked), and a child
 * that moved to a group of its own does not get it; killpg() with
 * signal 0 sends nothing.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t got;

static void handler(int sig)
{
	(void)sig;
	got++;
}

static pid_t child(int rfd, int wfd, int own_group)
{
	pid_t pid = fork();
	char c;

	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (own_group && setpgid(0, 0))
			_exit(3);
		got = 0;
		if (write(wfd, "r", 1) != 1 || read(rfd, &c, 1) != 1)
			_exit(4);
		_exit(got ? 10 : 11);
	}
	return pid;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = handler };
	int p[2], q[2], s1, s2;
	pid_t in, out;
	char c;

	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;	/* the children's read() goes on */
	sigaction(SIGUSR1, &sa, NULL);
	/* the test runs in its own group so nothing else gets the signal */
	if (setpgid(0, 0) && getpgrp() != getpid())
		PTS_UNRES("setpgid(0, 0): %m");
	if (pipe(p) || pipe(q))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	in = child(p[0], q[1], 0);
	out = child(p[0], q[1], 1);
	if (read(q[0], &c, 1) != 1 || read(q[0], &c, 1) != 1)
		PTS_UNRES("children not ready");
	if (killpg(getpgrp(), 0) || got)
		PTS_FAILED("killpg(own group, 0): %m or a signal delivered");
	if (killpg(getpgrp(), SIGUSR1))
		PTS_FAILED("killpg(own group, SIGUSR1): %m");
	if (got != 1)
		PTS_FAILED("the sender's handler ran %d times by killpg()'s return", (int)got);
	/* the signal is generated before killpg() returns: now let them report */
	if (write(p[1], "xx", 2) != 2)
		PTS_UNRES("write(): %m");
	waitpid(in, &s1, 0);
	waitpid(out, &s2, 0);
	if (!WIFEXITED(s1) || WEXITSTATUS(s1) != 10)
		PTS_FAILED("child in the group: status %#x (11: no signal)", s1);
	if (!WIFEXITED(s2) || WEXITSTATUS(s2) != 11)
		PTS_FAILED("child in another group: status %#x (10: got the signal)", s2);
	PTS_PASSED("killpg(own group) reaches the sender and its group, not another group");
}
