// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pselect() leaves the timeout object alone (unlike select(), it "shall
 * not modify" it): after a wait that timed out and after one ended at
 * once by a ready descriptor the timespec reads exactly as set. When the
 * timeout expires with nothing ready, every bit of readfds, writefds
 * and errorfds is 0 (an empty pipe's read end, a full pipe's write end),
 * 0 is returned and the wait lasted at least the timeout. A NULL sigmask
 * behaves as select(): the caller's mask stays in force, so a blocked
 * pending SIGUSR1 neither interrupts the call (0, not [EINTR]) nor runs
 * its handler; it is still pending and delivered once when unblocked.
 */
#include <sys/select.h>

#include "pts_helpers.h"

static volatile int caught;

static void handler(int sig)
{
	(void)sig;
	caught++;
}

static void check_zero(const fd_set *s, const char *name)
{
	fd_set z;

	FD_ZERO(&z);
	if (memcmp(s, &z, sizeof(z)))
		PTS_FAILED("%s not all zero after a timeout", name);
}

int main(void)
{
	struct sigaction sa = { .sa_handler = handler };
	struct timespec t200 = { 0, 200000000 }, t5 = { 5, 0 };
	fd_set rs, ws, es;
	sigset_t block, pend, now;
	int a[2], full[2], b[2], r, n = 0;
	long long t0, t1;

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL) || pipe(a) || pipe(full) || pipe(b))
		PTS_UNRES("set-up: %s", strerror(errno));
	fcntl(full[1], F_SETFL, O_NONBLOCK);
	while (write(full[1], "xxxxxxxxxxxxxxxx", 16) > 0)
		n++;
	if (errno != EAGAIN)
		PTS_UNRES("filling a pipe: %s", strerror(errno));

	FD_ZERO(&rs);
	FD_ZERO(&ws);
	FD_ZERO(&es);
	FD_SET(a[0], &rs);
	FD_SET(full[1], &ws);
	FD_SET(a[0], &es);
	FD_SET(full[1], &es);
	t0 = pts_now(CLOCK_MONOTONIC);
	r = pselect(full[1] + 1, &rs, &ws, &es, &t200, NULL);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (r != 0)
		PTS_FAILED("nothing ready: pselect() returned %d (%s)", r,
			   strerror(errno));
	if (t1 - t0 < 200000000LL)
		PTS_FAILED("timed out after %lld ns, before 200 ms", t1 - t0);
	if (t200.tv_sec != 0 || t200.tv_nsec != 200000000)
		PTS_FAILED("timeout modified to %ld.%09ld after a timeout",
			   (long)t200.tv_sec, t200.tv_nsec);
	check_zero(&rs, "readfds");
	check_zero(&ws, "writefds");
	check_zero(&es, "errorfds");

	if (write(b[1], "y", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	FD_ZERO(&rs);
	FD_SET(a[0], &rs);
	FD_SET(b[0], &rs);
	r = pselect(b[0] + 1, &rs, NULL, NULL, &t5, NULL);
	if (r != 1 || !FD_ISSET(b[0], &rs) || FD_ISSET(a[0], &rs))
		PTS_FAILED("one ready pipe: pselect() %d, ready %d/%d", r,
			   FD_ISSET(b[0], &rs) != 0, FD_ISSET(a[0], &rs) != 0);
	if (t5.tv_sec != 5 || t5.tv_nsec != 0)
		PTS_FAILED("timeout modified to %ld.%09ld by a ready return",
			   (long)t5.tv_sec, t5.tv_nsec);

	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, NULL);
	raise(SIGUSR1);
	FD_ZERO(&rs);
	FD_SET(a[0], &rs);
	t200.tv_nsec = 100000000;
	errno = 0;
	r = pselect(a[0] + 1, &rs, NULL, NULL, &t200, NULL);
	if (r != 0)
		PTS_FAILED("NULL sigmask, blocked pending SIGUSR1: pselect() %d (%s), 0 expected",
			   r, strerror(errno));
	if (caught)
		PTS_FAILED("the blocked SIGUSR1 was delivered during pselect(NULL sigmask)");
	sigpending(&pend);
	sigprocmask(SIG_BLOCK, NULL, &now);
	if (!sigismember(&pend, SIGUSR1) || !sigismember(&now, SIGUSR1))
		PTS_FAILED("SIGUSR1 pending %d, blocked %d after the call",
			   sigismember(&pend, SIGUSR1), sigismember(&now, SIGUSR1));
	sigprocmask(SIG_UNBLOCK, &block, NULL);
	if (caught != 1)
		PTS_FAILED("handler ran %d times after unblocking", caught);
	printf("pipe filled with %d writes of 16 bytes\n", n);
	PTS_PASSED("timeout untouched, sets cleared on timeout, NULL sigmask keeps the mask");
}
