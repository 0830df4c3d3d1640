// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getpriority(2) returns the highest priority (lowest nice value) among
 * the processes selected:
 * - PRIO_PROCESS: the caller (0) and a child at nice 7;
 * - PRIO_PGRP: a process group of two children at nice 9 and 5 gives 5,
 *   asked by its id and, from inside the group, as 0;
 * - PRIO_USER: two children under a uid no other process uses, at nice
 *   11 and 6, give 6;
 * - the system call itself returns 20 - nice (1..40), so that no valid
 *   answer looks like an error; the C library turns it back into the nice
 *   value;
 * - which = 3 or -1 is EINVAL; a reaped pid, a process group without
 *   members and a uid without processes are ESRCH.
 */
#include <sys/wait.h>
#include "prio_helpers.h"

static void check_prio(int which, id_t who, int want, const char *what)
{
	errno = 0;
	TEST(getpriority(which, who));
	if (TST_RET == want && !TST_ERR)
		tst_res(TPASS, "getpriority(%s) = %d", what, want);
	else
		tst_res(TFAIL | TTERRNO, "getpriority(%s) = %ld, expected %d",
			what, TST_RET, want);
}

static void process(void)
{
	pid_t pid;

	check_prio(PRIO_PROCESS, 0, 0, "PRIO_PROCESS, 0");
	TST_EXP_VAL(tst_syscall(__NR_getpriority, PRIO_PROCESS, 0), 20,
		    "raw getpriority(PRIO_PROCESS, 0) at nice 0");

	pid = park_child(7, -1, -1, 1);
	check_prio(PRIO_PROCESS, pid, 7, "PRIO_PROCESS, child at nice 7");
	TST_EXP_VAL(tst_syscall(__NR_getpriority, PRIO_PROCESS, pid), 13,
		    "raw getpriority() of the child at nice 7");
	TST_CHECKPOINT_WAKE(1);
	reap_child(pid);
	TST_EXP_FAIL(getpriority(PRIO_PROCESS, pid), ESRCH,
		     "getpriority(PRIO_PROCESS, reaped pid %d)", (int)pid);
}

static void pgrp(void)
{
	pid_t leader, member, asker;

	leader = park_child(9, 0, -1, 1);
	member = park_child(5, leader, -1, 1);
	check_prio(PRIO_PGRP, leader, 5, "PRIO_PGRP of nice 9 and 5");

	asker = SAFE_FORK();
	if (!asker) {
		if (setpgid(0, leader))
			tst_brk(TBROK | TERRNO, "setpgid()");
		if (setpriority(PRIO_PROCESS, 0, 15))
			tst_brk(TBROK | TERRNO, "setpriority(15)");
		check_prio(PRIO_PGRP, 0, 5, "PRIO_PGRP, 0 from a member");
		exit(0);
	}
	/* the group must live until the asker is done */
	reap_child(asker);
	TST_CHECKPOINT_WAKE2(1, 2);
	reap_child(leader);
	reap_child(member);
	TST_EXP_FAIL(getpriority(PRIO_PGRP, leader), ESRCH,
		     "getpriority(PRIO_PGRP, empty group %d)", (int)leader);
}

static void user(void)
{
	uid_t uid = unused_uid();
	pid_t a, b;

	TST_EXP_FAIL(getpriority(PRIO_USER, uid), ESRCH,
		     "getpriority(PRIO_USER, uid %d without processes)",
		     (int)uid);
	a = park_child(11, -1, uid, 1);
	b = park_child(6, -1, uid, 1);
	check_prio(PRIO_USER, uid, 6, "PRIO_USER of nice 11 and 6");
	TST_CHECKPOINT_WAKE2(1, 2);
	reap_child(a);
	reap_child(b);
}

static void bad_which(void)
{
	TST_EXP_FAIL(getpriority(3, 0), EINVAL, "getpriority(3, 0)");
	TST_EXP_FAIL(getpriority(-1, 0), EINVAL, "getpriority(-1, 0)");
}

static void (*const cases[])(void) = {
	process,
	pgrp,
	user,
	bad_which,
};

static void run(unsigned int n)
{
	cases[n]();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
