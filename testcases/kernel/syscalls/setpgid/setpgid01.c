// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setpgid(): a process makes itself a group leader with (0, 0); a parent
 * moves its child into a new group with (child, child), and another child
 * into that existing group of the same session; a process joins the
 * group of its choice with (0, pgid). getpgid() shows each move.
 */
#include <stdlib.h>
#include "task_wait.h"

static void run(void)
{
	pid_t a, b, self = getpid();

	a = SAFE_FORK();
	if (!a) {
		TST_EXP_PASS(setpgid(0, 0), "setpgid(0, 0)");
		TST_EXP_EQ_LI(getpgrp(), getpid());
		TST_EXP_PASS(setpgid(0, getppid()), "setpgid(0, parent's "
			     "group)");
		TST_EXP_EQ_LI(getpgrp(), getppid());
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	b = SAFE_FORK();
	if (!b) {
		TST_CHECKPOINT_WAIT(1);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EQ_LI(getpgid(a), self);
	TST_EXP_PASS(setpgid(a, a), "setpgid(child, child)");
	TST_EXP_EQ_LI(getpgid(a), a);
	TST_EXP_PASS(setpgid(b, a), "setpgid(other child, first child's "
		     "group)");
	TST_EXP_EQ_LI(getpgid(b), a);
	TST_EXP_PASS(setpgid(b, 0), "setpgid(other child, 0)");
	TST_EXP_EQ_LI(getpgid(b), b);
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAKE(1);
	reap_child(a);
	reap_child(b);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
