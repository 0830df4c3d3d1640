// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A signal blocked by pselect()'s sigmask does not end the wait: with
 * SIGUSR1 unblocked in the caller and blocked by sigmask, a SIGUSR1 sent
 * by another process while the caller sleeps in pselect() (seen in the
 * pselect6 system call) leaves it asleep until the 2 s timeout (0
 * returned, not [EINTR], not before the timeout) and no handler runs
 * inside the call; when the caller's mask comes back the pending signal
 * is delivered, once. A SIGUSR2, not in sigmask, sent the same way ends
 * a second such wait with [EINTR] and its handler run.
 */
#include <sys/select.h>

#include "pts_helpers.h"

static volatile int c1, c2;

static void h(int sig)
{
	if (sig == SIGUSR1)
		c1++;
	else
		c2++;
}

static pid_t sender(int sig)
{
	pid_t me = getpid(), pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pts_wait_in_syscall(me, SYS_pselect6);
		kill(me, sig);
		_exit(0);
	}
	return pid;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = h };
	struct timespec t2 = { 2, 0 }, t10 = { 10, 0 };
	sigset_t mask, pend;
	long long t0, t1;
	int p[2], r, e;
	pid_t s;
	fd_set rs;

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL) || sigaction(SIGUSR2, &sa, NULL) ||
	    pipe(p))
		PTS_UNRES("set-up: %m");
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);

	s = sender(SIGUSR1);
	FD_ZERO(&rs);
	FD_SET(p[0], &rs);
	t0 = pts_now(CLOCK_MONOTONIC);
	r = pselect(p[0] + 1, &rs, NULL, NULL, &t2, &mask);
	e = errno;
	t1 = pts_now(CLOCK_MONOTONIC);
	pts_reap(s, "SIGUSR1 sender");
	if (r != 0)
		PTS_FAILED("SIGUSR1 blocked by sigmask: pselect() %d (%s), 0 expected",
			   r, strerror(e));
	if (t1 - t0 < 2000000000LL)
		PTS_FAILED("returned after %lld ns, before the 2 s timeout", t1 - t0);
	sigpending(&pend);
	if (c1 != 1 || sigismember(&pend, SIGUSR1))
		PTS_FAILED("after the return: handler ran %d times, still pending %d",
			   c1, sigismember(&pend, SIGUSR1));

	s = sender(SIGUSR2);
	FD_ZERO(&rs);
	FD_SET(p[0], &rs);
	errno = 0;
	r = pselect(p[0] + 1, &rs, NULL, NULL, &t10, &mask);
	e = errno;
	pts_reap(s, "SIGUSR2 sender");
	if (r != -1 || e != EINTR || c2 != 1)
		PTS_FAILED("SIGUSR2 outside sigmask: pselect() %d (%s), handler %d; -1 EINTR expected",
			   r, strerror(e), c2);
	if (c1 != 1)
		PTS_FAILED("SIGUSR1 handled %d times", c1);
	PTS_PASSED("a signal blocked by sigmask waits until the mask is restored");
}
