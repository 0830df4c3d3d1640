// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * EAGAIN when the queue of real-time signals is full (RLIMIT_SIGPENDING,
 * kernel/signal.c __send_signal_locked() and __sigqueue_alloc() of 6.1
 * and 6.12), once per sending call: tkill(), tgkill(), rt_sigqueueinfo()
 * and rt_tgsigqueueinfo() to the caller itself, in a child under a uid of
 * its own (the count is per user) with the limit at 2 and SIGRTMIN and
 * SIGUSR1 blocked:
 * - two SIGRTMIN are queued, the third is EAGAIN;
 * - kill() of a third SIGRTMIN still succeeds (kill() may lose the
 *   information, never fail), and so does the call of the row with
 *   SIGUSR1 (a standard signal loses its information instead);
 * - rt_sigtimedwait() dequeues exactly two SIGRTMIN carrying the sender's
 *   si_code and one SIGUSR1; the SIGRTMIN of kill(), set in the process's
 *   shared pending set without its information, comes out as one more
 *   SIGRTMIN with SI_USER where the row's call queued to the thread
 *   (tkill, tgkill, rt_tgsigqueueinfo), and merges into the queued ones
 *   where it queued to the process (rt_sigqueueinfo); then nothing.
 *   (glibc's sigtimedwait() shows SI_TKILL as SI_USER: the raw call.)
 * - with the limit at 0 the first SIGRTMIN is EAGAIN and none is pending.
 * Syscalls: tkill, tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo
 */
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include "tst_test.h"
#include "lapi/signal.h"
#include "as_nobody.h"

static long send_tkill(int sig)
{
	return tst_syscall(__NR_tkill, gettid(), sig);
}

static long send_tgkill(int sig)
{
	return tst_syscall(__NR_tgkill, getpid(), gettid(), sig);
}

static siginfo_t queue_info(int sig)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	si.si_signo = sig;
	si.si_code = SI_QUEUE;
	si.si_pid = getpid();
	si.si_uid = getuid();
	return si;
}

static long send_sigqueueinfo(int sig)
{
	siginfo_t si = queue_info(sig);

	return tst_syscall(__NR_rt_sigqueueinfo, getpid(), sig, &si);
}

static long send_tgsigqueueinfo(int sig)
{
	siginfo_t si = queue_info(sig);

	return tst_syscall(__NR_rt_tgsigqueueinfo, getpid(), gettid(), sig,
			   &si);
}

static struct tcase {
	long (*send)(int sig);
	int si_code;
	int to_thread;		/* queued on the thread, not the process */
	const char *name;
} tcases[] = {
	{ send_tkill, SI_TKILL, 1, "tkill" },
	{ send_tgkill, SI_TKILL, 1, "tgkill" },
	{ send_sigqueueinfo, SI_QUEUE, 0, "rt_sigqueueinfo" },
	{ send_tgsigqueueinfo, SI_QUEUE, 1, "rt_tgsigqueueinfo" },
};

static struct tcase *cur;
static sigset_t both;

static void set_limit(rlim_t n)
{
	struct rlimit rl = { n, n };

	if (setrlimit(RLIMIT_SIGPENDING, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_SIGPENDING, %lu)",
			(unsigned long)n);
}

static long wait_now(siginfo_t *si)
{
	struct timespec zero = { 0, 0 };

	return tst_syscall(__NR_rt_sigtimedwait, &both, si, &zero,
			   KERNEL_SIGSET_SIZE);
}

/*
 * Dequeue what is pending without waiting: the SIGRTMIN carrying code in
 * rt[0], those carrying SI_USER in rt[1], others in rt[2], the SIGUSR1 in
 * *usr1.
 */
static void drain(int code, int rt[3], int *usr1)
{
	siginfo_t si;
	long got;

	rt[0] = rt[1] = rt[2] = *usr1 = 0;
	while ((got = wait_now(&si)) > 0) {
		if (got == SIGUSR1)
			(*usr1)++;
		else if (si.si_code == code)
			rt[0]++;
		else if (si.si_code == SI_USER)
			rt[1]++;
		else
			rt[2]++;
	}
	if (errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "rt_sigtimedwait()");
}

static void in_own_uid(void)
{
	siginfo_t si;
	int rt[3], usr1;

	set_limit(2);
	TST_EXP_PASS(cur->send(SIGRTMIN), "%s(SIGRTMIN) 1 of 2", cur->name);
	TST_EXP_PASS(cur->send(SIGRTMIN), "%s(SIGRTMIN) 2 of 2", cur->name);
	TST_EXP_FAIL(cur->send(SIGRTMIN), EAGAIN,
		     "%s(SIGRTMIN) with RLIMIT_SIGPENDING 2 reached",
		     cur->name);
	TST_EXP_PASS(kill(getpid(), SIGRTMIN), "kill(SIGRTMIN) when full");
	TST_EXP_PASS(cur->send(SIGUSR1), "%s(SIGUSR1) when full", cur->name);

	drain(cur->si_code, rt, &usr1);
	TST_EXP_EQ_LI(rt[0], 2);
	TST_EXP_EQ_LI(rt[1], cur->to_thread);
	TST_EXP_EQ_LI(rt[2], 0);
	TST_EXP_EQ_LI(usr1, 1);

	set_limit(0);
	TST_EXP_FAIL(cur->send(SIGRTMIN), EAGAIN,
		     "%s(SIGRTMIN) with RLIMIT_SIGPENDING 0", cur->name);
	TST_EXP_FAIL(wait_now(&si), EAGAIN,
		     "nothing pending after it");
}

static void run(unsigned int n)
{
	cur = &tcases[n];
	run_in_own_uid_child(in_own_uid, "the checks under a uid of its own");
}

static void setup(void)
{
	sigemptyset(&both);
	sigaddset(&both, SIGRTMIN);
	sigaddset(&both, SIGUSR1);
	/* the mask is inherited by the children of run() */
	if (sigprocmask(SIG_BLOCK, &both, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
