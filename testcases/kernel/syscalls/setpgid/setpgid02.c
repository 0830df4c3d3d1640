// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setpgid() errors: EINVAL for a negative pgid; ESRCH for a pid that is
 * neither the caller nor its child (its parent, a pid that does not
 * exist); EACCES for a child that has called execve(); EPERM for moving a
 * session leader (a child after setsid(), from the parent, and such a
 * process itself), for a pgid naming a group in another session, and for a
 * pgid naming no group at all.
 */
#include <stdlib.h>
#include "exec_child_run.h"
#include "task_wait.h"

static void test_simple(void)
{
	TST_EXP_FAIL(setpgid(0, -1), EINVAL, "setpgid(0, -1)");
	TST_EXP_FAIL(setpgid(getppid(), 0), ESRCH,
		     "setpgid(parent, 0), not a child");
	TST_EXP_FAIL(setpgid(unused_pid(), 0), ESRCH, "setpgid(pid_max, 0)");
	TST_EXP_FAIL(setpgid(0, unused_pid()), EPERM,
		     "setpgid(0, pid_max), no such group");
}

static void test_exec(void)
{
	char *argv[] = {"x", "stdin", NULL};
	int fds[2];
	pid_t pid;

	SAFE_PIPE(fds);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_DUP2(fds[0], 0);
		SAFE_CLOSE(fds[1]);
		exec_child(argv, (char *[]){NULL});
	}
	wait_task_in_syscall(pid, __NR_read);
	TST_EXP_FAIL(setpgid(pid, pid), EACCES,
		     "setpgid() of a child that has called execve()");
	SAFE_CLOSE(fds[1]);
	SAFE_CLOSE(fds[0]);
	exec_child_report(pid, "the exec'd child ran to its end");
}

static void test_sessions(void)
{
	pid_t leader, other;

	leader = SAFE_FORK();
	if (!leader) {
		if (setsid() < 0)
			tst_brk(TBROK | TERRNO, "setsid()");
		TST_EXP_FAIL(setpgid(0, 0), EPERM,
			     "setpgid(0, 0) in a session leader");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_FAIL(setpgid(leader, leader), EPERM,
		     "setpgid() of a child that leads another session");
	other = SAFE_FORK();
	if (!other) {
		TST_EXP_FAIL(setpgid(0, leader), EPERM,
			     "setpgid(0, a group in another session)");
		exit(0);
	}
	reap_child(other);
	TST_CHECKPOINT_WAKE(0);
	reap_child(leader);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_simple();
		break;
	case 1:
		test_exec();
		break;
	case 2:
		test_sessions();
		break;
	}
}

static void setup(void)
{
	exec_child_path();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
