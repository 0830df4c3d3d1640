// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tgkill() and RLIMIT_SIGPENDING, under a uid of the test's own with the
 * limit at 8 and the signals blocked. The limit counts the signals queued
 * to every process of the user (__sigqueue_alloc() charges them to the
 * receiver's ucounts), so the uid is one no other process has
 * (drop_to_own_uid(), as_nobody.h), not nobody, whose count another test
 * running beside this one (or a second tgkill03) would share.
 * Then:
 *  - 8 real-time signals queue; the 9th tgkill() of a real-time signal is
 *    EAGAIN, and nothing more is queued;
 *  - a standard signal (SIGUSR1) is still sent (it needs no queue entry
 *    to be pending), and so is a real-time signal sent by kill()
 *    (SI_USER: delivered without its siginfo rather than refused);
 *  - draining gives exactly the 8 queued signals, each with SI_TKILL and
 *    the sender's pid, then the two sent without a queue entry, whose
 *    siginfo the kernel makes up (SI_USER, pid 0); with the queue empty
 *    again tgkill() queues once more.
 * Syscalls: tgkill, kill
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "tst_test.h"
#include "lapi/signal.h"
#include "as_nobody.h"

#define LIMIT 8

static long sys_tgkill(int sig)
{
	return syscall(__NR_tgkill, getpid(), syscall(__NR_gettid), sig);
}

/* Dequeue every pending sig; each must carry code and pid. */
static int drain(int sig, int code, pid_t pid)
{
	struct timespec zero = { 0, 0 };
	sigset_t set;
	siginfo_t si;
	int n = 0, bad = 0;

	sigemptyset(&set);
	sigaddset(&set, sig);
	/*
	 * The raw call: glibc's sigtimedwait() turns SI_TKILL into SI_USER
	 * (for raise()), which would hide what the kernel queued.
	 */
	while (syscall(__NR_rt_sigtimedwait, &set, &si, &zero,
		       KERNEL_SIGSET_SIZE) == sig) {
		n++;
		if (si.si_code != code || si.si_pid != pid)
			bad++;
	}
	if (bad)
		tst_res(TFAIL, "%d of %d signals %d with a wrong si_code or "
			"si_pid (last: %d, %d; expected %d, %d)", bad, n, sig,
			si.si_code, (int)si.si_pid, code, (int)pid);
	return n;
}

static void as_own_uid(void)
{
	struct rlimit rl = { LIMIT, LIMIT };
	int i, sent = 0;

	if (setrlimit(RLIMIT_SIGPENDING, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_SIGPENDING, %d)",
			LIMIT);
	for (i = 0; i < LIMIT; i++)
		sent += !sys_tgkill(SIGRTMIN);
	TST_EXP_EXPR(sent == LIMIT, "%d of %d real-time signals queued",
		     sent, LIMIT);
	TST_EXP_FAIL(sys_tgkill(SIGRTMIN), EAGAIN,
		     "tgkill(SIGRTMIN) beyond RLIMIT_SIGPENDING %d", LIMIT);
	TST_EXP_FAIL(sys_tgkill(SIGRTMIN + 2), EAGAIN,
		     "tgkill(SIGRTMIN + 2) beyond RLIMIT_SIGPENDING %d", LIMIT);
	TST_EXP_PASS(sys_tgkill(SIGUSR1), "tgkill(SIGUSR1) at the limit");
	TST_EXP_PASS(kill(getpid(), SIGRTMIN + 1), "kill(SIGRTMIN + 1) at the "
		     "limit");

	TST_EXP_EQ_LI(drain(SIGRTMIN, SI_TKILL, getpid()), LIMIT);
	TST_EXP_EQ_LI(drain(SIGRTMIN + 2, SI_TKILL, getpid()), 0);
	/* pending without a queue entry: the kernel makes up SI_USER, pid 0 */
	TST_EXP_EQ_LI(drain(SIGRTMIN + 1, SI_USER, 0), 1);
	TST_EXP_EQ_LI(drain(SIGUSR1, SI_USER, 0), 1);

	TST_EXP_PASS(sys_tgkill(SIGRTMIN), "tgkill(SIGRTMIN) once drained");
	TST_EXP_EQ_LI(drain(SIGRTMIN, SI_TKILL, getpid()), 1);
}

static void run(void)
{
	sigset_t set;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		sigfillset(&set);
		if (sigprocmask(SIG_BLOCK, &set, NULL))
			tst_brk(TBROK | TERRNO, "sigprocmask()");
		drop_to_own_uid();
		as_own_uid();
		exit(0);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
