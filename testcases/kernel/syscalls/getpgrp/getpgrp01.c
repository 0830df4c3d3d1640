// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getpgrp(2), called raw (glibc's getpgrp() is getpgid(0)), returns the
 * caller's process group, the fifth field of /proc/self/stat:
 * - for the test process, and for a forked child, which is in its
 *   parent's group;
 * - after the child made a group of its own with setpgid(0, 0), that
 *   group (its pid);
 * - for a second child that joined the first child's group, that group;
 * - after setsid(), the new session's group (the caller's pid).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "task_wait.h"

static long sys_getpgrp(void)
{
	return syscall(__NR_getpgrp);
}

/* The pgrp field of /proc/self/stat (after the comm in parentheses). */
static long proc_pgrp(void)
{
	char buf[512], *p;
	long pgrp;
	int fd, len;

	fd = SAFE_OPEN("/proc/self/stat", O_RDONLY);
	len = SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	buf[len] = 0;
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %*c %*d %ld", &pgrp) != 1)
		tst_brk(TBROK, "cannot parse /proc/self/stat: %s", buf);
	return pgrp;
}

static void check(long want, const char *who)
{
	long got = sys_getpgrp();

	TST_EXP_EXPR(got == want && got == proc_pgrp() &&
		     got == getpgid(0), "%s: getpgrp() = %ld (expected %ld, "
		     "/proc/self/stat %ld, getpgid(0) %ld)", who, got, want,
		     proc_pgrp(), (long)getpgid(0));
}

static void run(void)
{
	long mine = proc_pgrp();
	pid_t first, second;

	check(mine, "test process");

	first = SAFE_FORK();
	if (!first) {
		check(mine, "forked child");
		if (setpgid(0, 0))
			tst_brk(TBROK | TERRNO, "setpgid(0, 0)");
		check(getpid(), "child after setpgid(0, 0)");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	second = SAFE_FORK();
	if (!second) {
		if (setpgid(0, first))
			tst_brk(TBROK | TERRNO, "setpgid(0, %d)", (int)first);
		check(first, "second child in the first child's group");
		if (setsid() < 0)
			tst_brk(TBROK | TERRNO, "setsid()");
		check(getpid(), "second child after setsid()");
		exit(0);
	}
	reap_child(second);
	TST_CHECKPOINT_WAKE(0);
	reap_child(first);
	check(mine, "test process after its children moved");
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
