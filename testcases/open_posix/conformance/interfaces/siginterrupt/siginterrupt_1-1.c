// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * siginterrupt() (XSI): with flag 1 a system call interrupted by the
 * caught signal fails with [EINTR] (a blocking pipe read() here); with
 * flag 0 it is restarted and completes with the data written after the
 * signal (written only once the signal was taken, so a read that
 * completed instead of restarting cannot pass). The handler runs in
 * both cases. An invalid signal number fails
 * with -1 and [EINVAL].
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_helpers.h"

static volatile sig_atomic_t got;

static void handler(int sig)
{
	(void)sig;
	got++;
}

/* a child signals us once we sleep in read(), then (for restart) writes */
static ssize_t interrupted_read(int flag)
{
	int p[2], q[2];
	pid_t pid, me = getpid();
	ssize_t r;
	char c;

	if (pipe(p) || pipe(q))
		PTS_UNRES("pipe(): %m");
	if (siginterrupt(SIGUSR1, flag))
		PTS_FAILED("siginterrupt(SIGUSR1, %d): %m", flag);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pts_wait_in_syscall(me, SYS_read);
		kill(me, SIGUSR1);
		if (!flag) {
			/*
			 * Write only once the signal was taken (no longer
			 * pending) and the read sleeps again: a byte that came
			 * first would end the woken read before the signal
			 * could interrupt it, and a restart would go unseen.
			 */
			long long end = pts_now(CLOCK_MONOTONIC) +
					pts_bound_ns(30);

			while (pts_shared_pending(me) & (1ULL << (SIGUSR1 - 1))) {
				if (pts_now(CLOCK_MONOTONIC) > end)
					_exit(5);
				pts_nap();
			}
			pts_wait_in_syscall(me, SYS_read);
			if (write(p[1], "x", 1) != 1)
				_exit(3);
		}
		/*
		 * keep the write end open until the read has returned: a
		 * read() not yet asleep when the signal came would see EOF
		 */
		if (read(q[0], &c, 1) != 1)
			_exit(4);
		_exit(0);
	}
	close(p[1]);
	close(q[0]);
	got = 0;
	errno = 0;
	r = read(p[0], &c, 1);
	if (write(q[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	close(q[1]);
	pts_reap(pid, "signalling child");
	close(p[0]);
	if (got != 1)
		PTS_FAILED("handler ran %d times (flag %d)", (int)got, flag);
	return r;
}

int main(void)
{
	ssize_t r;

	if (signal(SIGUSR1, handler) == SIG_ERR)
		PTS_UNRES("signal(): %m");
	r = interrupted_read(1);
	if (r != -1 || errno != EINTR)
		PTS_FAILED("siginterrupt(1): read() returned %zd errno %d, expected EINTR",
			   r, errno);
	r = interrupted_read(0);
	if (r != 1)
		PTS_FAILED("siginterrupt(0): read() returned %zd (%m), expected the byte after restart",
			   r);
	PTS_EXPECT_ERRNO(siginterrupt(0, 1), EINVAL, "siginterrupt(0, 1)");
	PTS_EXPECT_ERRNO(siginterrupt(SIGRTMAX + 1, 1), EINVAL,
			 "siginterrupt(SIGRTMAX + 1, 1)");
	PTS_PASSED("flag 1: EINTR; flag 0: read restarted; EINVAL");
}
