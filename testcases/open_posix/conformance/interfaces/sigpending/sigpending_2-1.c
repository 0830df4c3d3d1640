// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigpending(): the set stored is exactly the signals pending and
 * blocked, read afresh each time. A realtime signal queued twice stays
 * pending after sigwaitinfo() takes the first instance and is no longer
 * reported after the second; a standard signal taken by sigwait() is no
 * longer reported; signals never sent are never members.
 */
#include "pts_helpers.h"

static int count(const sigset_t *s)
{
	int n = 0, i;

	for (i = 1; i < _NSIG; i++)
		if (sigismember(s, i) == 1)
			n++;
	return n;
}

int main(void)
{
	int rt = SIGRTMIN + 2, sig;
	union sigval v = { 0 };
	sigset_t set, one, pend;

	sigfillset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);
	sigpending(&pend);
	if (count(&pend))
		PTS_UNRES("%d signals already pending at start", count(&pend));
	if (sigqueue(getpid(), rt, v) || sigqueue(getpid(), rt, v) ||
	    kill(getpid(), SIGUSR2))
		PTS_UNRES("sending: %s", strerror(errno));
	sigpending(&pend);
	printf("pending after sending: %d signals, rt %d SIGUSR2 %d\n",
	       count(&pend), sigismember(&pend, rt), sigismember(&pend, SIGUSR2));
	if (count(&pend) != 2 || !sigismember(&pend, rt) ||
	    !sigismember(&pend, SIGUSR2))
		PTS_FAILED("the pending set is not exactly {SIGRTMIN+2, SIGUSR2}");

	sigemptyset(&one);
	sigaddset(&one, rt);
	if (sigwaitinfo(&one, NULL) != rt)
		PTS_UNRES("sigwaitinfo(): %s", strerror(errno));
	sigpending(&pend);
	if (!sigismember(&pend, rt))
		PTS_FAILED("a second queued instance was not reported pending");
	if (sigwaitinfo(&one, NULL) != rt)
		PTS_UNRES("second sigwaitinfo(): %s", strerror(errno));
	sigpending(&pend);
	if (sigismember(&pend, rt))
		PTS_FAILED("the realtime signal still pending after both were taken");
	sigemptyset(&one);
	sigaddset(&one, SIGUSR2);
	if (sigwait(&one, &sig) || sig != SIGUSR2)
		PTS_UNRES("sigwait(SIGUSR2) failed");
	sigpending(&pend);
	if (count(&pend))
		PTS_FAILED("%d signals still reported pending", count(&pend));
	PTS_PASSED("pending set follows queued instances and accepted signals");
}
