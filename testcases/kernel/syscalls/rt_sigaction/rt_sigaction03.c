// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rt_sigaction() errors, called raw so glibc's own checks do not answer:
 * EINVAL for a new action on SIGKILL or SIGSTOP (while reading their
 * action succeeds), for signal 0 and a signal above _NSIG, and for a
 * sigsetsize other than 8; EFAULT for an unmapped new or old action.
 */
#include <signal.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "lapi/signal.h"

static void *bad_addr;

static void handler(int sig)
{
	(void)sig;
}

static long rt_sigaction(int sig, const void *act, void *oact, size_t size)
{
	return syscall(SYS_rt_sigaction, sig, act, oact, size);
}

static void run(void)
{
	struct ksigaction act = {.handler = handler}, old;
	const size_t ss = sizeof(act.mask);

	TST_EXP_FAIL(rt_sigaction(SIGKILL, &act, NULL, ss), EINVAL,
		     "rt_sigaction(SIGKILL, handler)");
	TST_EXP_FAIL(rt_sigaction(SIGSTOP, &act, NULL, ss), EINVAL,
		     "rt_sigaction(SIGSTOP, handler)");
	act.handler = SIG_IGN;
	TST_EXP_FAIL(rt_sigaction(SIGKILL, &act, NULL, ss), EINVAL,
		     "rt_sigaction(SIGKILL, SIG_IGN)");
	TST_EXP_PASS(rt_sigaction(SIGKILL, NULL, &old, ss),
		     "rt_sigaction(SIGKILL, NULL, &old) reads the action");
	TST_EXP_EXPR(old.handler == SIG_DFL, "SIGKILL's action is SIG_DFL");
	act.handler = handler;
	TST_EXP_FAIL(rt_sigaction(0, &act, NULL, ss), EINVAL,
		     "rt_sigaction(0)");
	TST_EXP_FAIL(rt_sigaction(_NSIG + 1, &act, NULL, ss), EINVAL,
		     "rt_sigaction(%d)", _NSIG + 1);
	TST_EXP_FAIL(rt_sigaction(SIGUSR1, &act, NULL, 4), EINVAL,
		     "rt_sigaction() with sigsetsize 4");
	TST_EXP_FAIL(rt_sigaction(SIGUSR1, &act, NULL, 16), EINVAL,
		     "rt_sigaction() with sigsetsize 16");
	TST_EXP_FAIL(rt_sigaction(SIGUSR1, bad_addr, NULL, ss), EFAULT,
		     "rt_sigaction() with an unmapped new action");
	TST_EXP_FAIL(rt_sigaction(SIGUSR1, NULL, bad_addr, ss), EFAULT,
		     "rt_sigaction() with an unmapped old action");
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
