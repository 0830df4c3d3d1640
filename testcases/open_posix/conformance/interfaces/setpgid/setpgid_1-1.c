// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setpgid(): setpgid(0, 0) makes the caller the leader of a new group
 * whose ID is its pid; the parent's setpgid(child, 0) does the same for
 * the child; setpgid(child2, child1) moves a child into another existing
 * group of the same session; setpgid(child, own pgrp) moves it back.
 * Each change is read back with getpgid() (by the parent) and getpgrp()
 * (by the child itself); the session is unchanged.
 */
#include "pts_helpers.h"

static int self_leader(void)
{
	pid_t sid = getsid(0);

	if (setpgid(0, 0))
		PTS_FAILED("setpgid(0, 0): %m");
	if (getpgrp() != getpid() || getpgid(0) != getpid())
		PTS_FAILED("after setpgid(0, 0) getpgrp() %d, pid %d", (int)getpgrp(),
			   (int)getpid());
	if (getsid(0) != sid)
		PTS_FAILED("setpgid() changed the session");
	return PTS_PASS;
}

static pid_t waiter(int rfd)
{
	pid_t pid = fork();
	char c;

	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (read(rfd, &c, 1) != 1)
			_exit(3);
		/* report the group the child itself sees */
		_exit(getpgrp() == getpgid(0) ? 0 : 4);
	}
	return pid;
}

int main(void)
{
	pid_t mine = getpgrp(), c1, c2;
	int p[2], status;

	pts_run_child(self_leader, "self leader");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	c1 = waiter(p[0]);
	c2 = waiter(p[0]);
	if (getpgid(c1) != mine || getpgid(c2) != mine)
		PTS_FAILED("children not in the parent's group");
	if (setpgid(c1, 0))
		PTS_FAILED("setpgid(c1, 0): %m");
	if (getpgid(c1) != c1)
		PTS_FAILED("setpgid(c1, 0): group %d, expected %d", (int)getpgid(c1), (int)c1);
	if (setpgid(c2, c1))
		PTS_FAILED("setpgid(c2, c1): %m");
	if (getpgid(c2) != c1)
		PTS_FAILED("setpgid(c2, c1): group %d, expected %d", (int)getpgid(c2), (int)c1);
	if (setpgid(c2, mine))
		PTS_FAILED("setpgid(c2, own group): %m");
	if (getpgid(c2) != mine)
		PTS_FAILED("moved back: group %d, expected %d", (int)getpgid(c2), (int)mine);
	if (getsid(c1) != getsid(0) || getsid(c2) != getsid(0))
		PTS_FAILED("a child's session changed");
	if (write(p[1], "xx", 2) != 2)
		PTS_UNRES("write(): %m");
	if (waitpid(c1, &status, 0) != c1 || status)
		PTS_FAILED("child 1 status %#x", status);
	if (waitpid(c2, &status, 0) != c2 || status)
		PTS_FAILED("child 2 status %#x", status);
	PTS_PASSED("new groups, a move into another group and back, read back");
}
