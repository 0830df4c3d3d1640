// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setpriority()/getpriority(): PRIO_PROCESS sets one process's nice
 * value (who 0 the caller), PRIO_PGRP every member of a process group,
 * PRIO_USER every process of a user; getpriority() of a group or user
 * reports the lowest value (highest priority) among them. Values are
 * clamped to -20..19. Errors: [ESRCH] for no such process, group or
 * user, [EINVAL] for a bad which, [EACCES] (Linux: EACCES) for nobody
 * lowering its own value, [EPERM] for nobody changing root's process.
 */
#include <sys/resource.h>

#include "pts_helpers.h"

static pid_t kids[2];

static int nobody(void)
{
	PTS_EXPECT_ERRNO(setpriority(PRIO_PROCESS, 0, -5), EACCES,
			 "nobody lowering its own value");
	PTS_EXPECT_ERRNO(setpriority(PRIO_PROCESS, kids[0], 10), EPERM,
			 "nobody changing root's process");
	return PTS_PASS;
}

static int prio_of(pid_t pid)
{
	return (int)pts_task_stat(pid, 19);
}

int main(void)
{
	int p[2], i, r, own;
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	fflush(stdout);
	for (i = 0; i < 2; i++) {
		kids[i] = fork();
		if (kids[i] < 0)
			PTS_UNRES("fork(): %s", strerror(errno));
		if (!kids[i]) {
			close(p[1]);
			_exit(read(p[0], &c, 1) == 0 ? 0 : 1);
		}
		setpgid(kids[i], kids[0]);
	}
	close(p[0]);
	own = getpriority(PRIO_PROCESS, 0);
	if (setpriority(PRIO_PROCESS, kids[0], 4) || prio_of(kids[0]) != 4 ||
	    prio_of(kids[1]) != own)
		PTS_FAILED("PRIO_PROCESS: %d and %d", prio_of(kids[0]),
			   prio_of(kids[1]));
	if (setpriority(PRIO_PGRP, kids[0], 9) || prio_of(kids[0]) != 9 ||
	    prio_of(kids[1]) != 9 || getpriority(PRIO_PROCESS, 0) != own)
		PTS_FAILED("PRIO_PGRP: %d and %d, own %d", prio_of(kids[0]),
			   prio_of(kids[1]), getpriority(PRIO_PROCESS, 0));
	setpriority(PRIO_PROCESS, kids[1], 12);
	errno = 0;
	r = getpriority(PRIO_PGRP, kids[0]);
	if (r != 9 || errno)
		PTS_FAILED("getpriority(PRIO_PGRP) %d, the lowest is 9", r);
	setpriority(PRIO_PROCESS, kids[1], 100);
	if (prio_of(kids[1]) != 19)
		PTS_FAILED("100 not clamped to 19 (%d)", prio_of(kids[1]));
	setpriority(PRIO_PROCESS, kids[1], -100);
	if (prio_of(kids[1]) != -20)
		PTS_FAILED("-100 not clamped to -20 (%d)", prio_of(kids[1]));
	setpriority(PRIO_PROCESS, kids[1], 0);

	PTS_EXPECT_ERRNO(setpriority(PRIO_PROCESS, 0x3fffffff, 1), ESRCH,
			 "no such process");
	PTS_EXPECT_ERRNO(setpriority(PRIO_PGRP, 0x3fffffff, 1), ESRCH,
			 "no such group");
	PTS_EXPECT_ERRNO(setpriority(PRIO_USER, PTS_OWN_UID_BASE + getpid(), 1),
			 ESRCH, "a user without processes");
	PTS_EXPECT_ERRNO(setpriority(42, 0, 1), EINVAL, "which 42");
	errno = 0;
	r = getpriority(PRIO_PROCESS, 0x3fffffff);
	if (r != -1 || errno != ESRCH)
		PTS_FAILED("getpriority() of no process: %d, errno %d", r, errno);
	if (geteuid() == 0)
		pts_run_as_nobody(nobody, "nobody child");
	if (prio_of(kids[0]) != 9)
		PTS_FAILED("a refused call changed root's process");
	close(p[1]);
	for (i = 0; i < 2; i++)
		pts_reap(kids[i], "group member");
	PTS_PASSED("PRIO_PROCESS, PRIO_PGRP (lowest reported), clamping; ESRCH, EINVAL, EACCES, EPERM");
}
