// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigqueue(): if SA_SIGINFO is not set for signo, the signal is sent "at
 * least once". SIGRTMIN caught by a plain handler (no SA_SIGINFO) and
 * blocked, queued three times by a child: on unblocking the handler ran
 * at least once and at most three times (the count printed; Linux
 * queues it regardless), each time with the signal number SIGRTMIN.
 */
#include "pts_sigkit.h"

static volatile sig_atomic_t ran, wrong;

static void handler(int sig)
{
	if (sig != SIGRTMIN)
		wrong = 1;
	ran++;
}

static int sender(void)
{
	union sigval v = { .sival_int = 1 };
	int i;

	for (i = 0; i < 3; i++) {
		if (sigqueue(getppid(), SIGRTMIN, v))
			return PTS_UNRESOLVED;
	}
	return PTS_PASS;
}

int main(void)
{
	pts_catch(SIGRTMIN, handler, 0);
	pts_mask1(SIG_BLOCK, SIGRTMIN);
	pts_reap(pts_fork_fn(sender), "the sender");
	if (ran)
		PTS_FAILED("the blocked signal was delivered");
	pts_mask1(SIG_UNBLOCK, SIGRTMIN);
	printf("handler runs: %d\n", (int)ran);
	if (ran < 1 || ran > 3 || wrong)
		PTS_FAILED("%d handler runs (signal right: %d)", (int)ran, !wrong);
	PTS_PASSED("delivered at least once without SA_SIGINFO");
}
