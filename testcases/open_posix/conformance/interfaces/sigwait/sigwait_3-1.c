// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwait(): with several signals queued for the signal number
 * accepted, "the first such queued signal shall cause a return from
 * sigwait() and the remainder shall remain queued"; once no further
 * signal is queued, the pending indication is reset. sigwait() returns
 * 0 (an error number, not -1) and stores the number in *sig, and it
 * leaves the thread's signal mask as it was.
 */
#include "pts_helpers.h"

int main(void)
{
	int rt = SIGRTMIN + 3, sig, r, i;
	union sigval v = { 0 };
	sigset_t set, before, after, pend;

	sigemptyset(&set);
	sigaddset(&set, rt);
	sigaddset(&set, SIGTERM);
	sigprocmask(SIG_SETMASK, &set, NULL);
	sigprocmask(SIG_BLOCK, NULL, &before);
	for (i = 0; i < 3; i++)
		if (sigqueue(getpid(), rt, v))
			PTS_UNRES("sigqueue(): %s", strerror(errno));
	sigemptyset(&set);
	sigaddset(&set, rt);
	for (i = 0; i < 3; i++) {
		sig = 0;
		r = sigwait(&set, &sig);
		if (r || sig != rt)
			PTS_FAILED("sigwait() #%d returned %d with signal %d", i + 1,
				   r, sig);
		sigpending(&pend);
		printf("after sigwait() #%d: still pending %d\n", i + 1,
		       sigismember(&pend, rt));
		if (sigismember(&pend, rt) != (i < 2))
			PTS_FAILED("pending indication wrong after %d of 3 taken",
				   i + 1);
	}
	sigprocmask(SIG_BLOCK, NULL, &after);
	for (i = 1; i < _NSIG; i++)
		if (sigismember(&before, i) != sigismember(&after, i))
			PTS_FAILED("sigwait() changed the mask (signal %d)", i);
	PTS_PASSED("one queued instance per sigwait(), rest stay queued; mask kept");
}
