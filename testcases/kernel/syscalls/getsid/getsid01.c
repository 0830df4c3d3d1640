// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getsid() returns a process's session id: getsid(0) is the caller's; a
 * forked child is in the parent's session until its setsid(), after which
 * getsid() of it (from the parent, in another session) is its pid. ESRCH
 * for a pid that does not exist.
 */
#include <stdlib.h>
#include "task_wait.h"

static void run(void)
{
	pid_t sid = getsid(0), pid;

	TST_EXP_EQ_LI(getsid(0), getsid(getpid()));
	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		if (setsid() < 0)
			tst_brk(TBROK | TERRNO, "setsid()");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EQ_LI(getsid(pid), sid);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	TST_EXP_VAL(getsid(pid), pid, "getsid() of a child after its setsid()");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	TST_EXP_FAIL(getsid(unused_pid()), ESRCH, "getsid(pid_max)");
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
