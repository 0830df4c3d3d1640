// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rt_tgsigqueueinfo(2) queues a signal with the caller's siginfo to one
 * thread of a thread group:
 * - a second thread of the caller's process gets si_code SI_QUEUE and the
 *   si_pid, si_uid and si_value the caller wrote (si_pid verbatim, even a
 *   made-up one), and the main thread has nothing pending;
 * - a forked child's SA_SIGINFO handler gets them the same way;
 * - to itself (its own tid) a thread may send a non-negative si_code too.
 * Errors:
 * - EPERM for si_code >= 0 (SI_USER, 1234) or SI_TKILL sent to another
 *   process, or to another thread of the caller's own process;
 * - EINVAL for tgid or tid <= 0, and for a signal that does not exist;
 * - ESRCH for a tid no task has, and for a tid outside the given tgid;
 * - EFAULT for an unreadable siginfo;
 * - EPERM for an unprivileged sender and a process of another user.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "sigwait_raw.h"
#include "task_wait.h"
#include "as_nobody.h"
#include "proc_ids.h"

#define FAKE_PID 4321

static sigset_t usr1;
static pid_t thread_tid, root_pid;
static siginfo_t thread_si;
static volatile siginfo_t handled;
static volatile int handled_count;
static int thread_got;

static long sys_tgsigqueueinfo(pid_t tgid, pid_t tid, int sig, siginfo_t *si)
{
	return tst_syscall(__NR_rt_tgsigqueueinfo, tgid, tid, sig, si);
}

static void mkinfo(siginfo_t *si, int sig, int code, pid_t pid, int val)
{
	memset(si, 0, sizeof(*si));
	si->si_signo = sig;
	si->si_code = code;
	si->si_pid = pid;
	si->si_uid = getuid();
	si->si_value.sival_int = val;
}

static void *thread_fn(void *arg)
{
	struct timespec ts = {.tv_sec = 10 * tst_timeout_mul()};

	(void)arg;
	thread_tid = gettid();
	TST_CHECKPOINT_WAKE(0);
	thread_got = sigtimedwait_raw(&usr1, &thread_si, &ts);
	return NULL;
}

static void to_thread(void)
{
	pthread_t thread;
	sigset_t pending;
	siginfo_t si;
	int ret;

	thread_got = 0;
	ret = pthread_create(&thread, NULL, thread_fn, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create(): %s", tst_strerrno(ret));
	TST_CHECKPOINT_WAIT(0);

	mkinfo(&si, SIGUSR1, SI_USER, getpid(), 1);
	TST_EXP_FAIL(sys_tgsigqueueinfo(getpid(), thread_tid, SIGUSR1, &si),
		     EPERM, "rt_tgsigqueueinfo(own thread, si_code SI_USER)");
	mkinfo(&si, SIGUSR1, SI_QUEUE, FAKE_PID, 0x5eed);
	TST_EXP_PASS(sys_tgsigqueueinfo(getpid(), thread_tid, SIGUSR1, &si),
		     "rt_tgsigqueueinfo(own thread, SI_QUEUE, si_pid %d)",
		     FAKE_PID);
	pthread_join(thread, NULL);
	TST_EXP_EXPR(thread_got == SIGUSR1 && thread_si.si_code == SI_QUEUE &&
		     thread_si.si_pid == FAKE_PID &&
		     thread_si.si_uid == getuid() &&
		     thread_si.si_value.sival_int == 0x5eed,
		     "the thread got signal %d, si_code %d (SI_QUEUE %d), "
		     "si_pid %d, si_uid %d, si_value 0x%x", thread_got,
		     thread_si.si_code, SI_QUEUE, thread_si.si_pid,
		     (int)thread_si.si_uid, thread_si.si_value.sival_int);
	if (sigpending(&pending))
		tst_brk(TBROK | TERRNO, "sigpending()");
	TST_EXP_EXPR(!sigismember(&pending, SIGUSR1),
		     "SIGUSR1 is not pending for the main thread");
}

static void to_self(void)
{
	struct timespec zero = {0};
	siginfo_t si, got;

	mkinfo(&si, SIGUSR1, 1234, FAKE_PID, 7);
	TST_EXP_PASS(sys_tgsigqueueinfo(getpid(), gettid(), SIGUSR1, &si),
		     "rt_tgsigqueueinfo(self, si_code 1234)");
	memset(&got, 0, sizeof(got));
	TST_EXP_VAL(sigtimedwait_raw(&usr1, &got, &zero), SIGUSR1,
		    "SIGUSR1 pending for the caller");
	TST_EXP_EXPR(got.si_code == 1234 && got.si_pid == FAKE_PID,
		     "received verbatim: si_code %d, si_pid %d", got.si_code,
		     got.si_pid);
}

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	handled = *si;
	handled_count++;
}

