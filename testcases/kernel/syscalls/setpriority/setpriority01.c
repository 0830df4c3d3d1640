// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setpriority(2) sets the nice value of every process selected, and
 * nothing else:
 * - PRIO_PROCESS: the caller (0) and a child by pid, seen in
 *   /proc/PID/stat; values are clamped to 19 and (root) -20;
 * - PRIO_PGRP: both members of a process group, not the caller outside it;
 * - PRIO_USER: both processes of a uid no other process uses, not the
 *   root caller;
 * - which = 3 is EINVAL; a reaped pid, an empty process group and a uid
 *   without processes are ESRCH;
 * - nobody may raise its nice value but lowering it is EACCES, unless
 *   RLIMIT_NICE allows it (RLIMIT_NICE 25 lets it reach -5, not -6);
 *   nobody setting a root process's nice value gets EPERM.
 */
#include <sys/wait.h>
#include "prio_helpers.h"
#include "cap_check.h"

static void set_ok(int which, id_t who, int nice, const char *what)
{
	TST_EXP_PASS(setpriority(which, who, nice), "setpriority(%s, %d)",
		     what, nice);
}

static void check_nice(pid_t pid, int want)
{
	long got = proc_nice(pid);

	TST_EXP_EXPR(got == want, "/proc/%d/stat: nice %ld (expected %d)",
		     (int)(pid ? pid : getpid()), got, want);
}

static void process(void)
{
	pid_t pid;

	set_ok(PRIO_PROCESS, 0, 7, "PRIO_PROCESS, 0");
	check_nice(0, 7);
	set_ok(PRIO_PROCESS, 0, 25, "PRIO_PROCESS, 0");
	check_nice(0, 19);
	set_ok(PRIO_PROCESS, 0, -25, "PRIO_PROCESS, 0");
	check_nice(0, -20);
	set_ok(PRIO_PROCESS, 0, 0, "PRIO_PROCESS, 0");

	pid = park_child(0, -1, -1, 1);
	set_ok(PRIO_PROCESS, pid, 12, "PRIO_PROCESS, child");
	check_nice(pid, 12);
	check_nice(0, 0);
	TST_CHECKPOINT_WAKE(1);
	reap_child(pid);
	TST_EXP_FAIL(setpriority(PRIO_PROCESS, pid, 1), ESRCH,
		     "setpriority(PRIO_PROCESS, reaped pid %d)", (int)pid);
}

static void pgrp(void)
{
	pid_t leader, member;

	leader = park_child(0, 0, -1, 1);
	member = park_child(3, leader, -1, 1);
	set_ok(PRIO_PGRP, leader, 8, "PRIO_PGRP, group");
	check_nice(leader, 8);
	check_nice(member, 8);
	check_nice(0, 0);
	TST_CHECKPOINT_WAKE2(1, 2);
	reap_child(leader);
	reap_child(member);
	TST_EXP_FAIL(setpriority(PRIO_PGRP, leader, 1), ESRCH,
		     "setpriority(PRIO_PGRP, empty group %d)", (int)leader);
}

static void user(void)
{
	uid_t uid = unused_uid();
	pid_t a, b;

	TST_EXP_FAIL(setpriority(PRIO_USER, uid, 1), ESRCH,
		     "setpriority(PRIO_USER, uid %d without processes)",
		     (int)uid);
	a = park_child(0, -1, uid, 1);
	b = park_child(4, -1, uid, 1);
	set_ok(PRIO_USER, uid, 9, "PRIO_USER, uid with two processes");
	check_nice(a, 9);
	check_nice(b, 9);
	check_nice(0, 0);
	TST_CHECKPOINT_WAKE2(1, 2);
	reap_child(a);
	reap_child(b);
}

static void bad_which(void)
{
	TST_EXP_FAIL(setpriority(3, 0, 1), EINVAL, "setpriority(3, 0, 1)");
}

static void nobody_lowering(void)
{
	pid_t parent = getppid();

	if (!SAFE_FORK()) {
		tst_drop_privs();
		set_ok(PRIO_PROCESS, 0, 5, "nobody: PRIO_PROCESS, 0");
		TST_EXP_FAIL(setpriority(PRIO_PROCESS, 0, 4), EACCES,
			     "nobody: setpriority(nice 5 -> 4)");
		check_nice(0, 5);
		TST_EXP_FAIL(setpriority(PRIO_PROCESS, parent, 10), EPERM,
			     "nobody: setpriority(root-owned %d)", (int)parent);
		check_nice(parent, 0);
		exit(0);
	}
	tst_reap_children();
}

static void nobody_rlimit_nice(void)
{
	struct rlimit rl = { 25, 25 };

	if (!SAFE_FORK()) {
		if (setrlimit(RLIMIT_NICE, &rl)) {
			if (errno == EPERM &&
			    !has_effective_cap(CAP_SYS_RESOURCE))
				tst_brk(TCONF, "cannot raise RLIMIT_NICE: root "
					"lacks CAP_SYS_RESOURCE (a container?)");
			tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NICE, 25)");
		}
		tst_drop_privs();
		set_ok(PRIO_PROCESS, 0, -5, "nobody, RLIMIT_NICE 25");
		check_nice(0, -5);
		TST_EXP_FAIL(setpriority(PRIO_PROCESS, 0, -6), EACCES,
			     "nobody, RLIMIT_NICE 25: setpriority(-6)");
		check_nice(0, -5);
		exit(0);
	}
	tst_reap_children();
}

static void (*const cases[])(void) = {
	process,
	pgrp,
	user,
	bad_which,
	nobody_lowering,
	nobody_rlimit_nice,
};

static void run(unsigned int n)
{
	/* the test process keeps nice 0 */
	if (!SAFE_FORK()) {
		cases[n]();
		exit(0);
	}
	tst_reap_children();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
