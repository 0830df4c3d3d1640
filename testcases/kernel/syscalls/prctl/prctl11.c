// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PR_SET_PDEATHSIG and threads: the "parent" whose death sends the signal
 * is the thread that forked the child (kernel/exit.c:
 * forget_original_parent() sends it while moving the children of an
 * exiting thread to another thread of its group), not the process:
 *  - a child forked by a second thread T of the test process sets
 *    PR_SET_PDEATHSIG SIGUSR1;
 *  - another thread of the process, which forked nothing, exits (and is
 *    gone from /proc/self/task): nothing is sent, SIGUSR1 is not pending
 *    in the child;
 *  - T exits while the process lives on: the child receives SIGUSR1,
 *    with si_code SI_USER and si_pid the test process (sent by the
 *    exiting thread, whose tgid it is); its parent is still the test
 *    process (getppid() unchanged: it went to a thread of the same
 *    group), PR_GET_PDEATHSIG still reads SIGUSR1, and the test process
 *    (its main thread) reaps it.
 */
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include "tst_test.h"

static pid_t test_pid, child_pid;

static int get_pdeathsig(void)
{
	int sig = -1;

	if (prctl(PR_GET_PDEATHSIG, &sig, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_GET_PDEATHSIG)");
	return sig;
}

static void child(void)
{
	struct timespec ts = { .tv_sec = 10 * tst_timeout_mul() };
	siginfo_t si;
	sigset_t set, pending;

	/* SIGUSR1 is blocked: inherited from the forking thread */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (prctl(PR_SET_PDEATHSIG, SIGUSR1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_PDEATHSIG, SIGUSR1)");
	if (getppid() != test_pid)
		tst_brk(TBROK, "the forking thread's process is gone");
	TST_CHECKPOINT_WAKE(0);

	/* another thread of the parent process has exited */
	TST_CHECKPOINT_WAIT(1);
	if (sigpending(&pending))
		tst_brk(TBROK | TERRNO, "sigpending()");
	TST_EXP_EXPR(!sigismember(&pending, SIGUSR1),
		     "the exit of a thread that is not the parent sent no "
		     "parent death signal");
	TST_CHECKPOINT_WAKE(2);

	/* now the forking thread exits */
	memset(&si, 0, sizeof(si));
	TST_EXP_VAL(sigtimedwait(&set, &si, &ts), SIGUSR1,
		    "the parent death signal came when the forking thread "
		    "exited");
	if (TST_PASS) {
		TST_EXP_EQ_LI(si.si_code, SI_USER);
		TST_EXP_EQ_LI(si.si_pid, test_pid);
	}
	TST_EXP_EXPR(getppid() == test_pid, "the parent is still the test "
		     "process (getppid() %d, expected %d)", (int)getppid(),
		     (int)test_pid);
	TST_EXP_EQ_LI(get_pdeathsig(), SIGUSR1);
	exit(0);
}

static void *forking_thread(void *arg)
{
	(void)arg;
	child_pid = SAFE_FORK();
	if (!child_pid)
		child();
	/* stays until the other thread's exit was checked */
	TST_CHECKPOINT_WAIT(3);
	return NULL;
}

static void *idle_thread(void *arg)
{
	(void)arg;
	return NULL;
}

static int task_count(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *de;
	int n = 0;

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(/proc/self/task)");
	while ((de = readdir(d)))
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}

/* pthread_join() returns before the thread is released (flakes.md). */
static void wait_task_count(int n)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();

	while (task_count() > n) {
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "still %d threads after 10 s, expected %d",
				task_count(), n);
		usleep(1000);
	}
}

static void run(void)
{
	pthread_t forker, idle;
	sigset_t set, old;

	test_pid = getpid();
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &set, &old))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");
	errno = pthread_create(&forker, NULL, forking_thread, NULL);
	if (errno)
		tst_brk(TBROK | TERRNO, "pthread_create()");
	if (sigprocmask(SIG_SETMASK, &old, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_SETMASK)");
	/* the child has set its parent death signal */
	TST_CHECKPOINT_WAIT(0);

	errno = pthread_create(&idle, NULL, idle_thread, NULL);
	if (errno)
		tst_brk(TBROK | TERRNO, "pthread_create()");
	pthread_join(idle, NULL);
	wait_task_count(2);
	TST_CHECKPOINT_WAKE(1);
	TST_CHECKPOINT_WAIT(2);

	TST_CHECKPOINT_WAKE(3);
	pthread_join(forker, NULL);
	reap_child(child_pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_checkpoints = 1,
	.forks_child = 1,
};
