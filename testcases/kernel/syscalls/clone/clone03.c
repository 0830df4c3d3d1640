// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tid and vfork flags of clone(): CLONE_PARENT_SETTID stores the new
 * tid in the parent's memory, CLONE_CHILD_SETTID in the child's (also
 * when that memory is a copy), CLONE_CHILD_CLEARTID zeroes the child's
 * word at its exit and wakes a futex waiter on it (what pthread_join
 * relies on); CLONE_VFORK keeps the parent asleep until the child exits
 * (the child sees it blocked, and its last store is visible when clone()
 * returns); CLONE_PARENT makes the new process a sibling, a child of the
 * caller's parent.
 */
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <linux/futex.h>
#include "task_wait.h"

#define STACK_SIZE	(256 * 1024)

static char *stack;
static volatile pid_t parent_tid, child_tid;
static volatile int child_saw_tid, child_done, parent_blocked;
static pid_t test_pid;

static int settid_child(void *arg)
{
	(void)arg;
	/* in a copy of the memory: only the child's store can be here */
	child_saw_tid = child_tid == gettid();
	return child_saw_tid ? 0 : 1;
}

static void test_settid(void)
{
	pid_t pid;
	int status;

	parent_tid = child_tid = 0;
	pid = clone(settid_child, stack + STACK_SIZE,
		    CLONE_PARENT_SETTID | CLONE_CHILD_SETTID | SIGCHLD, NULL,
		    &parent_tid, NULL, &child_tid);
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone(CLONE_*_SETTID)");
	TST_EXP_EXPR(parent_tid == pid, "CLONE_PARENT_SETTID stored %d in the "
		     "parent, clone() returned %d", parent_tid, pid);
	TST_EXP_EXPR(child_tid == 0, "CLONE_CHILD_SETTID left the parent's "
		     "word alone (%d)", child_tid);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "CLONE_CHILD_SETTID stored the tid in the child's copy");
}

static int cleartid_child(void *arg)
{
	(void)arg;
	/* CLONE_CHILD_SETTID stores when the child first runs */
	child_saw_tid = child_tid == gettid();
	TST_CHECKPOINT_WAIT(0);
	return 0;
}

static void test_cleartid(void)
{
	struct timespec ts = {.tv_sec = 10 * tst_timeout_mul()};
	pid_t pid;
	int ret = 0;

	child_tid = child_saw_tid = 0;
	pid = clone(cleartid_child, stack + STACK_SIZE,
		    CLONE_VM | CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID |
		    SIGCHLD, NULL, NULL, NULL, &child_tid);
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone(CLONE_CHILD_CLEARTID)");
	/* the child is held until the parent is about to wait */
	TST_CHECKPOINT_WAKE(0);
	while (child_tid && !ret)
		ret = syscall(SYS_futex, &child_tid, FUTEX_WAIT, pid, &ts,
			      NULL, 0) && errno == ETIMEDOUT;
	TST_EXP_EXPR(child_saw_tid, "CLONE_CHILD_SETTID stored the tid in "
		     "the shared memory");
	TST_EXP_EXPR(!ret && !child_tid,
		     "CLONE_CHILD_CLEARTID zeroed the tid and woke the futex "
		     "waiter at exit");
	reap_child(pid);
}

static int vfork_child(void *arg)
{
	long long deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
	pid_t parent = *(pid_t *)arg;

	/* a parent in vfork waits uninterruptibly: state D */
	while (task_state(parent, parent) != 'D' &&
	       task_wait_now_ms() < deadline)
		usleep(1000);
	parent_blocked = task_state(parent, parent) == 'D';
	child_done = 1;
	return 0;
}

static void test_vfork(void)
{
	pid_t self = getpid(), pid;

	child_done = parent_blocked = 0;
	pid = clone(vfork_child, stack + STACK_SIZE,
		    CLONE_VM | CLONE_VFORK | SIGCHLD, &self);
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone(CLONE_VFORK)");
	TST_EXP_EXPR(child_done, "CLONE_VFORK: clone() returned after the "
		     "child exited");
	TST_EXP_EXPR(parent_blocked, "CLONE_VFORK: the child saw the parent "
		     "blocked (state D)");
	reap_child(pid);
}

static int sibling_child(void *arg)
{
	(void)arg;
	return getppid() == test_pid ? 0 : 1;
}

static void test_parent(void)
{
	pid_t middle, pid;
	int status;

	test_pid = getpid();
	middle = SAFE_FORK();
	if (!middle) {
		pid = clone(sibling_child, stack + STACK_SIZE,
			    CLONE_PARENT | SIGCHLD, NULL);
		if (pid < 0)
			tst_brk(TBROK | TERRNO, "clone(CLONE_PARENT)");
		TST_EXP_FAIL(waitpid(pid, NULL, WNOHANG), ECHILD,
			     "CLONE_PARENT: not a child of the caller");
		exit(pid > 0 ? 0 : 1);
	}
	SAFE_WAITPID(middle, &status, 0);
	/* the sibling is ours to reap, and it saw us as its parent */
	if (waitpid(-1, &status, 0) < 0)
		tst_brk(TBROK | TERRNO, "waitpid() for the CLONE_PARENT child");
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "CLONE_PARENT: the caller's parent reaps the child, which"
		     " saw it as parent");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_settid();
		break;
	case 1:
		test_cleartid();
		break;
	case 2:
		test_vfork();
		break;
	case 3:
		test_parent();
		break;
	}
}

static void setup(void)
{
	stack = SAFE_MALLOC(STACK_SIZE);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
