// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ioprio_get(): IOPRIO_WHO_PROCESS with who 0 and with the own pid
 * returns the priority the process set (best-effort levels 0..7, idle);
 * a forked child inherits it and the parent reads the child's by pid;
 * IOPRIO_WHO_PGRP of a process group whose only member set best-effort
 * level 2 returns that. ESRCH for a pid and a process group that cannot
 * exist and for a user id with no processes, EINVAL for an unknown
 * "which".
 */
#include <stdlib.h>
#include <linux/ioprio.h>
#include "task_wait.h"

#define IOP(class, level) (((class) << IOPRIO_CLASS_SHIFT) | (level))

static long sys_ioprio_get(int which, int who)
{
	return syscall(__NR_ioprio_get, which, who);
}

static long sys_ioprio_set(int which, int who, int ioprio)
{
	return syscall(__NR_ioprio_set, which, who, ioprio);
}

static void set_own(int ioprio)
{
	if (sys_ioprio_set(IOPRIO_WHO_PROCESS, 0, ioprio))
		tst_brk(TBROK | TERRNO, "ioprio_set(self, 0x%x)", ioprio);
}

static void test_self(void)
{
	int level, bad = 0;

	for (level = 0; level < 8; level++) {
		set_own(IOP(IOPRIO_CLASS_BE, level));
		if (sys_ioprio_get(IOPRIO_WHO_PROCESS, 0) !=
		    IOP(IOPRIO_CLASS_BE, level) ||
		    sys_ioprio_get(IOPRIO_WHO_PROCESS, getpid()) !=
		    IOP(IOPRIO_CLASS_BE, level)) {
			tst_res(TFAIL, "best-effort level %d set, read 0x%lx",
				level, sys_ioprio_get(IOPRIO_WHO_PROCESS, 0));
			bad++;
		}
	}
	TST_EXP_EXPR(!bad, "ioprio_get(IOPRIO_WHO_PROCESS, 0 and own pid) "
		     "returns each best-effort level set");
	set_own(IOP(IOPRIO_CLASS_IDLE, 0));
	TST_EXP_VAL(sys_ioprio_get(IOPRIO_WHO_PROCESS, 0),
		    IOP(IOPRIO_CLASS_IDLE, 0), "ioprio_get() after setting "
		    "the idle class");
}

static void test_child(void)
{
	int ioprio = IOP(IOPRIO_CLASS_BE, 6);
	int pipefd[2];
	char c;
	pid_t pid;

	set_own(ioprio);
	SAFE_PIPE(pipefd);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(pipefd[1]);
		TST_EXP_VAL(sys_ioprio_get(IOPRIO_WHO_PROCESS, 0), ioprio,
			    "ioprio_get(self) in a forked child");
		SAFE_READ(0, pipefd[0], &c, 1);
		exit(0);
	}
	SAFE_CLOSE(pipefd[0]);
	TST_EXP_VAL(sys_ioprio_get(IOPRIO_WHO_PROCESS, pid), ioprio,
		    "ioprio_get(IOPRIO_WHO_PROCESS, child's pid)");
	SAFE_CLOSE(pipefd[1]);
	reap_child(pid);

	pid = SAFE_FORK();
	if (!pid) {
		if (setpgid(0, 0))
			tst_brk(TBROK | TERRNO, "setpgid()");
		set_own(IOP(IOPRIO_CLASS_BE, 2));
		TST_EXP_VAL(sys_ioprio_get(IOPRIO_WHO_PGRP, 0),
			    IOP(IOPRIO_CLASS_BE, 2), "ioprio_get(IOPRIO_WHO_PGRP, "
			    "own one-member group)");
		TST_EXP_VAL(sys_ioprio_get(IOPRIO_WHO_PGRP, getpid()),
			    IOP(IOPRIO_CLASS_BE, 2), "ioprio_get(IOPRIO_WHO_PGRP, "
			    "its pgid)");
		exit(0);
	}
	reap_child(pid);
}

static void test_errors(void)
{
	pid_t unused = unused_pid();

	TST_EXP_FAIL(sys_ioprio_get(IOPRIO_WHO_PROCESS, unused), ESRCH,
		     "ioprio_get(IOPRIO_WHO_PROCESS, pid %d)", (int)unused);
	TST_EXP_FAIL(sys_ioprio_get(IOPRIO_WHO_PGRP, unused), ESRCH,
		     "ioprio_get(IOPRIO_WHO_PGRP, pgid %d)", (int)unused);
	TST_EXP_FAIL(sys_ioprio_get(IOPRIO_WHO_USER, 3999999), ESRCH,
		     "ioprio_get(IOPRIO_WHO_USER, uid with no processes)");
	TST_EXP_FAIL(sys_ioprio_get(4, 0), EINVAL, "ioprio_get(which 4)");
	TST_EXP_FAIL(sys_ioprio_get(0, 0), EINVAL, "ioprio_get(which 0)");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_self();
	else if (n == 1)
		test_child();
	else
		test_errors();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.forks_child = 1,
};
