// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * get_robust_list(2) returns the head and the length that
 * set_robust_list(2) registered: for the caller (pid 0 and its own tid)
 * and for another process (a child reads as its own pid what it set,
 * the parent reads the same head through the child's pid). Errors:
 * - ESRCH for a pid no task has;
 * - EPERM for an unprivileged caller asking about a process of another
 *   user (root's), while its own list is given;
 * - EFAULT when the head or the length pointer is not writable;
 * - set_robust_list() with any length but sizeof(struct robust_list_head)
 *   is EINVAL and leaves the registered head as it was.
 * Syscalls: get_robust_list, set_robust_list
 */
#include <stdlib.h>
#include "robust_list.h"
#include "task_wait.h"
#include "as_nobody.h"
#include "proc_ids.h"

static struct robust_list_head head, head2, *libc_head;
static size_t libc_len;
static pid_t root_pid;

static void check_get(int pid, struct robust_list_head *want,
		      const char *who)
{
	struct robust_list_head *got = NULL;
	size_t len = 0;

	TST_EXP_PASS(sys_get_robust_list(pid, &got, &len),
		     "get_robust_list(%s)", who);
	TST_EXP_EXPR(got == want && len == sizeof(struct robust_list_head),
		     "%s: head %p (set %p), len %zu (%zu)", who, (void *)got,
		     (void *)want, len, sizeof(struct robust_list_head));
}

static void as_nobody(void)
{
	struct robust_list_head *got;
	size_t len;

	TST_EXP_FAIL(sys_get_robust_list(root_pid, &got, &len), EPERM,
		     "get_robust_list(root's process) as nobody");
	TST_EXP_PASS(sys_set_robust_list(&head2, sizeof(head2)),
		     "set_robust_list() as nobody");
	check_get(0, &head2, "self as nobody");
}

static void run(void)
{
	size_t sz = sizeof(struct robust_list_head), len;
	struct robust_list_head *got;
	pid_t pid;

	TST_EXP_PASS(sys_set_robust_list(&head, sz),
		     "set_robust_list(&head, %zu)", sz);
	check_get(0, &head, "pid 0");
	check_get(gettid(), &head, "own tid");

	TST_EXP_FAIL(sys_set_robust_list(&head2, sz - 1), EINVAL,
		     "set_robust_list(len %zu)", sz - 1);
	TST_EXP_FAIL(sys_set_robust_list(&head2, sz + 1), EINVAL,
		     "set_robust_list(len %zu)", sz + 1);
	TST_EXP_FAIL(sys_set_robust_list(&head2, 0), EINVAL,
		     "set_robust_list(len 0)");
	check_get(0, &head, "pid 0 after the refused calls");

	pid = SAFE_FORK();
	if (!pid) {
		if (sys_set_robust_list(&head2, sz))
			tst_brk(TBROK | TERRNO, "set_robust_list() in child");
		check_get(getpid(), &head2, "child, own pid");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	check_get(pid, &head2, "the child's pid");
	check_get(0, &head, "pid 0 in the parent");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);

	TST_EXP_FAIL(sys_get_robust_list(unused_pid(), &got, &len), ESRCH,
		     "get_robust_list(unused pid)");
	TST_EXP_FAIL(sys_get_robust_list(0, unmapped_addr(), &len), EFAULT,
		     "get_robust_list(head pointer unmapped)");
	TST_EXP_FAIL(sys_get_robust_list(0, &got, unmapped_addr()), EFAULT,
		     "get_robust_list(length pointer unmapped)");

	root_pid = getpid();
	run_in_nobody_child(as_nobody, "the EPERM checks");

	/* give the C library its own list back */
	if (sys_set_robust_list(libc_head, libc_len))
		tst_brk(TBROK | TERRNO, "set_robust_list(libc's head)");
}

static void setup(void)
{
	rl_init(&head);
	rl_init(&head2);
	if (sys_get_robust_list(0, &libc_head, &libc_len))
		tst_brk(TBROK | TERRNO, "get_robust_list(0)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
