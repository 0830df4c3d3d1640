// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setsid() in a process that leads no process group starts a session: it
 * returns the new session id, the caller's pid, which getsid() and
 * getpgrp() then report; the new session has no controlling terminal
 * (opening /dev/tty fails with ENXIO) and the parent's session is
 * unchanged. EPERM for a process group leader (a second setsid() too), and
 * for a process whose pid is the id of an existing process group.
 */
#include <stdlib.h>
#include "task_wait.h"

static void test_new_session(void)
{
	pid_t parent_sid = getsid(0), pid = SAFE_FORK();

	if (!pid) {
		TST_EXP_VAL(setsid(), getpid(), "setsid() in a child");
		TST_EXP_EQ_LI(getsid(0), getpid());
		TST_EXP_EQ_LI(getpgrp(), getpid());
		TST_EXP_FAIL(open("/dev/tty", O_RDWR), ENXIO,
			     "open(/dev/tty) without a controlling terminal");
		TST_EXP_FAIL(setsid(), EPERM, "a second setsid()");
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EQ_LI(getsid(0), parent_sid);
}

static void test_group_leader(void)
{
	pid_t pid;

	/* the test process leads its own process group */
	TST_EXP_EQ_LI(getpgrp(), getpid());
	TST_EXP_FAIL(setsid(), EPERM, "setsid() in the test process, a "
		     "process group leader");
	pid = SAFE_FORK();
	if (!pid) {
		if (setpgid(0, 0))
			tst_brk(TBROK | TERRNO, "setpgid(0, 0)");
		TST_EXP_FAIL(setsid(), EPERM,
			     "setsid() in a child that made itself a group "
			     "leader");
		exit(0);
	}
	reap_child(pid);
}

/*
 * The child leads a group, leaves a member in it and moves to the test's
 * group: it leads nothing, but a group with its pid exists.
 */
static void test_group_exists(void)
{
	pid_t pid = SAFE_FORK(), member;

	if (!pid) {
		if (setpgid(0, 0))
			tst_brk(TBROK | TERRNO, "setpgid(0, 0)");
		member = SAFE_FORK();
		if (!member) {
			TST_CHECKPOINT_WAIT(0);
			exit(0);
		}
		if (setpgid(0, getppid()))
			tst_brk(TBROK | TERRNO, "setpgid(0, %d)", getppid());
		TST_EXP_FAIL(setsid(), EPERM, "setsid() while process group "
			     "%d (its pid) exists", getpid());
		TST_CHECKPOINT_WAKE(0);
		reap_child(member);
		exit(0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_new_session();
		break;
	case 1:
		test_group_leader();
		break;
	case 2:
		test_group_exists();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
