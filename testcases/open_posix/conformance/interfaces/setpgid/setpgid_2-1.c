// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setpgid() errors: [EINVAL] for a negative pgid; [ESRCH] for a pid that
 * is neither the caller nor one of its children (pid 1, a grandchild);
 * [EPERM] for a pgid naming no group in the caller's session, for a
 * child in another session (it called setsid()) and for a session
 * leader moving itself; [EACCES] for a child that has executed one of
 * the exec functions. The groups read back unchanged after each error.
 */
#include "pts_helpers.h"

static char self[4096];

static pid_t child(int rfd, int do_setsid, int do_exec)
{
	pid_t pid = fork();
	char c;

	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (do_setsid && setsid() < 0)
			_exit(3);
		if (do_exec) {
			dup2(rfd, 0);
			execl(self, "setpgid_2-1", "wait", (char *)NULL);
			_exit(4);
		}
		if (read(rfd, &c, 1) != 1)
			_exit(5);
		_exit(0);
	}
	return pid;
}

static int leader(void)
{
	if (setsid() < 0)
		PTS_UNRES("setsid(): %m");
	PTS_EXPECT_ERRNO(setpgid(0, 0), EPERM, "setpgid(0, 0) by a session leader");
	PTS_EXPECT_ERRNO(setpgid(0, getppid()), EPERM,
			 "setpgid(0, group of another session) by a session leader");
	return PTS_PASS;
}

int main(int argc, char *argv[])
{
	pid_t mine = getpgrp(), plain, other, execd, gc;
	int p[2], q[2], status, i;
	char c;

	(void)argv;

	if (argc > 1) {
		/* the exec'd child: wait for the byte on stdin */
		return read(0, &c, 1) == 1 ? 0 : 6;
	}
	i = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (i <= 0)
		PTS_UNRES("readlink(/proc/self/exe): %m");
	self[i] = 0;
	if (pipe(p) || pipe(q))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	plain = child(p[0], 0, 0);
	other = child(p[0], 1, 0);
	execd = child(p[0], 0, 1);
	gc = fork();
	if (gc < 0)
		PTS_UNRES("fork(): %m");
	if (!gc) {
		pid_t g = fork();

		if (!g) {
			if (read(p[0], &c, 1) != 1)
				_exit(5);
			_exit(0);
		}
		if (write(q[1], &g, sizeof(g)) != sizeof(g))
			_exit(3);
		_exit(waitpid(g, &status, 0) == g && !status ? 0 : 4);
	}
	if (read(q[0], &gc, sizeof(gc)) != sizeof(gc))
		PTS_UNRES("no grandchild pid");
	/* wait until the two children have done their setsid()/exec */
	pts_wait_in_syscall(other, SYS_read);
	pts_wait_in_syscall(execd, SYS_read);

	PTS_EXPECT_ERRNO(setpgid(plain, -1), EINVAL, "setpgid(child, -1)");
	PTS_EXPECT_ERRNO(setpgid(1, 0), ESRCH, "setpgid(1, 0)");
	PTS_EXPECT_ERRNO(setpgid(gc, 0), ESRCH, "setpgid(grandchild, 0)");
	PTS_EXPECT_ERRNO(setpgid(plain, gc), EPERM,
			 "setpgid(child, pid of a process that leads no group)");
	PTS_EXPECT_ERRNO(setpgid(plain, other), EPERM,
			 "setpgid(child, group of another session)");
	PTS_EXPECT_ERRNO(setpgid(other, 0), EPERM,
			 "setpgid(child that is a session leader, 0)");
	PTS_EXPECT_ERRNO(setpgid(execd, 0), EACCES, "setpgid(exec'd child, 0)");
	if (getpgid(plain) != mine || getpgid(execd) != mine || getpgid(other) != other)
		PTS_FAILED("a group changed after a failed setpgid()");
	pts_run_child(leader, "session leader");
	if (write(p[1], "xxxx", 4) != 4)
		PTS_UNRES("write(): %m");
	for (i = 0; i < 4; i++) {
		pid_t r = wait(&status);

		if (r < 0 || status)
			PTS_FAILED("child %d status %#x", (int)r, status);
	}
	PTS_PASSED("EINVAL, ESRCH, EPERM (other session, session leader), EACCES after exec");
}
