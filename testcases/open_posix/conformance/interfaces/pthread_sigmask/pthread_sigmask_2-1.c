// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_sigmask(): a signal directed at the calling thread with
 * pthread_kill() while blocked is pending for that thread; when
 * pthread_sigmask() unblocks it, it is delivered before the call
 * returns (the only pending unblocked signal). With a null set, how is
 * not significant: an invalid how returns 0 and the mask is unchanged;
 * with a set it returns the error number EINVAL.
 */
#include <pthread.h>
#include "pts_helpers.h"

static volatile sig_atomic_t ran;

static void handler(int sig)
{
	(void)sig;
	ran++;
}

int main(void)
{
	int bad = SIG_BLOCK + SIG_UNBLOCK + SIG_SETMASK + 7, r;
	struct sigaction sa;
	sigset_t set, pend, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	r = pthread_sigmask(SIG_BLOCK, &set, NULL);
	if (r)
		PTS_UNRES("pthread_sigmask(SIG_BLOCK): %s", strerror(r));
	r = pthread_kill(pthread_self(), SIGUSR1);
	if (r)
		PTS_UNRES("pthread_kill(): %s", strerror(r));
	sigpending(&pend);
	if (ran || !sigismember(&pend, SIGUSR1))
		PTS_FAILED("a blocked thread-directed SIGUSR1 was not pending (ran %d)",
			   (int)ran);
	r = pthread_sigmask(bad, NULL, &old);
	if (r)
		PTS_FAILED("pthread_sigmask(bad how, NULL) returned %d", r);
	if (!sigismember(&old, SIGUSR1) || ran)
		PTS_FAILED("a NULL set changed the mask");
	r = pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	printf("handler runs when pthread_sigmask(SIG_UNBLOCK) returned: %d\n",
	       (int)ran);
	if (r)
		PTS_FAILED("pthread_sigmask(SIG_UNBLOCK) returned %d", r);
	if (ran != 1)
		PTS_FAILED("the pending signal was not delivered before the return");
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("SIGUSR1 still pending after delivery");
	PTS_EXPECT_ERR(pthread_sigmask(bad, &set, NULL), EINVAL,
		       "pthread_sigmask(bad how, set)");
	PTS_PASSED("thread-pending signal delivered before SIG_UNBLOCK returns");
}
