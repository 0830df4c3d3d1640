/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the nice/getpriority/setpriority tests: the nice value a task
 * holds per /proc/PID/stat (field 19), children parked in a process group
 * or under a uid of their own, and a uid that no process uses, so that
 * PRIO_USER never touches a process outside the test.
 */
#ifndef PRIO_HELPERS_H
#define PRIO_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "tst_test.h"

#define FIRST_FREE_UID_TRY 54321

static inline long proc_nice(pid_t pid)
{
	char path[64], buf[1024], *p;
	int fd, field;
	ssize_t len;
	long nice;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)(pid ? pid : getpid()));
	fd = SAFE_OPEN(path, O_RDONLY);
	len = SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	buf[len] = '\0';
	/* fields restart after the last ')' of comm: field 3 follows it */
	p = strrchr(buf, ')');
	for (field = 2; p && field < 19; field++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p, " %ld", &nice) != 1)
		tst_brk(TBROK, "%s: cannot parse field 19 of '%s'", path, buf);
	return nice;
}

/* A uid with no process at all (getpriority(PRIO_USER) says ESRCH). */
static inline uid_t unused_uid(void)
{
	uid_t uid;

	for (uid = FIRST_FREE_UID_TRY; uid < FIRST_FREE_UID_TRY + 100; uid++) {
		errno = 0;
		if (getpriority(PRIO_USER, uid) == -1 && errno == ESRCH)
			return uid;
	}
	tst_brk(TBROK, "no unused uid in %d..%d", FIRST_FREE_UID_TRY,
		FIRST_FREE_UID_TRY + 99);
}

/*
 * Fork a child that sets nice, joins process group pgid (0: a new group
 * of its own, -1: stays), takes uid (-1: stays root), then sleeps on
 * checkpoint id until woken. Returns when the child is parked.
 */
static inline pid_t park_child(int nice, pid_t pgid, uid_t uid,
			       unsigned int id)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (setpriority(PRIO_PROCESS, 0, nice))
			tst_brk(TBROK | TERRNO, "setpriority(%d)", nice);
		if (pgid != -1 && setpgid(0, pgid))
			tst_brk(TBROK | TERRNO, "setpgid(0, %d)", (int)pgid);
		if (uid != (uid_t)-1 && setresuid(uid, uid, uid))
			tst_brk(TBROK | TERRNO, "setresuid(%d)", (int)uid);
		TST_CHECKPOINT_WAKE(0);
		TST_CHECKPOINT_WAIT(id);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	return pid;
}

#endif /* PRIO_HELPERS_H */
