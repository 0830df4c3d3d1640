// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork() fails with [EAGAIN] when the caller's user would exceed its
 * process limit (RLIMIT_NPROC, a uid of its own running 3 processes with
 * a limit of 3), and no child is created (wait() finds only the two
 * earlier ones); once one of them is reaped, fork() succeeds again.
 */
#include "pts_helpers.h"

static pid_t waiter(int rfd)
{
	pid_t pid = fork();
	char c;

	if (!pid) {
		if (read(rfd, &c, 1) != 1)
			_exit(3);
		_exit(0);
	}
	return pid;
}

static int limited(void)
{
	struct rlimit rl = { 3, 3 };
	int p[2], status;
	pid_t a, b, c, r;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	if (setrlimit(RLIMIT_NPROC, &rl))
		PTS_UNRES("setrlimit(): %m");
	a = waiter(p[0]);
	b = waiter(p[0]);
	if (a < 0 || b < 0)
		PTS_FAILED("fork() below the limit failed: %m");
	PTS_EXPECT_ERRNO(fork(), EAGAIN, "fork() at RLIMIT_NPROC");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	r = wait(&status);
	if (r != a && r != b)
		PTS_FAILED("wait() returned %d, not one of the two children", (int)r);
	c = fork();
	if (c < 0)
		PTS_FAILED("fork() after a child was reaped: %m");
	if (!c)
		_exit(0);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	while ((r = wait(&status)) > 0)
		if (r != a && r != b && r != c)
			PTS_FAILED("wait() returned an unknown child %d", (int)r);
	return PTS_PASS;
}

int main(void)
{
	pts_run_as_own_uid(limited, "limited user");
	PTS_PASSED("EAGAIN at RLIMIT_NPROC with no child created, success after a reap");
}
