// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * wait(): "If wait() ... is interrupted by a signal" caught by a handler
 * installed without SA_RESTART it fails with [EINTR] and the child is
 * not reaped (a later wait() returns it); a NULL stat_loc is allowed
 * and the child is still reaped. With several terminated children each
 * wait() returns a different one, each exactly once.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t got;

static void handler(int sig)
{
	(void)sig;
	got = 1;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = handler };
	pid_t me = getpid(), pid, r, kids[3];
	int i, j, p[2], status, seen[3] = { 0 };
	char c;

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %m");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[1]);
		pts_wait_in_syscall(me, SYS_wait4);
		kill(me, SIGUSR1);
		if (read(p[0], &c, 1) != 1)
			_exit(3);
		_exit(4);
	}
	close(p[0]);
	r = wait(&status);
	if (r != -1 || errno != EINTR || !got)
		PTS_FAILED("wait() interrupted by a caught signal returned %d (errno %d, handler %d)",
			   (int)r, errno, (int)got);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	r = wait(NULL);
	if (r != pid)
		PTS_FAILED("wait(NULL) returned %d (%m), expected %d", (int)r, (int)pid);

	for (i = 0; i < 3; i++) {
		kids[i] = fork();
		if (kids[i] < 0)
			PTS_UNRES("fork(): %m");
		if (!kids[i])
			_exit(20 + i);
	}
	for (i = 0; i < 3; i++) {
		r = wait(&status);
		for (j = 0; j < 3 && kids[j] != r; j++)
			;
		if (j == 3 || seen[j] || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 20 + j)
			PTS_FAILED("wait() #%d returned %d status %#x", i, (int)r, status);
		seen[j] = 1;
	}
	PTS_EXPECT_ERRNO(wait(NULL), ECHILD, "wait() after all were reaped");
	PTS_PASSED("EINTR without reaping, NULL stat_loc, each child reaped once");
}
