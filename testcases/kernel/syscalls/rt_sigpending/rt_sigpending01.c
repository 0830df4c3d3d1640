// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rt_sigpending() returns the blocked signals waiting for the calling
 * thread: those sent to the process (kill()) and to the thread itself
 * (tgkill()), and no longer once they are taken (sigtimedwait()). A
 * sigsetsize below 8 copies only that many bytes; above 8 is EINVAL; an
 * unmapped set is EFAULT.
 */
#include <signal.h>
#include <sys/syscall.h>
#include "tst_test.h"

static void *bad_addr;

static void run(void)
{
	struct timespec ts = {0};
	sigset_t set, pending;
	uint64_t raw;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");

	TST_EXP_PASS(sigpending(&pending));
	TST_EXP_EXPR(!sigismember(&pending, SIGUSR1) &&
		     !sigismember(&pending, SIGUSR2), "nothing pending yet");
	SAFE_KILL(getpid(), SIGUSR1);
	if (tgkill(getpid(), gettid(), SIGUSR2))
		tst_brk(TBROK | TERRNO, "tgkill(SIGUSR2)");
	TST_EXP_PASS(sigpending(&pending));
	TST_EXP_EXPR(sigismember(&pending, SIGUSR1) &&
		     sigismember(&pending, SIGUSR2),
		     "SIGUSR1 (process) and SIGUSR2 (thread) pending");

	raw = ~0ULL;
	TST_EXP_PASS(syscall(SYS_rt_sigpending, &raw, 4),
		     "rt_sigpending() with sigsetsize 4");
	TST_EXP_EXPR(raw == (0xffffffff00000000ULL | (1U << (SIGUSR1 - 1)) |
			     (1U << (SIGUSR2 - 1))),
		     "it wrote the 4 low bytes only (0x%llx)",
		     (unsigned long long)raw);
	TST_EXP_FAIL(syscall(SYS_rt_sigpending, &raw, 16), EINVAL,
		     "rt_sigpending() with sigsetsize 16");
	TST_EXP_FAIL(syscall(SYS_rt_sigpending, bad_addr, 8), EFAULT,
		     "rt_sigpending() with an unmapped set");

	while (sigtimedwait(&set, NULL, &ts) > 0)
		;
	TST_EXP_PASS(sigpending(&pending));
	TST_EXP_EXPR(!sigismember(&pending, SIGUSR1) &&
		     !sigismember(&pending, SIGUSR2),
		     "nothing pending once both were taken");
	sigprocmask(SIG_UNBLOCK, &set, NULL);
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
