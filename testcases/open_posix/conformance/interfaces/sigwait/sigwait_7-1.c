// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwait(): of several pending realtime signals in set the lowest
 * numbered is selected. SIGRTMIN+2, SIGRTMIN and SIGRTMIN+1 queued (in
 * that order) while blocked: three sigwait() calls return SIGRTMIN,
 * SIGRTMIN+1, SIGRTMIN+2 and nothing of the set is pending after.
 */
#include "pts_sigkit.h"

int main(void)
{
	int order[] = { 2, 0, 1 };
	union sigval v = { .sival_int = 0 };
	sigset_t set, pend;
	int i, sig, e;

	sigemptyset(&set);
	for (i = 0; i < 3; i++)
		sigaddset(&set, SIGRTMIN + i);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (i = 0; i < 3; i++) {
		if (sigqueue(getpid(), SIGRTMIN + order[i], v))
			PTS_UNRES("sigqueue(): %s", strerror(errno));
	}
	for (i = 0; i < 3; i++) {
		e = sigwait(&set, &sig);
		if (e)
			PTS_FAILED("sigwait() returned %d", e);
		printf("sigwait() %d: SIGRTMIN+%d\n", i, sig - SIGRTMIN);
		if (sig != SIGRTMIN + i)
			PTS_FAILED("call %d returned SIGRTMIN+%d, expected SIGRTMIN+%d",
				   i, sig - SIGRTMIN, i);
	}
	sigpending(&pend);
	for (i = 0; i < 3; i++) {
		if (sigismember(&pend, SIGRTMIN + i))
			PTS_FAILED("SIGRTMIN+%d still pending", i);
	}
	PTS_PASSED("lowest numbered realtime signal selected first");
}
