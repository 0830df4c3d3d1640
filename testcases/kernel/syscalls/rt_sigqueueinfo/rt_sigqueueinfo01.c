// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rt_sigqueueinfo() (sigqueue()) delivers the siginfo it was given: a
 * child's SA_SIGINFO handler sees si_code SI_QUEUE, the sender's si_pid
 * and si_uid, and the si_value. Realtime signals queue one instance per
 * call, in order with their values; a standard signal is pending once
 * however often it is sent. To itself a process may send any si_code,
 * even a positive one, and the receiver sees it verbatim.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include "task_wait.h"
#include "sigwait_raw.h"

#define NR_QUEUED	3

static volatile siginfo_t handled;
static volatile int handled_count;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	handled = *si;
	handled_count++;
}

static void test_to_child(void)
{
	struct sigaction sa = {.sa_sigaction = handler,
			       .sa_flags = SA_SIGINFO};
	pid_t parent = getpid(), pid;
	sigset_t none, usr1;

	pid = SAFE_FORK();
	if (!pid) {
		sigemptyset(&usr1);
		sigaddset(&usr1, SIGUSR1);
		if (sigprocmask(SIG_BLOCK, &usr1, NULL))
			tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");
		if (sigaction(SIGUSR1, &sa, NULL))
			tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
		sigemptyset(&none);
		TST_CHECKPOINT_WAKE(0);
		/* SIGUSR1 blocked until here: sigsuspend() takes it */
		sigsuspend(&none);
		TST_EXP_EXPR(handled.si_signo == SIGUSR1 &&
			     handled.si_code == SI_QUEUE &&
			     handled.si_pid == parent &&
			     handled.si_uid == getuid() &&
			     handled.si_value.sival_int == 0x5eed,
			     "the handler got si_code %d (SI_QUEUE %d), si_pid "
			     "%d (%d), si_uid %d, si_value 0x%x (0x5eed)",
			     handled.si_code, SI_QUEUE, handled.si_pid, parent,
			     (int)handled.si_uid,
			     handled.si_value.sival_int);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_PASS(sigqueue(pid, SIGUSR1,
			     (union sigval){.sival_int = 0x5eed}),
		     "sigqueue(child, SIGUSR1, 0x5eed)");
	reap_child(pid);
}

static void test_queueing(void)
{
	struct timespec ts = {0};
	sigset_t set;
	siginfo_t si;
	int i, ok = 1;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGUSR2);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");
	for (i = 0; i < NR_QUEUED; i++) {
		union sigval val = {.sival_int = i};

		if (sigqueue(getpid(), SIGRTMIN, val))
			tst_brk(TBROK | TERRNO, "sigqueue(SIGRTMIN, %d)", i);
		if (sigqueue(getpid(), SIGUSR2, val))
			tst_brk(TBROK | TERRNO, "sigqueue(SIGUSR2, %d)", i);
	}
	sigdelset(&set, SIGUSR2);
	for (i = 0; i < NR_QUEUED; i++) {
		if (sigtimedwait(&set, &si, &ts) != SIGRTMIN ||
		    si.si_value.sival_int != i) {
			tst_res(TFAIL, "queued SIGRTMIN %d: got signal %d value"
				" %d", i, si.si_signo, si.si_value.sival_int);
			ok = 0;
		}
	}
	if (ok)
		tst_res(TPASS, "%d SIGRTMIN sent, %d delivered in order with "
			"their values", NR_QUEUED, NR_QUEUED);
	TST_EXP_FAIL(sigtimedwait(&set, &si, &ts), EAGAIN,
		     "no further SIGRTMIN pending");

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	TST_EXP_VAL(sigtimedwait(&set, &si, &ts), SIGUSR2,
		    "SIGUSR2 pending after %d sigqueue()", NR_QUEUED);
	TST_EXP_EXPR(si.si_value.sival_int == 0, "the first instance's value "
		     "was kept (%d)", si.si_value.sival_int);
	TST_EXP_FAIL(sigtimedwait(&set, &si, &ts), EAGAIN,
		     "a standard signal does not queue: pending only once");
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

static void test_self_any_code(void)
{
	struct timespec ts = {0};
	siginfo_t info, si;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");
	memset(&info, 0, sizeof(info));
	info.si_signo = SIGUSR1;
	info.si_code = 1234;
	info.si_pid = 4321;
	TST_EXP_PASS(syscall(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, &info),
		     "rt_sigqueueinfo(self) with si_code 1234");
	memset(&si, 0, sizeof(si));
	sigtimedwait_raw(&set, &si, &ts);
	TST_EXP_EXPR(si.si_signo == SIGUSR1 && si.si_code == 1234 &&
		     si.si_pid == 4321, "received verbatim: signal %d, si_code"
		     " %d, si_pid %d", si.si_signo, si.si_code, si.si_pid);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_to_child();
		break;
	case 1:
		test_queueing();
		break;
	case 2:
		test_self_any_code();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
