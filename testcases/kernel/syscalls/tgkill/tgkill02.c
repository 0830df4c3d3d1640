// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tgkill() errors: ESRCH when the tid is not a thread of tgid (a live
 * thread id with another process's tgid) and for a tid that does not
 * exist; EINVAL for tgid or tid not positive and for an invalid signal;
 * EPERM as nobody towards a root process.
 */
#include <signal.h>
#include <stdlib.h>
#include "task_wait.h"

static void run(void)
{
	pid_t self = getpid(), unused = unused_pid(), child;

	child = SAFE_FORK();
	if (!child) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	TST_EXP_FAIL(tgkill(child, self, SIGUSR1), ESRCH,
		     "tgkill(child's tgid, own tid)");
	TST_EXP_FAIL(tgkill(self, child, SIGUSR1), ESRCH,
		     "tgkill(own tgid, child's tid)");
	TST_EXP_FAIL(tgkill(self, unused, SIGUSR1), ESRCH,
		     "tgkill(own tgid, tid pid_max)");
	TST_EXP_FAIL(tgkill(0, self, SIGUSR1), EINVAL, "tgkill(0, tid)");
	TST_EXP_FAIL(tgkill(-1, self, SIGUSR1), EINVAL, "tgkill(-1, tid)");
	TST_EXP_FAIL(tgkill(self, 0, SIGUSR1), EINVAL, "tgkill(tgid, 0)");
	TST_EXP_FAIL(tgkill(self, -1, SIGUSR1), EINVAL, "tgkill(tgid, -1)");
	TST_EXP_FAIL(tgkill(self, self, _NSIG + 1), EINVAL,
		     "tgkill(self, self, %d)", _NSIG + 1);
	TST_CHECKPOINT_WAKE(0);
	reap_child(child);

	child = SAFE_FORK();
	if (!child) {
		tst_drop_privs();
		TST_EXP_FAIL(tgkill(self, self, SIGUSR1), EPERM,
			     "tgkill(root process) as nobody");
		TST_EXP_FAIL(tgkill(self, self, 0), EPERM,
			     "tgkill(root process, signal 0) as nobody");
		exit(0);
	}
	reap_child(child);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
