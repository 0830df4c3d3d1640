// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pselect() replaces the signal mask with sigmask for the wait, as one
 * atomic step: a SIGUSR1 that was blocked and is already pending when
 * pselect() is called with a mask allowing it is delivered during the
 * call, which fails with [EINTR] (no lost wake-up), and the caller's mask
 * is back in force on return (SIGUSR1 blocked again, read back). The
 * ready set: a pipe with data is reported, an empty one cleared; the
 * timeout is not cut short with nothing ready; [EBADF] for a closed
 * descriptor in a set and [EINVAL] for nfds < 0.
 */
#include <sys/select.h>

#include "pts_helpers.h"

static volatile int caught;

static void handler(int sig)
{
	(void)sig;
	caught++;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = handler };
	struct timespec ts = { 5, 0 }, zero = { 0, 0 }, t300 = { 0, 300000000 };
	sigset_t block, empty, now;
	int a[2], b[2], r, closed;
	long long t0, t1;
	fd_set rs;

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL) || pipe(a) || pipe(b))
		PTS_UNRES("set-up: %s", strerror(errno));
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigemptyset(&empty);
	sigprocmask(SIG_BLOCK, &block, NULL);
	raise(SIGUSR1);
	if (caught)
		PTS_UNRES("blocked signal delivered");
	FD_ZERO(&rs);
	FD_SET(a[0], &rs);
	errno = 0;
	r = pselect(a[0] + 1, &rs, NULL, NULL, &ts, &empty);
	if (r != -1 || errno != EINTR)
		PTS_FAILED("pending signal allowed by sigmask: pselect() %d, %s (EINTR expected)",
			   r, strerror(errno));
	if (caught != 1)
		PTS_FAILED("handler ran %d times", caught);
	sigprocmask(SIG_BLOCK, NULL, &now);
	if (!sigismember(&now, SIGUSR1))
		PTS_FAILED("the caller's mask not restored after pselect()");

	if (write(a[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	FD_ZERO(&rs);
	FD_SET(a[0], &rs);
	FD_SET(b[0], &rs);
	r = pselect((a[0] > b[0] ? a[0] : b[0]) + 1, &rs, NULL, NULL, &zero, NULL);
	if (r != 1 || !FD_ISSET(a[0], &rs) || FD_ISSET(b[0], &rs))
		PTS_FAILED("ready set: %d, a %d b %d (1, set, clear expected)", r,
			   FD_ISSET(a[0], &rs), FD_ISSET(b[0], &rs));
	FD_ZERO(&rs);
	FD_SET(b[0], &rs);
	t0 = pts_now(CLOCK_MONOTONIC);
	r = pselect(b[0] + 1, &rs, NULL, NULL, &t300, &block);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (r != 0 || FD_ISSET(b[0], &rs))
		PTS_FAILED("nothing ready: %d", r);
	if (t1 - t0 < 300000000LL)
		PTS_FAILED("300 ms timeout returned after %lld ns", t1 - t0);
	closed = dup(b[0]);
	close(closed);
	FD_ZERO(&rs);
	FD_SET(closed, &rs);
	PTS_EXPECT_ERRNO(pselect(closed + 1, &rs, NULL, NULL, &zero, NULL), EBADF,
			 "pselect() with a closed descriptor");
	PTS_EXPECT_ERRNO(pselect(-1, NULL, NULL, NULL, &zero, NULL), EINVAL,
			 "pselect(nfds -1)");
	PTS_PASSED("sigmask applied atomically (EINTR, mask restored); ready sets; timeout; EBADF, EINVAL");
}
