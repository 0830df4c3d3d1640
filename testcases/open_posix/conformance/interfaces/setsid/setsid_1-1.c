// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setsid(): a process that is not a group leader becomes the leader of a
 * new session and of a new process group, both with its pid as ID, and
 * has no controlling terminal (open("/dev/tty") fails with [ENXIO]);
 * setsid() returns the new group ID. Its parent sees the child's new
 * session and group through getsid() and getpgid(), and its own stay.
 */
#include "pts_helpers.h"

static int newsess(void)
{
	pid_t me = getpid(), r;

	r = setsid();
	if (r != me)
		PTS_FAILED("setsid() returned %d (%m), expected %d", (int)r, (int)me);
	if (getsid(0) != me || getpgrp() != me)
		PTS_FAILED("sid %d pgrp %d, expected %d", (int)getsid(0), (int)getpgrp(),
			   (int)me);
	PTS_EXPECT_ERRNO(open("/dev/tty", O_RDWR), ENXIO,
			 "open(/dev/tty) in a new session");
	return PTS_PASS;
}

int main(void)
{
	pid_t sid = getsid(0), pg = getpgrp(), pid;
	int p[2], status;
	char c;

	pts_run_child(newsess, "new session");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[1]);
		if (setsid() < 0)
			_exit(3);
		if (read(p[0], &c, 1) != 1)
			_exit(4);
		_exit(0);
	}
	close(p[0]);
	pts_wait_in_syscall(pid, SYS_read);
	if (getsid(pid) != pid || getpgid(pid) != pid)
		PTS_FAILED("parent sees child sid %d pgid %d, expected %d",
			   (int)getsid(pid), (int)getpgid(pid), (int)pid);
	if (getsid(0) != sid || getpgrp() != pg)
		PTS_FAILED("the parent's session or group changed");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	if (waitpid(pid, &status, 0) != pid || status)
		PTS_FAILED("child status %#x", status);
	PTS_PASSED("new session and group with the caller's pid, no controlling terminal");
}
