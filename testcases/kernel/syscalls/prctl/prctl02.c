// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PR_SET_PDEATHSIG: the signal set is read back by PR_GET_PDEATHSIG, it is
 * sent to the child when its parent exits (after which the child has a new
 * parent), it is not inherited by fork() and it is cleared when the
 * process changes its uid. EINVAL for an invalid signal, EFAULT for an
 * unmapped PR_GET_PDEATHSIG result.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include "task_wait.h"

static void *bad_addr;

static int get_pdeathsig(void)
{
	int sig = -1;

	if (prctl(PR_GET_PDEATHSIG, &sig, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_GET_PDEATHSIG)");
	return sig;
}

/* Grandchild: waits for SIGUSR1 once its parent (middle) is gone. */
static void orphan(pid_t middle)
{
	struct timespec ts = {.tv_sec = 10 * tst_timeout_mul()};
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	TST_EXP_PASS(prctl(PR_SET_PDEATHSIG, SIGUSR1, 0, 0, 0));
	TST_EXP_EQ_LI(get_pdeathsig(), SIGUSR1);
	if (getppid() != middle)
		tst_brk(TBROK, "parent exited before PR_SET_PDEATHSIG");
	TST_CHECKPOINT_WAKE(0);
	TST_EXP_VAL(sigtimedwait(&set, NULL, &ts), SIGUSR1,
		    "PR_SET_PDEATHSIG signal came when the parent exited");
	TST_EXP_EXPR(getppid() != middle, "the child has a new parent");
	TST_CHECKPOINT_WAKE(1);
	exit(0);
}

static void test_delivery(void)
{
	pid_t middle = SAFE_FORK(), child;

	if (!middle) {
		child = SAFE_FORK();
		if (!child)
			orphan(getppid());
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	reap_child(middle);
	/* the orphan reports before the test may end */
	TST_CHECKPOINT_WAIT(1);
}

static void test_fork_setuid(void)
{
	pid_t pid = SAFE_FORK(), child;

	if (pid) {
		reap_child(pid);
		return;
	}
	if (prctl(PR_SET_PDEATHSIG, SIGUSR2, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_PDEATHSIG, SIGUSR2)");
	child = SAFE_FORK();
	if (!child) {
		TST_EXP_EQ_LI(get_pdeathsig(), 0);
		exit(0);
	}
	reap_child(child);
	tst_drop_privs();
	TST_EXP_EXPR(get_pdeathsig() == 0, "setuid() cleared the parent "
		     "death signal");
	exit(0);
}

static void test_errors(void)
{
	TST_EXP_FAIL(prctl(PR_SET_PDEATHSIG, _NSIG + 1, 0, 0, 0), EINVAL,
		     "prctl(PR_SET_PDEATHSIG, %d)", _NSIG + 1);
	TST_EXP_FAIL(prctl(PR_GET_PDEATHSIG, bad_addr, 0, 0, 0), EFAULT,
		     "prctl(PR_GET_PDEATHSIG) into unmapped memory");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_delivery();
		break;
	case 1:
		test_fork_setuid();
		break;
	case 2:
		test_errors();
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
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
