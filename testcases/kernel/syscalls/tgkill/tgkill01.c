// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tgkill() sends to one thread: the second thread of the process receives
 * the signal (si_code SI_TKILL, si_pid and si_uid of the sender), and it is
 * not pending for the main thread, which blocks it too. Signal 0 checks
 * that the thread exists in that thread group.
 */
#include <pthread.h>
#include <signal.h>
#include "tst_test.h"
#include "sigwait_raw.h"

static sigset_t usr1;
static pid_t thread_tid;
static siginfo_t thread_si;
static int thread_got;

static void *thread_fn(void *arg)
{
	struct timespec ts = {.tv_sec = 10 * tst_timeout_mul()};

	(void)arg;
	thread_tid = gettid();
	/*
	 * SIGUSR1 is blocked (inherited): it waits for rt_sigtimedwait(),
	 * called raw, as glibc would turn SI_TKILL into SI_USER.
	 */
	TST_CHECKPOINT_WAKE(0);
	thread_got = sigtimedwait_raw(&usr1, &thread_si, &ts);
	return NULL;
}

static void run(void)
{
	pthread_t thread;
	sigset_t pending;
	int ret;

	thread_got = 0;
	ret = pthread_create(&thread, NULL, thread_fn, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create(): %s", tst_strerrno(ret));
	TST_CHECKPOINT_WAIT(0);

	TST_EXP_PASS(tgkill(getpid(), thread_tid, 0), "tgkill(pid, tid, 0)");
	TST_EXP_PASS(tgkill(getpid(), thread_tid, SIGUSR1),
		     "tgkill(pid, tid, SIGUSR1)");
	pthread_join(thread, NULL);

	TST_EXP_EXPR(thread_got == SIGUSR1 && thread_si.si_code == SI_TKILL &&
		     thread_si.si_pid == getpid() &&
		     thread_si.si_uid == getuid(),
		     "the target thread got signal %d (SIGUSR1 %d), si_code %d"
		     " (SI_TKILL %d), si_pid %d, si_uid %d", thread_got,
		     SIGUSR1, thread_si.si_code, SI_TKILL, thread_si.si_pid,
		     (int)thread_si.si_uid);
	if (sigpending(&pending))
		tst_brk(TBROK | TERRNO, "sigpending()");
	TST_EXP_EXPR(!sigismember(&pending, SIGUSR1),
		     "SIGUSR1 is not pending for the main thread");
}

static void setup(void)
{
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &usr1, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK, SIGUSR1)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_checkpoints = 1,
};
