// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigprocmask(): "if there are any pending unblocked signals after the
 * call to sigprocmask(), at least one of those signals shall be
 * delivered before the call to sigprocmask() returns". With SIGUSR1,
 * SIGUSR2, two queued SIGRTMIN (values 1, 2) and one SIGRTMIN+1 (value
 * 3) pending, one SIG_SETMASK to the empty set delivers every one of
 * them before it returns (Linux sets up each handler frame on the way
 * out of the call): each handler ran its exact count, SIGRTMIN's values
 * in the order queued, nothing pending afterwards. The order across
 * different signals is printed only. A second round unblocks only
 * SIGRTMIN: its two instances are delivered before the return, the
 * others stay pending until their own unblocking.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t order[16], n;
static volatile int vals[8], nv;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (n < 16)
		order[n++] = sig;
	if (si->si_code == SI_QUEUE && nv < 8)
		vals[nv++] = si->si_value.sival_int;
}

static void queue(int sig, int v)
{
	union sigval sv = { .sival_int = v };

	if (sigqueue(getpid(), sig, sv))
		PTS_UNRES("sigqueue(%d): %m", sig);
}

static int count(int sig)
{
	int i, c = 0;

	for (i = 0; i < n; i++)
		c += order[i] == sig;
	return c;
}

static void fill(void)
{
	n = nv = 0;
	if (kill(getpid(), SIGUSR1) || kill(getpid(), SIGUSR2))
		PTS_UNRES("kill(): %m");
	queue(SIGRTMIN, 1);
	queue(SIGRTMIN + 1, 3);
	queue(SIGRTMIN, 2);
	if (n)
		PTS_FAILED("a blocked signal was delivered");
}

int main(void)
{
	int sigs[] = { SIGUSR1, SIGUSR2, SIGRTMIN, SIGRTMIN + 1 }, i, got, three;
	sigset_t all, none, rt, pend;
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&all);
	for (i = 0; i < 4; i++) {
		sigaction(sigs[i], &sa, NULL);
		sigaddset(&all, sigs[i]);
	}
	sigemptyset(&none);
	if (sigprocmask(SIG_BLOCK, &all, NULL))
		PTS_UNRES("sigprocmask(SIG_BLOCK): %m");

	fill();
	if (sigprocmask(SIG_SETMASK, &none, NULL))
		PTS_FAILED("sigprocmask(SIG_SETMASK, empty): %m");
	got = n;
	printf("delivery order:");
	for (i = 0; i < got; i++)
		printf(" %d", (int)order[i]);
	printf("\n");
	if (got != 5 || count(SIGUSR1) != 1 || count(SIGUSR2) != 1 ||
	    count(SIGRTMIN) != 2 || count(SIGRTMIN + 1) != 1)
		PTS_FAILED("%d handler calls before the return, expected 5 "
			   "(USR1 %d, USR2 %d, RTMIN %d, RTMIN+1 %d)", got,
			   count(SIGUSR1), count(SIGUSR2), count(SIGRTMIN),
			   count(SIGRTMIN + 1));
	/* SIGRTMIN's values in the order queued, SIGRTMIN+1's once */
	for (i = 0, got = 0, three = 0; i < nv; i++) {
		if (vals[i] == 3)
			three++;
		else if (vals[i] != ++got)
			PTS_FAILED("SIGRTMIN value %d delivered as number %d",
				   vals[i], got);
	}
	if (nv != 3 || three != 1 || got != 2)
		PTS_FAILED("values: %d delivered, SIGRTMIN+1's %d times", nv, three);
	sigpending(&pend);
	for (i = 0; i < 4; i++)
		if (sigismember(&pend, sigs[i]))
			PTS_FAILED("signal %d still pending", sigs[i]);

	if (sigprocmask(SIG_BLOCK, &all, NULL))
		PTS_UNRES("sigprocmask(SIG_BLOCK): %m");
	fill();
	sigemptyset(&rt);
	sigaddset(&rt, SIGRTMIN);
	if (sigprocmask(SIG_UNBLOCK, &rt, NULL))
		PTS_FAILED("sigprocmask(SIG_UNBLOCK, SIGRTMIN): %m");
	if (n != 2 || count(SIGRTMIN) != 2 || nv != 2 || vals[0] != 1 ||
	    vals[1] != 2)
		PTS_FAILED("unblocking SIGRTMIN: %d calls (%d of it), values %d %d",
			   (int)n, count(SIGRTMIN), vals[0], vals[1]);
	sigpending(&pend);
	if (!sigismember(&pend, SIGUSR1) || !sigismember(&pend, SIGUSR2) ||
	    !sigismember(&pend, SIGRTMIN + 1) || sigismember(&pend, SIGRTMIN))
		PTS_FAILED("the still blocked signals are not all pending");
	if (sigprocmask(SIG_SETMASK, &none, NULL))
		PTS_FAILED("sigprocmask(SIG_SETMASK, empty): %m");
	if (n != 5)
		PTS_FAILED("%d calls after the last unblocking, expected 5", (int)n);
	PTS_PASSED("every pending unblocked signal delivered before sigprocmask() returns");
}
