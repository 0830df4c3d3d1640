// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_sigmask(): "If there are any pending unblocked signals after
 * the call to pthread_sigmask(), at least one of those signals shall be
 * delivered before the call to pthread_sigmask() returns" - also a
 * signal pending for the whole process. SIGUSR1 is blocked in every
 * thread and sent with kill() to the process: it is pending for the
 * process (ShdPnd), delivered to nobody. A second thread unblocks it:
 * the handler has run exactly once, in that thread (its thread ID), by
 * the time pthread_sigmask() returns 0, and the signal is no longer
 * pending; main, which still blocks it, never ran the handler.
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_sigkit.h"

static volatile int runs, in_tid;

static void handler(int sig)
{
	(void)sig;
	runs++;
	in_tid = pts_gettid();
}

static void *unblocker(void *arg)
{
	sigset_t set;
	int err, seen;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	err = pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	seen = runs;
	if (err)
		return (void *)-1L;
	if (seen != 1 || in_tid != pts_gettid())
		return (void *)(long)(seen + 10);
	return NULL;
}

int main(void)
{
	pthread_t t;
	long r;

	pts_catch(SIGUSR1, handler, 0);
	pts_mask1(SIG_BLOCK, SIGUSR1);
	if (kill(getpid(), SIGUSR1))
		PTS_UNRES("kill(): %s", strerror(errno));
	if (!(pts_shared_pending(getpid()) & PTS_SIGBIT(SIGUSR1)))
		PTS_FAILED("the blocked SIGUSR1 is not pending for the process");
	if (runs)
		PTS_FAILED("the blocked SIGUSR1 was delivered");
	pthread_create(&t, NULL, unblocker, NULL);
	r = pts_join_long(t);
	if (r == -1)
		PTS_FAILED("pthread_sigmask(SIG_UNBLOCK) failed");
	if (r)
		PTS_FAILED("when pthread_sigmask() returned the handler had run %ld times%s",
			   r - 10, runs == 1 ? " (not in the unblocking thread)" : "");
	if (pts_shared_pending(getpid()) & PTS_SIGBIT(SIGUSR1))
		PTS_FAILED("SIGUSR1 still pending after its delivery");
	if (runs != 1)
		PTS_FAILED("the handler ran %d times in all", runs);
	PTS_PASSED("a process-pending signal delivered to the unblocking thread before the return");
}
