// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vfork() suspends the parent until the child exits or execs, and the
 * child runs in the parent's memory: the child sees its parent blocked
 * (state D) and its stores are visible when vfork() returns to the
 * parent. After an execve() the parent runs again while the child is
 * still alive (blocked reading a pipe in the new program). vfork()
 * returns the child's pid, and the child's parent is the caller.
 */
#include <stdlib.h>
#include "exec_child_run.h"
#include "task_wait.h"

static volatile int child_done, parent_blocked, child_ppid;

static void test_exit(void)
{
	long long deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
	pid_t parent = getpid(), pid;

	child_done = parent_blocked = child_ppid = 0;
	pid = vfork();
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "vfork()");
	if (!pid) {
		/* no stdio, no return: only syscalls in the shared memory */
		while (task_state(parent, parent) != 'D' &&
		       task_wait_now_ms() < deadline)
			usleep(1000);
		parent_blocked = task_state(parent, parent) == 'D';
		child_ppid = getppid();
		child_done = 1;
		_exit(0);
	}
	TST_EXP_EXPR(child_done, "vfork() returned after the child exited, "
		     "its store visible");
	TST_EXP_EXPR(parent_blocked, "the child saw the parent blocked");
	TST_EXP_EXPR(child_ppid == parent, "the child's getppid() %d is the "
		     "parent %d", child_ppid, parent);
	reap_child(pid);
}

static void test_exec(void)
{
	char *argv[] = {"x", "stdin", NULL};
	const char *path = exec_child_path();
	int fds[2];
	pid_t pid;

	SAFE_PIPE(fds);
	pid = vfork();
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "vfork()");
	if (!pid) {
		/* the fd table is the child's own: this leaves the parent's */
		if (dup2(fds[0], 0) != 0 || close(fds[1]))
			_exit(EXEC_CHILD_NOT_RUN);
		execve(path, argv, (char *[]){NULL});
		_exit(EXEC_CHILD_NOT_RUN);
	}
	/* back here while the new program waits for end of file on stdin */
	wait_task_in_syscall(pid, __NR_read);
	TST_EXP_VAL(waitpid(pid, NULL, WNOHANG), 0, "vfork() returned after "
		    "the child's execve(), the child still runs");
	SAFE_CLOSE(fds[1]);
	SAFE_CLOSE(fds[0]);
	exec_child_report(pid, "the exec'd child ends when the pipe closes");
}

static void run(unsigned int n)
{
	if (n)
		test_exec();
	else
		test_exit();
}

static void setup(void)
{
	exec_child_path();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
