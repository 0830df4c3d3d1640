// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigtimedwait(): "If no signal in set is pending by the time interval
 * specified by timeout has passed, sigtimedwait() shall fail with
 * [EAGAIN]". A 200 ms timeout with nothing pending fails with EAGAIN no
 * earlier than 200 ms later; a zero timeout polls and fails at once.
 */
#include "pts_helpers.h"

int main(void)
{
	struct timespec to = { 0, 200000000 }, zero = { 0, 0 };
	long long t0, t1;
	sigset_t set;
	int r;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	t0 = pts_now(CLOCK_MONOTONIC);
	errno = 0;
	r = sigtimedwait(&set, NULL, &to);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (r != -1 || errno != EAGAIN)
		PTS_FAILED("sigtimedwait(200 ms) returned %d (%m), expected EAGAIN", r);
	if (t1 - t0 < 200000000LL)
		PTS_FAILED("timed out after %lld ns, before 200 ms", t1 - t0);
	PTS_EXPECT_ERRNO(sigtimedwait(&set, NULL, &zero), EAGAIN,
			 "sigtimedwait(zero timeout)");
	raise(SIGUSR1);
	if (sigtimedwait(&set, NULL, &zero) != SIGUSR1)
		PTS_FAILED("zero-timeout poll missed a pending SIGUSR1: %m");
	PTS_PASSED("EAGAIN after %lld ns, zero timeout polls", t1 - t0);
}
