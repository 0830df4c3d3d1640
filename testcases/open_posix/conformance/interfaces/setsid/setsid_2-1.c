// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setsid() fails with [EPERM] when the caller is already a process group
 * leader, and when it is not but the process group ID of some other
 * process equals the caller's pid (the caller led a group, left it for
 * its parent's group, and a child of it stayed behind). In both cases
 * the session and the group are unchanged.
 */
#include "pts_helpers.h"

static int leader(void)
{
	pid_t sid = getsid(0);

	if (setpgid(0, 0))
		PTS_UNRES("setpgid(0, 0): %m");
	PTS_EXPECT_ERRNO(setsid(), EPERM, "setsid() by a group leader");
	if (getsid(0) != sid || getpgrp() != getpid())
		PTS_FAILED("session or group changed by a failed setsid()");
	return PTS_PASS;
}

static int left_group(void)
{
	pid_t me = getpid(), oldpg = getpgrp(), sid = getsid(0), k;
	int p[2], status;
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	if (setpgid(0, 0))
		PTS_UNRES("setpgid(0, 0): %m");
	fflush(stdout);
	k = fork();
	if (k < 0)
		PTS_UNRES("fork(): %m");
	if (!k) {
		close(p[1]);
		if (read(p[0], &c, 1) != 1)
			_exit(3);
		_exit(0);
	}
	close(p[0]);
	if (setpgid(0, oldpg))
		PTS_UNRES("setpgid(0, parent's group): %m");
	if (getpgid(k) != me || getpgrp() == me)
		PTS_UNRES("groups not as arranged: child %d, self %d",
			  (int)getpgid(k), (int)getpgrp());
	PTS_EXPECT_ERRNO(setsid(), EPERM,
			 "setsid() with a group whose ID is the caller's pid");
	if (getsid(0) != sid || getpgrp() != oldpg)
		PTS_FAILED("session or group changed by a failed setsid()");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	if (waitpid(k, &status, 0) != k || status)
		PTS_UNRES("grandchild status %#x", status);
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(leader, "group leader");
	pts_run_child(left_group, "former group leader");
	PTS_PASSED("EPERM for a group leader and for a pid in use as a group ID");
}
