// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(): SIGKILL and SIGSTOP "shall not be added to the signal
 * mask using this mechanism; this restriction shall be enforced by the
 * system without causing an error to be indicated". A handler installed
 * with a full sa_mask (no error) runs with every other signal blocked
 * (the standard ones up to SIGSYS and SIGRTMIN..SIGRTMAX), but neither
 * SIGKILL nor SIGSTOP. The flags given (SA_SIGINFO,
 * SA_NODEFER, SA_RESETHAND, SA_RESTART, SA_ONSTACK) are read back in
 * oact.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t ran, killstop, others;

static void handler(int sig, siginfo_t *info, void *uc)
{
	sigset_t m;
	int s;

	(void)sig;
	(void)info;
	(void)uc;
	sigprocmask(SIG_BLOCK, NULL, &m);
	killstop = sigismember(&m, SIGKILL) + sigismember(&m, SIGSTOP);
	/* numbers between SIGSYS and SIGRTMIN are the C library's own */
	for (s = 1; s <= SIGSYS; s++)
		if (s != SIGKILL && s != SIGSTOP && sigismember(&m, s) != 1)
			others++;
	for (s = SIGRTMIN; s <= SIGRTMAX; s++)
		if (sigismember(&m, s) != 1)
			others++;
	ran = 1;
}

int main(void)
{
	int flags = SA_SIGINFO | SA_NODEFER | SA_RESETHAND | SA_RESTART |
		    SA_ONSTACK;
	struct sigaction sa, old;
	sigset_t set;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigfillset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGKILL);
	sigaddset(&sa.sa_mask, SIGSTOP);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_FAILED("sigaction() with SIGKILL/SIGSTOP in sa_mask: %s",
			   strerror(errno));
	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);
	if (raise(SIGUSR1) || !ran)
		PTS_UNRES("the handler did not run during raise()");
	printf("in the handler: %d of SIGKILL/SIGSTOP blocked, %d other signals not blocked\n",
	       (int)killstop, (int)others);
	if (killstop)
		PTS_FAILED("SIGKILL or SIGSTOP was blocked in the handler");
	if (others)
		PTS_FAILED("the full sa_mask was not applied in the handler");

	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGWINCH);
	if (sigaction(SIGUSR2, &sa, NULL) || sigaction(SIGUSR2, NULL, &old))
		PTS_UNRES("sigaction(SIGUSR2): %s", strerror(errno));
	printf("flags set %#x, read back %#x\n", flags, old.sa_flags);
	if ((old.sa_flags & flags) != flags)
		PTS_FAILED("flags not read back: %#x", old.sa_flags);
	if (old.sa_sigaction != handler || !sigismember(&old.sa_mask, SIGWINCH))
		PTS_FAILED("handler or sa_mask not read back");
	PTS_PASSED("SIGKILL/SIGSTOP silently left out of sa_mask; flags read back");
}
