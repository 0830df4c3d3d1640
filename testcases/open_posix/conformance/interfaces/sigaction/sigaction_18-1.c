// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(): SA_RESTART makes wait(), waitpid() and sigwaitinfo-free
 * blocking calls interrupted by the caught signal restart: a wait()
 * interrupted by a SA_RESTART handler goes on waiting and returns the
 * child once it exits (the handler having run); the same wait with the
 * handler installed without SA_RESTART fails with [EINTR].
 */
#include "pts_helpers.h"

static volatile sig_atomic_t got;

static void handler(int sig)
{
	(void)sig;
	got++;
}

static pid_t run(int flags)
{
	struct sigaction sa = { .sa_handler = handler };
	pid_t me = getpid(), pid, r;
	int p[2], status;
	char c;

	sigemptyset(&sa.sa_mask);
	sa.sa_flags = flags;
	sigaction(SIGUSR1, &sa, NULL);
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	got = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[1]);
		pts_wait_in_syscall(me, SYS_wait4);
		kill(me, SIGUSR1);
		/* exit only when told, so a restart really waits again */
		if (read(p[0], &c, 1) != 1)
			_exit(3);
		_exit(0);
	}
	close(p[0]);
	if (flags) {
		/* the parent restarts waiting; a helper child lets go */
		pid_t h = fork();

		if (h < 0)
			PTS_UNRES("fork(): %m");
		if (!h) {
			long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(20);

			/* after the signal, the parent sleeps in wait4 again */
			while (pts_shared_pending(me) & (1ULL << (SIGUSR1 - 1))) {
				if (pts_now(CLOCK_MONOTONIC) > end)
					_exit(4);
				pts_nap();
			}
			pts_wait_in_syscall(me, SYS_wait4);
			_exit(write(p[1], "x", 1) == 1 ? 0 : 5);
		}
		close(p[1]);
		r = waitpid(pid, &status, 0);
		pts_reap(h, "helper");
		if (r != pid)
			PTS_FAILED("SA_RESTART: waitpid() returned %d (%m), expected %d",
				   (int)r, (int)pid);
	} else {
		r = waitpid(pid, &status, 0);
		if (r != -1 || errno != EINTR)
			PTS_FAILED("no SA_RESTART: waitpid() returned %d (errno %d), expected EINTR",
				   (int)r, errno);
		close(p[1]);
		waitpid(pid, &status, 0);
	}
	if (got != 1)
		PTS_FAILED("the handler ran %d times", (int)got);
	return r;
}

int main(void)
{
	run(SA_RESTART);
	run(0);
	PTS_PASSED("SA_RESTART restarts an interrupted waitpid(); without it EINTR");
}
