// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigqueue(): "If the value of RLIMIT_SIGPENDING ... no resources are
 * available to queue the signal, [EAGAIN]". Linux bounds the queued
 * signals of a user by RLIMIT_SIGPENDING: a child running under a uid
 * of its own (not nobody: the count is the user's, over all its
 * processes, and another test or a second instance of this one running
 * as nobody beside it would share it) with the limit at 8 queues a
 * blocked realtime signal to itself; exactly 8 succeed and the 9th fails
 * with EAGAIN, and after the queue is drained (sigwaitinfo) queuing works
 * again.
 */
#include <sys/resource.h>

#include "pts_helpers.h"

#define LIMIT 8

static int child(void)
{
	struct rlimit rl = { LIMIT, LIMIT };
	union sigval v = { 0 };
	sigset_t set;
	int n = 0, i;

	if (setrlimit(RLIMIT_SIGPENDING, &rl))
		PTS_UNRES("setrlimit(RLIMIT_SIGPENDING): %m");
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (i = 0; i < LIMIT + 4; i++) {
		v.sival_int = i;
		if (sigqueue(getpid(), SIGRTMIN, v)) {
			if (errno != EAGAIN)
				PTS_FAILED("sigqueue() #%d failed with %m, expected EAGAIN",
					   i + 1);
			break;
		}
		n++;
	}
	if (n != LIMIT)
		PTS_FAILED("%d signals queued with RLIMIT_SIGPENDING %d", n, LIMIT);
	for (i = 0; i < n; i++) {
		siginfo_t si;

		if (sigwaitinfo(&set, &si) != SIGRTMIN || si.si_value.sival_int != i)
			PTS_FAILED("drain #%d: wrong signal or value %d", i,
				   si.si_value.sival_int);
	}
	if (sigqueue(getpid(), SIGRTMIN, v))
		PTS_FAILED("sigqueue() after draining: %m");
	return PTS_PASS;
}

int main(void)
{
	pts_run_as_own_uid(child, "sigqueue child");
	PTS_PASSED("exactly RLIMIT_SIGPENDING signals queued, then EAGAIN");
}
