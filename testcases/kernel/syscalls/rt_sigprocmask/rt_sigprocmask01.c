// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rt_sigprocmask(): SIG_BLOCK adds to the mask, SIG_UNBLOCK removes,
 * SIG_SETMASK replaces, and each returns the previous mask. A signal sent
 * while blocked stays pending, its handler does not run, and it runs
 * before the unblocking call returns. SIGKILL and SIGSTOP cannot be
 * blocked: asking is no error, but they never enter the mask. Errors:
 * EINVAL for an unknown how and a sigsetsize other than 8, EFAULT for an
 * unmapped set or old set.
 */
#include <signal.h>
#include <sys/syscall.h>
#include "tst_test.h"

static volatile int handled;
static void *bad_addr;

static void handler(int sig)
{
	(void)sig;
	handled++;
}

static sigset_t set_of(int a, int b)
{
	sigset_t set;

	sigemptyset(&set);
	if (a)
		sigaddset(&set, a);
	if (b)
		sigaddset(&set, b);
	return set;
}

static void test_hows(void)
{
	sigset_t a = set_of(SIGUSR1, 0), b = set_of(SIGUSR2, 0), old, cur;
	sigset_t empty = set_of(0, 0);

	if (sigprocmask(SIG_SETMASK, &empty, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_SETMASK, empty)");
	TST_EXP_PASS(sigprocmask(SIG_BLOCK, &a, &old));
	TST_EXP_EXPR(!sigismember(&old, SIGUSR1), "old mask was empty");
	TST_EXP_PASS(sigprocmask(SIG_BLOCK, &b, &old));
	sigprocmask(SIG_BLOCK, NULL, &cur);
	TST_EXP_EXPR(sigismember(&old, SIGUSR1) &&
		     !sigismember(&old, SIGUSR2) &&
		     sigismember(&cur, SIGUSR1) && sigismember(&cur, SIGUSR2),
		     "SIG_BLOCK adds to the mask and returns the old one");
	TST_EXP_PASS(sigprocmask(SIG_UNBLOCK, &a, NULL));
	sigprocmask(SIG_BLOCK, NULL, &cur);
	TST_EXP_EXPR(!sigismember(&cur, SIGUSR1) && sigismember(&cur, SIGUSR2),
		     "SIG_UNBLOCK removes only its signals");
	TST_EXP_PASS(sigprocmask(SIG_SETMASK, &a, &old));
	sigprocmask(SIG_BLOCK, NULL, &cur);
	TST_EXP_EXPR(sigismember(&cur, SIGUSR1) && !sigismember(&cur, SIGUSR2)
		     && sigismember(&old, SIGUSR2),
		     "SIG_SETMASK replaces the mask");
	sigprocmask(SIG_SETMASK, &empty, NULL);
}

static void test_pending_delivery(void)
{
	struct sigaction sa = {.sa_handler = handler};
	sigset_t a = set_of(SIGUSR1, 0), pending;

	if (sigaction(SIGUSR1, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
	handled = 0;
	sigprocmask(SIG_BLOCK, &a, NULL);
	raise(SIGUSR1);
	sigpending(&pending);
	TST_EXP_EXPR(!handled && sigismember(&pending, SIGUSR1),
		     "a blocked SIGUSR1 stays pending, handler not run");
	TST_EXP_PASS(sigprocmask(SIG_UNBLOCK, &a, NULL));
	TST_EXP_EXPR(handled == 1, "the handler ran before the unblocking "
		     "sigprocmask() returned (%d)", handled);
	signal(SIGUSR1, SIG_DFL);
}

static void test_unblockable(void)
{
	sigset_t set = set_of(SIGKILL, SIGSTOP), cur, empty = set_of(0, 0);

	sigaddset(&set, SIGUSR1);
	TST_EXP_PASS(sigprocmask(SIG_BLOCK, &set, NULL),
		     "sigprocmask(SIG_BLOCK, SIGKILL SIGSTOP SIGUSR1)");
	sigprocmask(SIG_BLOCK, NULL, &cur);
	TST_EXP_EXPR(!sigismember(&cur, SIGKILL) &&
		     !sigismember(&cur, SIGSTOP) && sigismember(&cur, SIGUSR1),
		     "SIGKILL and SIGSTOP silently left out of the mask");
	TST_EXP_PASS(sigprocmask(SIG_SETMASK, &set, NULL));
	sigprocmask(SIG_BLOCK, NULL, &cur);
	TST_EXP_EXPR(!sigismember(&cur, SIGKILL) && !sigismember(&cur, SIGSTOP),
		     "also with SIG_SETMASK");
	sigprocmask(SIG_SETMASK, &empty, NULL);
}

static void test_errors(void)
{
	sigset_t set = set_of(SIGUSR1, 0);

	TST_EXP_FAIL(syscall(SYS_rt_sigprocmask, 3, &set, NULL, 8), EINVAL,
		     "rt_sigprocmask(how 3)");
	TST_EXP_FAIL(syscall(SYS_rt_sigprocmask, -1, &set, NULL, 8), EINVAL,
		     "rt_sigprocmask(how -1)");
	TST_EXP_FAIL(syscall(SYS_rt_sigprocmask, SIG_BLOCK, &set, NULL, 4),
		     EINVAL, "rt_sigprocmask() with sigsetsize 4");
	TST_EXP_FAIL(syscall(SYS_rt_sigprocmask, SIG_BLOCK, &set, NULL, 16),
		     EINVAL, "rt_sigprocmask() with sigsetsize 16");
	TST_EXP_FAIL(syscall(SYS_rt_sigprocmask, SIG_BLOCK, bad_addr, NULL,
			     8), EFAULT,
		     "rt_sigprocmask() with an unmapped set");
	TST_EXP_FAIL(syscall(SYS_rt_sigprocmask, SIG_BLOCK, NULL, bad_addr,
			     8), EFAULT,
		     "rt_sigprocmask() with an unmapped old set");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_hows();
		break;
	case 1:
		test_pending_delivery();
		break;
	case 2:
		test_unblockable();
		break;
	case 3:
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
	.tcnt = 4,
	.test = run,
	.setup = setup,
};
