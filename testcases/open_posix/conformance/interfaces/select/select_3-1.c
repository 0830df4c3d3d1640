// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * select(): "[EINTR] The function was interrupted ... before any of the
 * selected events occurred and before the timeout interval expired": a
 * select() on an empty pipe with no timeout and one with a 60 s
 * timeout, each interrupted by a caught SIGUSR1 (no SA_RESTART; sent by
 * a child once we sleep in select or pselect6), return -1 with EINTR,
 * the handler having run once. With nfds 0 and no sets select() only
 * waits: a 200 ms timeout returns 0, not before 200 ms.
 */
#include <sys/select.h>
#include <sys/syscall.h>

#include "pts_helpers.h"

static volatile sig_atomic_t caught;

static void handler(int sig)
{
	(void)sig;
	caught++;
}

static void interrupted(int fd, int secs)
{
	struct timeval tv = { secs, 0 };
	pid_t me = getpid(), pid;
	int r, n = caught;
	fd_set rd;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pts_wait_in_either(me, SYS_select, SYS_pselect6);
		syscall(SYS_tgkill, me, me, SIGUSR1);
		_exit(PTS_PASS);
	}
	FD_ZERO(&rd);
	FD_SET(fd, &rd);
	errno = 0;
	r = select(fd + 1, &rd, NULL, NULL, secs ? &tv : NULL);
	if (r != -1 || errno != EINTR)
		PTS_FAILED("%s: select() %d, errno %s; expected -1, EINTR",
			   secs ? "60 s" : "no timeout", r,
			   errno ? strerrorname_np(errno) : "0");
	pts_reap(pid, "signalling child");
	if (caught != n + 1)
		PTS_FAILED("the handler did not run once");
}

int main(void)
{
	struct timeval tv = { 0, 200000 };
	struct sigaction sa;
	long long t0, t1;
	int p[2], r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	if (sigaction(SIGUSR1, &sa, NULL) || pipe(p))
		PTS_UNRES("set-up: %m");
	interrupted(p[0], 0);
	interrupted(p[0], 60);
	t0 = pts_now(CLOCK_MONOTONIC);
	r = select(0, NULL, NULL, NULL, &tv);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (r != 0)
		PTS_FAILED("select(0, ..., 200 ms): %d (%m)", r);
	if (t1 - t0 < 200000000)
		PTS_FAILED("nfds 0: returned after %lld ns, before 200 ms", t1 - t0);
	PTS_PASSED("EINTR for a caught signal (no timeout, 60 s); nfds 0 waits the timeout");
}
