// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tkill(2) sends a signal to one thread: the second thread of the process
 * receives it with si_code SI_TKILL and the sender's si_pid and si_uid,
 * and it is not pending for the main thread; signal 0 only checks that the
 * thread exists. Errors:
 * - EINVAL for a tid <= 0 and for a signal that does not exist (-1, 65);
 * - ESRCH for a tid no task has;
 * - EPERM for an unprivileged sender and a thread of another user (root's),
 *   also with signal 0.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include "sigwait_raw.h"
#include "task_wait.h"
#include "as_nobody.h"

static sigset_t usr1;
static pid_t thread_tid, root_tid;
static siginfo_t thread_si;
static int thread_got;

static long sys_tkill(pid_t tid, int sig)
{
	return syscall(__NR_tkill, tid, sig);
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

static void as_nobody(void)
{
	TST_EXP_FAIL(sys_tkill(root_tid, SIGUSR1), EPERM,
		     "tkill(root's thread, SIGUSR1) as nobody");
	TST_EXP_FAIL(sys_tkill(root_tid, 0), EPERM,
		     "tkill(root's thread, 0) as nobody");
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

	TST_EXP_PASS(sys_tkill(thread_tid, 0), "tkill(thread, 0)");
	TST_EXP_PASS(sys_tkill(thread_tid, SIGUSR1), "tkill(thread, SIGUSR1)");
	pthread_join(thread, NULL);
	TST_EXP_EXPR(thread_got == SIGUSR1 && thread_si.si_code == SI_TKILL &&
		     thread_si.si_pid == getpid() &&
		     thread_si.si_uid == getuid(),
		     "the thread got signal %d (SIGUSR1 %d), si_code %d "
		     "(SI_TKILL %d), si_pid %d (%d), si_uid %d", thread_got,
		     SIGUSR1, thread_si.si_code, SI_TKILL, thread_si.si_pid,
		     (int)getpid(), (int)thread_si.si_uid);
	if (sigpending(&pending))
		tst_brk(TBROK | TERRNO, "sigpending()");
	TST_EXP_EXPR(!sigismember(&pending, SIGUSR1),
		     "SIGUSR1 is not pending for the main thread");

	TST_EXP_FAIL(sys_tkill(0, SIGUSR1), EINVAL, "tkill(0, SIGUSR1)");
	TST_EXP_FAIL(sys_tkill(-1, SIGUSR1), EINVAL, "tkill(-1, SIGUSR1)");
	TST_EXP_FAIL(sys_tkill(gettid(), -1), EINVAL, "tkill(self, -1)");
	TST_EXP_FAIL(sys_tkill(gettid(), 65), EINVAL, "tkill(self, 65)");
	TST_EXP_FAIL(sys_tkill(unused_pid(), SIGUSR1), ESRCH,
		     "tkill(unused tid, SIGUSR1)");
	root_tid = gettid();
	run_in_nobody_child(as_nobody, "the EPERM checks");
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
	.forks_child = 1,
	.needs_checkpoints = 1,
};
