// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getpgid() returns a process's group: getpgid(0) is getpgrp(); a forked
 * child is in the parent's group until setpgid() moves it, which
 * getpgid() of it then shows. ESRCH for a pid that does not exist.
 */
#include <stdlib.h>
#include "task_wait.h"

static void run(void)
{
	pid_t pid;

	TST_EXP_EQ_LI(getpgid(0), getpgrp());
	TST_EXP_EQ_LI(getpgid(getpid()), getpgrp());
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_EQ_LI(getpgid(0), getpgid(getppid()));
		TST_CHECKPOINT_WAKE(0);
		TST_CHECKPOINT_WAIT(1);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EQ_LI(getpgid(pid), getpgrp());
	if (setpgid(pid, pid))
		tst_brk(TBROK | TERRNO, "setpgid(%d, %d)", pid, pid);
	TST_EXP_VAL(getpgid(pid), pid, "getpgid() of the child once it leads "
		    "its own group");
	TST_CHECKPOINT_WAKE(1);
	reap_child(pid);
	TST_EXP_FAIL(getpgid(unused_pid()), ESRCH, "getpgid(pid_max)");
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
