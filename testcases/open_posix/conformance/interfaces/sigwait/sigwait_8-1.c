// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwait(): "Upon successful completion, sigwait() shall store the
 * signal number of the received signal at the location referenced by
 * sig and return zero." For every signal from 1 to SIGRTMAX that can be
 * caught (SIGKILL, SIGSTOP and glibc's two internal signals left out),
 * blocked, with a handler installed (so none is ignored) and sent with
 * kill(): sigwait() with a set of that signal alone returns 0 (not the
 * number) and stores it, and nothing is left pending. Then all of them
 * pending at once (but SIGCONT, which a later stop signal discards):
 * as many sigwait() calls with the whole set each return 0 and store a
 * different one of them, no handler ever running.
 */
#include "pts_helpers.h"

static volatile int handled;

static void h(int sig)
{
	(void)sig;
	handled++;
}

static int usable(int s)
{
	return s != SIGKILL && s != SIGSTOP && (s < 32 || s >= SIGRTMIN);
}

int main(void)
{
	sigset_t all, one, pend;
	struct sigaction sa;
	int s, got, r, n = 0, seen[_NSIG] = { 0 };

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = h;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&all);
	for (s = 1; s <= SIGRTMAX; s++) {
		if (!usable(s))
			continue;
		if (sigaction(s, &sa, NULL))
			PTS_UNRES("sigaction(%d): %m", s);
		sigaddset(&all, s);
		n++;
	}
	sigprocmask(SIG_BLOCK, &all, NULL);

	for (s = 1; s <= SIGRTMAX; s++) {
		if (!usable(s))
			continue;
		sigemptyset(&one);
		sigaddset(&one, s);
		kill(getpid(), s);
		got = -1;
		r = sigwait(&one, &got);
		if (r != 0 || got != s)
			PTS_FAILED("sigwait({%d}) returned %d, stored %d", s, r, got);
		sigpending(&pend);
		if (sigismember(&pend, s))
			PTS_FAILED("signal %d still pending after sigwait()", s);
	}

	/* a stop signal generated discards a pending SIGCONT: leave it out */
	sigdelset(&all, SIGCONT);
	n--;
	for (s = 1; s <= SIGRTMAX; s++)
		if (sigismember(&all, s))
			kill(getpid(), s);
	/* all pending, so none of the calls below can block */
	sigpending(&pend);
	for (s = 1; s <= SIGRTMAX; s++)
		if (sigismember(&all, s) && !sigismember(&pend, s))
			PTS_UNRES("signal %d sent but not pending", s);
	for (s = 0; s < n; s++) {
		got = -1;
		r = sigwait(&all, &got);
		if (r != 0 || got < 1 || got > SIGRTMAX || !sigismember(&all, got))
			PTS_FAILED("sigwait(all) call %d returned %d, stored %d", s, r, got);
		if (seen[got]++)
			PTS_FAILED("signal %d stored twice", got);
	}
	sigpending(&pend);
	for (s = 1; s <= SIGRTMAX; s++)
		if (usable(s) && sigismember(&pend, s))
			PTS_FAILED("signal %d pending after %d sigwait() calls", s, n);
	if (handled)
		PTS_FAILED("a handler ran %d times", handled);
	PTS_PASSED("0 returned and the number stored for %d signals, one by one "
		   "and all pending at once", n);
}
