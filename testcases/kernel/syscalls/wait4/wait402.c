// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * wait4() errors: ECHILD with no children and for a pid that is not a
 * child; EINVAL for options it does not take (WEXITED and WNOWAIT belong
 * to waitid(), and an unknown bit); ESRCH for pid INT_MIN, whose negation
 * is undefined (dd83c161fbcc, CVE-2018-10087); EINTR when a handled
 * signal interrupts the wait; EFAULT for an unmapped status or rusage
 * pointer, where the child is reaped all the same.
 */
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "task_wait.h"

static void *bad_addr;

static void handler(int sig)
{
	(void)sig;
}

static void test_simple(void)
{
	int status;

	TST_EXP_FAIL(wait4(-1, &status, 0, NULL), ECHILD,
		     "wait4(-1) without children");
	TST_EXP_FAIL(wait4(getppid(), &status, 0, NULL), ECHILD,
		     "wait4() of the parent, not a child");
	TST_EXP_FAIL(wait4(-1, &status, WEXITED, NULL), EINVAL,
		     "wait4(WEXITED)");
	TST_EXP_FAIL(wait4(-1, &status, WNOWAIT, NULL), EINVAL,
		     "wait4(WNOWAIT)");
	TST_EXP_FAIL(wait4(-1, &status, 0x00100000, NULL), EINVAL,
		     "wait4() with unknown option 0x00100000");
	TST_EXP_FAIL(wait4(INT_MIN, &status, 0, NULL), ESRCH,
		     "wait4(INT_MIN)");
}

/*
 * The waiter is a child of the test, so the test (an ancestor, which any
 * ptrace policy lets read /proc/<pid>/syscall) sees it blocked in wait4()
 * before it sends the signal.
 */
static void test_eintr(void)
{
	struct sigaction sa = {.sa_handler = handler};	/* no SA_RESTART */
	pid_t waiter, child;

	waiter = SAFE_FORK();
	if (!waiter) {
		if (sigaction(SIGUSR1, &sa, NULL))
			tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
		child = SAFE_FORK();
		if (!child) {
			TST_CHECKPOINT_WAIT(0);
			exit(0);
		}
		TST_EXP_FAIL(wait4(child, NULL, 0, NULL), EINTR,
			     "wait4() interrupted by a handled SIGUSR1");
		TST_CHECKPOINT_WAKE(0);
		reap_child(child);
		exit(0);
	}
	wait_task_in_syscall(waiter, __NR_wait4);
	SAFE_KILL(waiter, SIGUSR1);
	reap_child(waiter);
}

static void test_efault(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		exit(0);
	TST_EXP_FAIL(wait4(pid, bad_addr, 0, NULL), EFAULT,
		     "wait4() with an unmapped status pointer");
	TST_EXP_FAIL(wait4(pid, NULL, WNOHANG, NULL), ECHILD,
		     "the child was reaped anyway");

	pid = SAFE_FORK();
	if (!pid)
		exit(0);
	TST_EXP_FAIL(wait4(pid, NULL, 0, bad_addr), EFAULT,
		     "wait4() with an unmapped rusage pointer");
	TST_EXP_FAIL(wait4(pid, NULL, WNOHANG, NULL), ECHILD,
		     "the child was reaped anyway");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_simple();
		break;
	case 1:
		test_eintr();
		break;
	case 2:
		test_efault();
		break;
	}
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "dd83c161fbcc"},
		{"CVE", "2018-10087"},
		{}
	},
};
