// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * killpg() fails with -1 [EINVAL] when "the value of the sig argument is
 * an invalid or unsupported signal number": -1, SIGRTMAX + 1, 1000,
 * INT_MAX and INT_MIN, to the caller's own group and to a live child's
 * group of its own, and nothing is sent: the caller, which catches every
 * signal it can, runs no handler and has nothing pending, and the
 * child, which would exit 3 from any caught signal, exits 0 on EOF.
 */
#include <limits.h>
#include <sys/prctl.h>

#include "pts_helpers.h"

static volatile int hits;

static void h(int sig)
{
	(void)sig;
	hits++;
}

static void h3(int sig)
{
	(void)sig;
	_exit(3);
}

int main(void)
{
	const int bad[] = { -1, SIGRTMAX + 1, 1000, INT_MAX, INT_MIN };
	struct sigaction sa;
	sigset_t pend;
	long long end;
	unsigned int i;
	int s, p[2];
	char what[64], c;
	pid_t kid;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	kid = fork();
	if (kid < 0)
		PTS_UNRES("fork(): %m");
	if (!kid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		sa.sa_handler = h3;
		for (s = 1; s <= SIGRTMAX; s++)
			sigaction(s, &sa, NULL);
		setpgid(0, 0);
		close(p[1]);
		_exit(read(p[0], &c, 1) == 0 ? 0 : 1);
	}
	close(p[0]);
	sa.sa_handler = h;
	for (s = 1; s <= SIGRTMAX; s++)
		sigaction(s, &sa, NULL);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (getpgid(kid) != kid) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the child never made its own group");
		pts_nap();
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(what, sizeof(what), "killpg(own group, %d)", bad[i]);
		PTS_EXPECT_ERRNO(killpg(getpgrp(), bad[i]), EINVAL, what);
		snprintf(what, sizeof(what), "killpg(child's group, %d)", bad[i]);
		PTS_EXPECT_ERRNO(killpg(kid, bad[i]), EINVAL, what);
	}
	sigpending(&pend);
	for (s = 1; s <= SIGRTMAX; s++)
		if (sigismember(&pend, s))
			PTS_FAILED("signal %d pending after the refused calls", s);
	if (hits)
		PTS_FAILED("%d handler runs after the refused calls", hits);
	close(p[1]);
	pts_reap(kid, "child in its own group");
	PTS_PASSED("EINVAL for 5 invalid numbers, nothing sent");
}
