// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Realtime signals queue: each sigqueue() of a blocked realtime signal is
 * delivered once, in the order sent for one signal number, and among
 * pending realtime signals the lowest-numbered is delivered first.
 *
 * With SIGRTMIN and SIGRTMIN + 1 blocked, the test queues SIGRTMIN + 1
 * (values 11, 12) then SIGRTMIN (values 1, 2, 3), unblocks them and
 * expects the handler to see exactly 1, 2, 3, 11, 12.
 */
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "posixtest.h"

static const int expected[] = { 1, 2, 3, 11, 12 };
#define NEXP (int)(sizeof(expected) / sizeof(expected[0]))

static volatile int seen[16];
static volatile sig_atomic_t nseen;

static void handler(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)uc;
	if (nseen < 16)
		seen[nseen] = info->si_value.sival_int;
	nseen++;
}

static void queue(int sig, int val)
{
	union sigval v = { .sival_int = val };

	if (sigqueue(getpid(), sig, v))
		PTS_UNRES("sigqueue(%d, %d): %m", sig, val);
}

int main(void)
{
	struct sigaction sa;
	sigset_t block;
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	/* one handler at a time: the order of calls is the delivery order */
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGRTMIN);
	sigaddset(&sa.sa_mask, SIGRTMIN + 1);
	if (sigaction(SIGRTMIN, &sa, NULL) || sigaction(SIGRTMIN + 1, &sa, NULL))
		PTS_UNRES("sigaction(): %m");

	sigemptyset(&block);
	sigaddset(&block, SIGRTMIN);
	sigaddset(&block, SIGRTMIN + 1);
	if (sigprocmask(SIG_BLOCK, &block, NULL))
		PTS_UNRES("sigprocmask(SIG_BLOCK): %m");

	queue(SIGRTMIN + 1, 11);
	queue(SIGRTMIN + 1, 12);
	queue(SIGRTMIN, 1);
	queue(SIGRTMIN, 2);
	queue(SIGRTMIN, 3);
	if (nseen)
		PTS_FAILED("a blocked signal was delivered");

	if (sigprocmask(SIG_UNBLOCK, &block, NULL))
		PTS_UNRES("sigprocmask(SIG_UNBLOCK): %m");

	for (i = 0; i < nseen && i < 16; i++)
		printf("delivery %d: value %d\n", i + 1, seen[i]);
	if (nseen != NEXP)
		PTS_FAILED("%d deliveries, expected %d (one per sigqueue())",
			   (int)nseen, NEXP);
	for (i = 0; i < NEXP; i++) {
		if (seen[i] != expected[i])
			PTS_FAILED("delivery %d carried %d, expected %d",
				   i + 1, seen[i], expected[i]);
	}
	PTS_PASSED("5 queued realtime signals delivered once each, lowest signal first, in order");
}
