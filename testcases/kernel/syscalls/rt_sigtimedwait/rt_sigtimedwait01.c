// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rt_sigtimedwait(2), called raw:
 * - a pending signal of the set is returned at once with its siginfo
 *   (sigqueue()'s si_code SI_QUEUE, si_pid, si_uid, si_value) and is no
 *   longer pending; with two pending the lower number comes first; a NULL
 *   siginfo is allowed;
 * - with nothing pending a zero timeout is EAGAIN at once, and a 100 ms
 *   timeout is EAGAIN after no less than 100 ms;
 * - a caller asleep with no timeout is woken by a signal of the set sent
 *   to it;
 * - a signal outside the set that has a handler and is not blocked
 *   interrupts the wait: EINTR, after the handler ran;
 * - EINVAL for a sigsetsize other than 8, and for a timeout with a
 *   negative tv_sec or a tv_nsec outside [0, 999999999];
 * - EFAULT for an unreadable set or timeout, and for an unwritable
 *   siginfo when a signal is taken.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "sigwait_raw.h"
#include "time_event.h"
#include "task_wait.h"

static sigset_t usr1, both;
static volatile int handled;

static long sys_sigtimedwait(const sigset_t *set, siginfo_t *si,
			     const struct timespec *ts, size_t size)
{
	return syscall(__NR_rt_sigtimedwait, set, si, ts, size);
}

static void handler(int sig)
{
	(void)sig;
	handled++;
}

static void pending_signals(void)
{
	struct timespec zero = {0};
	siginfo_t si;

	if (sigqueue(getpid(), SIGUSR1, (union sigval){.sival_int = 77}))
		tst_brk(TBROK | TERRNO, "sigqueue(SIGUSR1)");
	memset(&si, 0, sizeof(si));
	TST_EXP_VAL(sigtimedwait_raw(&usr1, &si, &zero), SIGUSR1,
		    "rt_sigtimedwait() with SIGUSR1 pending");
	TST_EXP_EXPR(si.si_signo == SIGUSR1 && si.si_code == SI_QUEUE &&
		     si.si_pid == getpid() && si.si_uid == getuid() &&
		     si.si_value.sival_int == 77,
		     "siginfo: signo %d, si_code %d (SI_QUEUE %d), si_pid %d, "
		     "si_uid %d, si_value %d (77)", si.si_signo, si.si_code,
		     SI_QUEUE, si.si_pid, (int)si.si_uid,
		     si.si_value.sival_int);
	TST_EXP_EXPR(!tev_signal_pending(SIGUSR1), "SIGUSR1 was taken");

	raise(SIGUSR2);
	raise(SIGUSR1);
	TST_EXP_VAL(sigtimedwait_raw(&both, NULL, &zero), SIGUSR1,
		    "SIGUSR1 and SIGUSR2 pending, NULL siginfo: the lower");
	TST_EXP_VAL(sigtimedwait_raw(&both, NULL, &zero), SIGUSR2,
		    "then SIGUSR2");

	TST_EXP_FAIL(sigtimedwait_raw(&both, &si, &zero), EAGAIN,
		     "nothing pending, zero timeout");
}

static void timeout(void)
{
	struct timespec ts = {.tv_nsec = 100 * NSEC_PER_MSEC};
	long long start = clock_ns(CLOCK_MONOTONIC), took;

	TST_EXP_FAIL(sigtimedwait_raw(&usr1, NULL, &ts), EAGAIN,
		     "nothing pending, 100 ms timeout");
	took = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(took >= 100 * NSEC_PER_MSEC, "returned after %lld ms "
		     "(>= 100)", took / NSEC_PER_MSEC);
}

static void woken(void)
{
	pid_t pid = SAFE_FORK();
	siginfo_t si;

	if (!pid) {
		memset(&si, 0, sizeof(si));
		TST_EXP_VAL(sigtimedwait_raw(&usr1, &si, NULL), SIGUSR1,
			    "rt_sigtimedwait(SIGUSR1, no timeout) woken");
		TST_EXP_EXPR(si.si_code == SI_USER &&
			     si.si_pid == getppid(), "si_code %d (SI_USER %d),"
			     " si_pid %d (the parent)", si.si_code, SI_USER,
			     si.si_pid);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_rt_sigtimedwait);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
}

static void interrupted(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		handled = 0;
		tev_sigaction(SIGUSR2, handler, 0);
		tev_sigmask(SIG_UNBLOCK, SIGUSR2);
		TST_EXP_FAIL(sigtimedwait_raw(&usr1, NULL, NULL), EINTR,
			     "rt_sigtimedwait(SIGUSR1) hit by handled SIGUSR2");
		TST_EXP_EXPR(handled == 1, "the SIGUSR2 handler ran once (%d)",
			     handled);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_rt_sigtimedwait);
	SAFE_KILL(pid, SIGUSR2);
	reap_child(pid);
}

static void errors(void)
{
	struct timespec zero = {0}, neg_sec = {-1, 0}, neg_nsec = {0, -1};
	struct timespec big_nsec = {0, NSEC_PER_SEC};
	void *bad = tev_bad_addr();
	siginfo_t si;

	TST_EXP_FAIL(sys_sigtimedwait(&usr1, &si, &zero, 4), EINVAL,
		     "rt_sigtimedwait(sigsetsize 4)");
	TST_EXP_FAIL(sys_sigtimedwait(&usr1, &si, &zero, 16), EINVAL,
		     "rt_sigtimedwait(sigsetsize 16)");
	TST_EXP_FAIL(sigtimedwait_raw(&usr1, &si, &neg_sec), EINVAL,
		     "rt_sigtimedwait(tv_sec -1)");
	TST_EXP_FAIL(sigtimedwait_raw(&usr1, &si, &neg_nsec), EINVAL,
		     "rt_sigtimedwait(tv_nsec -1)");
	TST_EXP_FAIL(sigtimedwait_raw(&usr1, &si, &big_nsec), EINVAL,
		     "rt_sigtimedwait(tv_nsec 1000000000)");
	TST_EXP_FAIL(sigtimedwait_raw(bad, &si, &zero), EFAULT,
		     "rt_sigtimedwait(set unmapped)");
	TST_EXP_FAIL(sigtimedwait_raw(&usr1, &si, bad), EFAULT,
		     "rt_sigtimedwait(timeout unmapped)");
	raise(SIGUSR1);
	TST_EXP_FAIL(sigtimedwait_raw(&usr1, bad, &zero), EFAULT,
		     "rt_sigtimedwait(SIGUSR1 pending, siginfo unmapped)");
	tev_drain_signal(SIGUSR1);
	SAFE_MUNMAP(bad, getpagesize());
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		pending_signals();
		break;
	case 1:
		timeout();
		break;
	case 2:
		woken();
		break;
	case 3:
		interrupted();
		break;
	case 4:
		errors();
		break;
	}
}

static void setup(void)
{
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	both = usr1;
	sigaddset(&both, SIGUSR2);
	if (sigprocmask(SIG_BLOCK, &both, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
