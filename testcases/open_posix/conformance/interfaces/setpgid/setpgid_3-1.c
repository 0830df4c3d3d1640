// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setpgid(): a process group exists while it has members, not only while
 * its leader lives: after the leader has exited (and been reaped), a
 * member stays in the group (getpgid() still reads it) and another child
 * can still be moved into it with setpgid(child, pgid); once the last
 * member has gone the group is gone and setpgid() into it fails with
 * [EPERM].
 */
#include "pts_helpers.h"

static pid_t waiter(int rfd, pid_t pg)
{
	pid_t pid = fork();
	char c;

	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (pg >= 0 && setpgid(0, pg))
			_exit(3);
		if (read(rfd, &c, 1) != 1)
			_exit(4);
		_exit(0);
	}
	if (pg >= 0)
		setpgid(pid, pg ? pg : pid);
	return pid;
}

int main(void)
{
	int lp[2], mp[2], np[2], status;
	pid_t leader, member, late, other;

	if (pipe(lp) || pipe(mp) || pipe(np))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	leader = waiter(lp[0], 0);
	member = waiter(mp[0], leader);
	late = waiter(np[0], -1);
	if (getpgid(leader) != leader || getpgid(member) != leader)
		PTS_UNRES("groups not as arranged");
	if (write(lp[1], "x", 1) != 1 || waitpid(leader, &status, 0) != leader || status)
		PTS_UNRES("leader did not exit cleanly");
	if (getpgid(member) != leader)
		PTS_FAILED("the member's group after its leader's exit: %d, expected %d",
			   (int)getpgid(member), (int)leader);
	if (setpgid(late, leader))
		PTS_FAILED("setpgid(child, group whose leader is gone): %m");
	if (getpgid(late) != leader)
		PTS_FAILED("moved child's group %d", (int)getpgid(late));
	if (write(mp[1], "x", 1) != 1 || waitpid(member, &status, 0) != member)
		PTS_UNRES("member did not exit");
	/* late is the last member: move it out, then the group is empty */
	if (setpgid(late, getpgrp()))
		PTS_FAILED("setpgid(late, own group): %m");
	other = waiter(np[0], -1);
	PTS_EXPECT_ERRNO(setpgid(other, leader), EPERM,
			 "setpgid(child, group with no member left)");
	if (write(np[1], "xx", 2) != 2)
		PTS_UNRES("write(): %m");
	waitpid(late, &status, 0);
	waitpid(other, &status, 0);
	PTS_PASSED("a group outlives its leader while it has members; EPERM once empty");
}
