// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ppoll() (POSIX.1-2024) replaces the signal mask with sigmask for the
 * duration of the call, atomically: a SIGUSR1 blocked and already
 * pending before the call, and not in sigmask, is delivered inside the
 * call, which fails with [EINTR], the handler having run exactly once
 * (no descriptor is ready and the timeout is the test's bound: a mask
 * not applied would wait it out and return 0). On return the caller's
 * mask is restored: SigBlk (read from /proc) holds SIGUSR1 and SIGUSR2
 * again, and no signal is left pending.
 */
#include "pts_p20.h"

static volatile int hits;

static void handler(int sig)
{
	(void)sig;
	hits++;
}

int main(void)
{
	struct timespec to = pts_ns_ts(pts_bound_ns(30));
	struct pollfd pfd;
	sigset_t during;
	unsigned long long before;
	int p[2], r;

	if (pipe(p))
		PTS_UNRES("pipe: %s", strerror(errno));
	pfd.fd = p[0];
	pfd.events = POLLIN;
	pts_catch(SIGUSR1, handler, 0);
	pts_mask1(SIG_BLOCK, SIGUSR1);
	pts_mask1(SIG_BLOCK, SIGUSR2);
	before = pts_task_mask(getpid(), getpid(), "SigBlk");
	raise(SIGUSR1);
	if (hits)
		PTS_UNRES("the blocked SIGUSR1 was delivered before ppoll");
	sigemptyset(&during);
	sigaddset(&during, SIGUSR2);
	errno = 0;
	r = ppoll(&pfd, 1, &to, &during);
	if (r != -1 || errno != EINTR)
		PTS_FAILED("ppoll returned %d errno %d, expected -1 EINTR", r, errno);
	if (hits != 1)
		PTS_FAILED("handler ran %d times, expected 1", hits);
	if (pts_task_mask(getpid(), getpid(), "SigBlk") != before)
		PTS_FAILED("mask after ppoll %llx, before %llx",
			   pts_task_mask(getpid(), getpid(), "SigBlk"), before);
	if (pts_task_mask(getpid(), getpid(), "SigPnd") ||
	    pts_shared_pending(getpid()))
		PTS_FAILED("a signal is still pending");
	PTS_PASSED("pending signal unblocked by sigmask delivered in the call (EINTR), mask restored");
}
