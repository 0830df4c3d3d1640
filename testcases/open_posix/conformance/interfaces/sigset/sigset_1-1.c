// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigset() (XSI): with disp SIG_HOLD, sig is added to the mask and its
 * disposition is unchanged; with any other disp the disposition becomes
 * disp and sig is removed from the mask. It returns SIG_HOLD if the
 * signal had been blocked, its previous disposition otherwise. A handler
 * installed by sigset() runs with sig added to the mask, and the mask is
 * restored on return. SIG_ERR with [EINVAL] for an illegal signal number
 * and for SIGKILL. (Deprecated in glibc; warning silenced.)
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_helpers.h"

static volatile sig_atomic_t ran, blocked_inside;

static void handler(int sig)
{
	sigset_t m;

	sigprocmask(SIG_BLOCK, NULL, &m);
	blocked_inside = sigismember(&m, sig);
	ran++;
}

static int blocked(int sig)
{
	sigset_t m;

	sigprocmask(SIG_BLOCK, NULL, &m);
	return sigismember(&m, sig);
}

int main(void)
{
	struct sigaction sa;
	sigset_t set;
	void (*r)(int);

	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);
	signal(SIGUSR1, SIG_DFL);

	r = sigset(SIGUSR1, handler);
	if (r != SIG_DFL)
		PTS_FAILED("first sigset() returned %p, not SIG_DFL", (void *)r);
	r = sigset(SIGUSR1, SIG_HOLD);
	if (r != handler)
		PTS_FAILED("sigset(SIG_HOLD) of an unblocked signal returned %p, "
			   "not the handler", (void *)r);
	if (!blocked(SIGUSR1))
		PTS_FAILED("SIG_HOLD did not block the signal");
	if (sigaction(SIGUSR1, NULL, &sa) || sa.sa_handler != handler)
		PTS_FAILED("SIG_HOLD changed the disposition");
	raise(SIGUSR1);
	if (ran)
		PTS_FAILED("a held signal was delivered");
	r = sigset(SIGUSR1, SIG_HOLD);
	if (r != SIG_HOLD)
		PTS_FAILED("sigset(SIG_HOLD) of a blocked signal returned %p", (void *)r);

	r = sigset(SIGUSR1, handler);
	printf("sigset(handler) on a held signal returned %s; handler ran %d, "
	       "sig blocked inside %d\n", r == SIG_HOLD ? "SIG_HOLD" : "other",
	       (int)ran, (int)blocked_inside);
	if (r != SIG_HOLD)
		PTS_FAILED("sigset() of a blocked signal did not return SIG_HOLD");
	if (ran != 1)
		PTS_FAILED("the pending signal was not delivered once unblocked");
	if (blocked_inside != 1)
		PTS_FAILED("the signal was not blocked in its handler");
	if (blocked(SIGUSR1))
		PTS_FAILED("sig still blocked after sigset(handler)");
	raise(SIGUSR1);
	if (ran != 2 || blocked(SIGUSR1))
		PTS_FAILED("handler not run again, or mask not restored after it");

	errno = 0;
	if (sigset(SIGKILL, handler) != SIG_ERR || errno != EINVAL)
		PTS_FAILED("sigset(SIGKILL): not SIG_ERR/EINVAL (errno %d)", errno);
	errno = 0;
	if (sigset(0, SIG_IGN) != SIG_ERR || errno != EINVAL)
		PTS_FAILED("sigset(0): not SIG_ERR/EINVAL (errno %d)", errno);
	errno = 0;
	if (sigset(_NSIG, SIG_HOLD) != SIG_ERR || errno != EINVAL)
		PTS_FAILED("sigset(_NSIG, SIG_HOLD): not SIG_ERR/EINVAL (errno %d)",
			   errno);
	PTS_PASSED("sigset(): SIG_HOLD, return values, handler mask, EINVAL");
}
