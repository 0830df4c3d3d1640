// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * siginterrupt() (XSI) changes the restart behaviour, and only it: it
 * is equivalent to reading the action with sigaction(), clearing
 * (flag != 0) or setting (flag == 0) SA_RESTART in sa_flags, and
 * installing it again. The handler, sa_mask and the other flags
 * (SA_SIGINFO, SA_NODEFER here, and any the C library adds) read back
 * unchanged after each call;
 * only SA_RESTART follows the flag. A signal with the default
 * disposition keeps it. (Deprecated in glibc; warning silenced.)
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_helpers.h"

static void act(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	(void)uc;
}

static void check(int sig, const struct sigaction *ref, int restart,
		  const char *what)
{
	struct sigaction now;
	int i;

	sigaction(sig, NULL, &now);
	if ((now.sa_flags & SA_RESTART) != (restart ? SA_RESTART : 0))
		PTS_FAILED("%s: SA_RESTART %s", what, restart ? "clear" : "set");
	if ((now.sa_flags & ~SA_RESTART) != (ref->sa_flags & ~SA_RESTART))
		PTS_FAILED("%s: other flags changed: %#x -> %#x", what,
			   ref->sa_flags, now.sa_flags);
	if ((ref->sa_flags & SA_SIGINFO) ?
	    now.sa_sigaction != ref->sa_sigaction :
	    now.sa_handler != ref->sa_handler)
		PTS_FAILED("%s: the handler changed", what);
	for (i = 1; i < 32; i++)
		if (sigismember(&now.sa_mask, i) != sigismember(&ref->sa_mask, i))
			PTS_FAILED("%s: sa_mask changed for signal %d", what, i);
}

int main(void)
{
	struct sigaction sa = { .sa_sigaction = act,
				.sa_flags = SA_SIGINFO | SA_NODEFER | SA_RESTART };
	struct sigaction dfl;

	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	sigaddset(&sa.sa_mask, SIGTERM);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %s", strerror(errno));
	/* the reference is the action as installed (the C library may add flags of its own, e.g. SA_RESTORER) */
	sigaction(SIGUSR1, NULL, &sa);
	if (!(sa.sa_flags & SA_RESTART) || !(sa.sa_flags & SA_NODEFER))
		PTS_UNRES("the installed flags %#x lack SA_RESTART or SA_NODEFER",
			  sa.sa_flags);
	if (siginterrupt(SIGUSR1, 1))
		PTS_FAILED("siginterrupt(SIGUSR1, 1): %s", strerror(errno));
	check(SIGUSR1, &sa, 0, "flag 1");
	if (siginterrupt(SIGUSR1, 0))
		PTS_FAILED("siginterrupt(SIGUSR1, 0): %s", strerror(errno));
	check(SIGUSR1, &sa, 1, "flag 0");
	if (siginterrupt(SIGUSR1, 7))
		PTS_FAILED("siginterrupt(SIGUSR1, 7): %s", strerror(errno));
	check(SIGUSR1, &sa, 0, "flag 7");

	/* SIG_DFL installed, then read back as the C library stored it */
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGUSR2, &dfl, NULL);
	sigaction(SIGUSR2, NULL, &dfl);
	if (siginterrupt(SIGUSR2, 1))
		PTS_FAILED("siginterrupt(SIGUSR2, 1): %s", strerror(errno));
	check(SIGUSR2, &dfl, 0, "SIG_DFL, flag 1");
	PTS_PASSED("only SA_RESTART follows the flag; handler, mask, other flags kept");
}
