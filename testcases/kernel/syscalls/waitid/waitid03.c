// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitid() errors: EINVAL without any of WEXITED, WSTOPPED, WCONTINUED,
 * for an unknown option bit, an unknown idtype, P_PID with id 0, P_PGID
 * and P_PIDFD with a negative id; ECHILD without children and for a pid
 * that is not a child; EBADF for P_PIDFD with a closed fd and with an fd
 * that is no pidfd; EINTR when a handled signal interrupts the wait;
 * EFAULT for an unmapped siginfo (the child is reaped all the same).
 */
#include <signal.h>
#include <stdlib.h>
#include "task_wait.h"
#include "lapi/wait.h"

static void *bad_addr;
static int null_fd = -1;

static void handler(int sig)
{
	(void)sig;
}

static void test_args(void)
{
	siginfo_t si;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	/* a live child: these fail on their arguments, not for want of one */
	TST_EXP_FAIL(waitid(P_ALL, 0, &si, WNOHANG), EINVAL,
		     "waitid() without WEXITED, WSTOPPED or WCONTINUED");
	TST_EXP_FAIL(waitid(P_ALL, 0, &si, WEXITED | 0x00100000), EINVAL,
		     "waitid() with unknown option 0x00100000");
	TST_EXP_FAIL(waitid((idtype_t)42, 0, &si, WEXITED), EINVAL,
		     "waitid() with idtype 42");
	TST_EXP_FAIL(waitid(P_PID, 0, &si, WEXITED), EINVAL,
		     "waitid(P_PID, 0)");
	TST_EXP_FAIL(waitid(P_PGID, (id_t)-1, &si, WEXITED), EINVAL,
		     "waitid(P_PGID, -1)");
	TST_EXP_FAIL(waitid(P_PIDFD, (id_t)-1, &si, WEXITED), EINVAL,
		     "waitid(P_PIDFD, -1)");
	TST_EXP_FAIL(waitid(P_PIDFD, 1000, &si, WEXITED), EBADF,
		     "waitid(P_PIDFD) of a closed fd");
	TST_EXP_FAIL(waitid(P_PIDFD, null_fd, &si, WEXITED), EBADF,
		     "waitid(P_PIDFD) of /dev/null");
	TST_EXP_FAIL(waitid(P_PID, getppid(), &si, WEXITED), ECHILD,
		     "waitid(P_PID) of the parent, not a child");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	TST_EXP_FAIL(waitid(P_ALL, 0, &si, WEXITED), ECHILD,
		     "waitid(P_ALL) without children");
}

/* The test, an ancestor of the waiter, sees it blocked before signalling. */
static void test_eintr(void)
{
	struct sigaction sa = {.sa_handler = handler};	/* no SA_RESTART */
	pid_t waiter, child;
	siginfo_t si;

	waiter = SAFE_FORK();
	if (!waiter) {
		if (sigaction(SIGUSR1, &sa, NULL))
			tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
		child = SAFE_FORK();
		if (!child) {
			TST_CHECKPOINT_WAIT(0);
			exit(0);
		}
		TST_EXP_FAIL(waitid(P_PID, child, &si, WEXITED), EINTR,
			     "waitid() interrupted by a handled SIGUSR1");
		TST_CHECKPOINT_WAKE(0);
		reap_child(child);
		exit(0);
	}
	wait_task_in_syscall(waiter, __NR_waitid);
	SAFE_KILL(waiter, SIGUSR1);
	reap_child(waiter);
}

static void test_efault(void)
{
	siginfo_t si;
	pid_t pid = SAFE_FORK();

	if (!pid)
		exit(0);
	TST_EXP_FAIL(waitid(P_PID, pid, bad_addr, WEXITED), EFAULT,
		     "waitid() with an unmapped siginfo");
	TST_EXP_FAIL(waitid(P_PID, pid, &si, WEXITED | WNOHANG), ECHILD,
		     "the child was reaped anyway");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_args();
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
	null_fd = SAFE_OPEN("/dev/null", O_RDONLY);
}

static void cleanup(void)
{
	if (null_fd != -1)
		SAFE_CLOSE(null_fd);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
