// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nanosleep(): interrupted by a signal whose action is to invoke a
 * handler, it returns -1 with [EINTR] and, rmtp non-NULL, stores the
 * unslept time, no more than requested; a second nanosleep() with that
 * remainder is possible (here cut short the same way).
 */
#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

static struct timespec interrupted(struct timespec req)
{
	struct timespec rem = { -1, -1 };
	pid_t pid, parent = getpid();
	int r;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pts_wait_in_syscall(parent, SYS_clock_nanosleep);
		_exit(kill(parent, SIGUSR1) ? PTS_UNRESOLVED : PTS_PASS);
	}
	errno = 0;
	r = nanosleep(&req, &rem);
	pts_reap(pid, "signalling child");
	if (r != -1 || errno != EINTR)
		PTS_FAILED("nanosleep() returned %d (%m), expected EINTR", r);
	if (pts_ts_ns(&rem) <= 0 || pts_ts_ns(&rem) > pts_ts_ns(&req) ||
	    rem.tv_nsec >= PTS_NSEC)
		PTS_FAILED("rmtp %lld.%09ld outside (0, request]",
			   (long long)rem.tv_sec, rem.tv_nsec);
	return rem;
}

int main(void)
{
	struct timespec req = { 60, 0 }, rem;
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	rem = interrupted(req);
	interrupted(rem);
	PTS_PASSED("EINTR with the unslept time in rmtp");
}
