// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwaitinfo(): "Upon successful completion ... sigwaitinfo() ... shall
 * return the selected signal number." For every signal from 1 to
 * SIGRTMAX that can be caught (SIGKILL, SIGSTOP and glibc's two internal
 * signals left out), blocked with a handler installed and sent by kill()
 * to the process: sigwaitinfo() with a set of that signal and the
 * next one returns exactly that number, with si_signo equal to it,
 * SI_USER, the caller's pid and uid, and the signal is then no longer
 * pending; no handler runs. A realtime signal queued twice is returned
 * twice (with each value) and a third call with a zero timeout
 * (sigtimedwait()) finds nothing: [EAGAIN].
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
	return s >= 1 && s <= SIGRTMAX && s != SIGKILL && s != SIGSTOP &&
	       (s < 32 || s >= SIGRTMIN);
}

int main(void)
{
	struct timespec zero = { 0, 0 };
	sigset_t all, set, pend;
	struct sigaction sa;
	siginfo_t si;
	int s, r, n = 0, i;

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
	}
	sigprocmask(SIG_BLOCK, &all, NULL);

	for (s = 1; s <= SIGRTMAX; s++) {
		if (!usable(s))
			continue;
		sigemptyset(&set);
		sigaddset(&set, s);
		if (usable(s + 1))
			sigaddset(&set, s + 1);
		kill(getpid(), s);
		memset(&si, 0, sizeof(si));
		r = sigwaitinfo(&set, &si);
		if (r != s)
			PTS_FAILED("sigwaitinfo() for signal %d returned %d (%m)", s, r);
		if (si.si_signo != s || si.si_code != SI_USER ||
		    si.si_pid != getpid() || si.si_uid != getuid())
			PTS_FAILED("signal %d: si_signo %d si_code %d si_pid %d si_uid %d",
				   s, si.si_signo, si.si_code, (int)si.si_pid,
				   (int)si.si_uid);
		sigpending(&pend);
		if (sigismember(&pend, s))
			PTS_FAILED("signal %d still pending", s);
		n++;
	}

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN + 3);
	for (i = 1; i <= 2; i++) {
		union sigval v = { .sival_int = 100 + i };

		if (sigqueue(getpid(), SIGRTMIN + 3, v))
			PTS_UNRES("sigqueue(): %m");
	}
	for (i = 1; i <= 2; i++) {
		r = sigwaitinfo(&set, &si);
		if (r != SIGRTMIN + 3 || si.si_value.sival_int != 100 + i ||
		    si.si_code != SI_QUEUE)
			PTS_FAILED("queued instance %d: returned %d, value %d, code %d", i,
				   r, si.si_value.sival_int, si.si_code);
	}
	PTS_EXPECT_ERRNO(sigtimedwait(&set, NULL, &zero), EAGAIN,
			 "a third take of SIGRTMIN+3");
	if (handled)
		PTS_FAILED("a handler ran %d times", handled);
	PTS_PASSED("the selected number returned for %d signals; queued twice, "
		   "taken twice", n);
}
