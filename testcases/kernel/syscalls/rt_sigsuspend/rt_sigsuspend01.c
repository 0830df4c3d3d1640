// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rt_sigsuspend() replaces the mask for the wait and returns -1 EINTR once
 * a handler ran: a pending signal the temporary mask unblocks is handled
 * at once; one it keeps blocked stays pending; the old mask is back after
 * the return. A signal sent by another process wakes a suspended waiter.
 * A sigsetsize other than 8 is EINVAL, an unmapped mask EFAULT.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include "task_wait.h"

static volatile int got_usr1, got_usr2;
static void *bad_addr;

static void handler(int sig)
{
	if (sig == SIGUSR1)
		got_usr1++;
	else
		got_usr2++;
}

static void test_pending(void)
{
	sigset_t both, only_usr2, cur, pending;

	sigemptyset(&both);
	sigaddset(&both, SIGUSR1);
	sigaddset(&both, SIGUSR2);
	sigemptyset(&only_usr2);
	sigaddset(&only_usr2, SIGUSR2);
	sigprocmask(SIG_BLOCK, &both, NULL);
	got_usr1 = got_usr2 = 0;
	raise(SIGUSR1);
	raise(SIGUSR2);

	TST_EXP_FAIL(sigsuspend(&only_usr2), EINTR,
		     "sigsuspend() with SIGUSR1 pending and unblocked");
	TST_EXP_EXPR(got_usr1 == 1 && !got_usr2, "SIGUSR1 handled (%d), "
		     "SIGUSR2 kept blocked (%d)", got_usr1, got_usr2);
	sigprocmask(SIG_BLOCK, NULL, &cur);
	sigpending(&pending);
	TST_EXP_EXPR(sigismember(&cur, SIGUSR1) && sigismember(&cur, SIGUSR2)
		     && sigismember(&pending, SIGUSR2),
		     "old mask restored, SIGUSR2 still pending");
	sigprocmask(SIG_UNBLOCK, &both, NULL);
	TST_EXP_EXPR(got_usr2 == 1, "SIGUSR2 handled once unblocked");
}

static void test_woken(void)
{
	pid_t waiter = SAFE_FORK();
	sigset_t usr1, empty;

	if (!waiter) {
		sigemptyset(&usr1);
		sigaddset(&usr1, SIGUSR1);
		sigprocmask(SIG_BLOCK, &usr1, NULL);
		got_usr1 = 0;
		sigemptyset(&empty);
		TST_EXP_FAIL(sigsuspend(&empty), EINTR,
			     "sigsuspend() woken by another process");
		TST_EXP_EXPR(got_usr1 == 1, "its handler ran first");
		exit(0);
	}
	wait_task_in_syscall(waiter, __NR_rt_sigsuspend);
	SAFE_KILL(waiter, SIGUSR1);
	reap_child(waiter);
}

static void test_errors(void)
{
	sigset_t empty;

	sigemptyset(&empty);
	TST_EXP_FAIL(syscall(SYS_rt_sigsuspend, &empty, 4), EINVAL,
		     "rt_sigsuspend() with sigsetsize 4");
	TST_EXP_FAIL(syscall(SYS_rt_sigsuspend, &empty, 16), EINVAL,
		     "rt_sigsuspend() with sigsetsize 16");
	TST_EXP_FAIL(syscall(SYS_rt_sigsuspend, bad_addr, 8), EFAULT,
		     "rt_sigsuspend() with an unmapped mask");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_pending();
		break;
	case 1:
		test_woken();
		break;
	case 2:
		test_errors();
		break;
	}
}

static void setup(void)
{
	struct sigaction sa = {.sa_handler = handler};

	if (sigaction(SIGUSR1, &sa, NULL) || sigaction(SIGUSR2, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction()");
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