static void to_child(void)
{
	struct sigaction sa = {.sa_sigaction = handler,
			       .sa_flags = SA_SIGINFO};
	siginfo_t si;
	sigset_t none;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		if (sigaction(SIGUSR1, &sa, NULL))
			tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
		sigemptyset(&none);
		TST_CHECKPOINT_WAKE(0);
		/* SIGUSR1 is blocked until sigsuspend() */
		sigsuspend(&none);
		TST_EXP_EXPR(handled_count == 1 &&
			     handled.si_code == SI_QUEUE &&
			     handled.si_pid == getppid() &&
			     handled.si_value.sival_int == 0xc0de,
			     "the child's handler ran %d time(s): si_code %d, "
			     "si_pid %d, si_value 0x%x", handled_count,
			     handled.si_code, handled.si_pid,
			     handled.si_value.sival_int);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	mkinfo(&si, SIGUSR1, SI_USER, getpid(), 0);
	TST_EXP_FAIL(sys_tgsigqueueinfo(pid, pid, SIGUSR1, &si), EPERM,
		     "rt_tgsigqueueinfo(child, si_code SI_USER)");
	si.si_code = 1234;
	TST_EXP_FAIL(sys_tgsigqueueinfo(pid, pid, SIGUSR1, &si), EPERM,
		     "rt_tgsigqueueinfo(child, si_code 1234)");
	si.si_code = SI_TKILL;
	TST_EXP_FAIL(sys_tgsigqueueinfo(pid, pid, SIGUSR1, &si), EPERM,
		     "rt_tgsigqueueinfo(child, si_code SI_TKILL)");
	TST_EXP_FAIL(sys_tgsigqueueinfo(getpid(), pid, SIGUSR1, &si), EPERM,
		     "rt_tgsigqueueinfo(child, wrong tgid, si_code SI_TKILL)");
	mkinfo(&si, SIGUSR1, SI_QUEUE, getpid(), 0);
	TST_EXP_FAIL(sys_tgsigqueueinfo(getpid(), pid, SIGUSR1, &si), ESRCH,
		     "rt_tgsigqueueinfo(tgid self, tid child)");
	mkinfo(&si, SIGUSR1, SI_QUEUE, getpid(), 0xc0de);
	TST_EXP_PASS(sys_tgsigqueueinfo(pid, pid, SIGUSR1, &si),
		     "rt_tgsigqueueinfo(child, SI_QUEUE, 0xc0de)");
	reap_child(pid);
}

static void as_nobody(void)
{
	siginfo_t si;

	mkinfo(&si, SIGUSR1, SI_QUEUE, getpid(), 0);
	TST_EXP_FAIL(sys_tgsigqueueinfo(root_pid, root_pid, SIGUSR1, &si),
		     EPERM, "rt_tgsigqueueinfo(root's process) as nobody");
}

static void errors(void)
{
	pid_t me = getpid(), tid = gettid();
	siginfo_t si;

	mkinfo(&si, SIGUSR1, SI_QUEUE, me, 0);
	TST_EXP_FAIL(sys_tgsigqueueinfo(0, tid, SIGUSR1, &si), EINVAL,
		     "rt_tgsigqueueinfo(tgid 0)");
	TST_EXP_FAIL(sys_tgsigqueueinfo(me, 0, SIGUSR1, &si), EINVAL,
		     "rt_tgsigqueueinfo(tid 0)");
	TST_EXP_FAIL(sys_tgsigqueueinfo(-1, tid, SIGUSR1, &si), EINVAL,
		     "rt_tgsigqueueinfo(tgid -1)");
	TST_EXP_FAIL(sys_tgsigqueueinfo(me, tid, -1, &si), EINVAL,
		     "rt_tgsigqueueinfo(signal -1)");
	TST_EXP_FAIL(sys_tgsigqueueinfo(me, tid, 65, &si), EINVAL,
		     "rt_tgsigqueueinfo(signal 65)");
	TST_EXP_FAIL(sys_tgsigqueueinfo(me, unused_pid(), SIGUSR1, &si), ESRCH,
		     "rt_tgsigqueueinfo(unused tid)");
	TST_EXP_FAIL(sys_tgsigqueueinfo(me, tid, SIGUSR1, unmapped_addr()),
		     EFAULT, "rt_tgsigqueueinfo(siginfo unmapped)");
	root_pid = me;
	run_in_nobody_child(as_nobody, "the checks as nobody");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		to_thread();
		break;
	case 1:
		to_self();
		break;
	case 2:
		to_child();
		break;
	case 3:
		errors();
		break;
	}
}

static void setup(void)
{
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &usr1, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK, SIGUSR1)");
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
