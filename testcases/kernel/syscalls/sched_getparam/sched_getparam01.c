// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_getparam(2), called raw, reports a task's static priority:
 * - 0 for the caller under SCHED_OTHER (pid 0 and its own pid), and for a
 *   child under SCHED_BATCH;
 * - for a child that made itself SCHED_FIFO 10 or SCHED_RR 20, that
 *   priority (needs CAP_SYS_NICE: as root, in the guest);
 * - for a thread of a process, the thread's own priority, not the
 *   process's (a SCHED_FIFO 30 thread of a SCHED_OTHER process).
 * Errors: EINVAL for a NULL param and for a negative pid, ESRCH for a pid
 * no task has, EFAULT for an unwritable param.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "task_wait.h"
#include "proc_ids.h"
#include "lapi/sched.h"

/* the tid of the child's thread, in memory shared with the parent */
static volatile pid_t *thread_tid;

static long sys_sched_getparam(pid_t pid, struct sched_param *p)
{
	return syscall(__NR_sched_getparam, pid, p);
}

static void check_prio(pid_t pid, int want, const char *who)
{
	struct sched_param p = {.sched_priority = 55};

	TST_EXP_PASS(sys_sched_getparam(pid, &p), "sched_getparam(%s)", who);
	TST_EXP_EXPR(p.sched_priority == want, "%s: priority %d (%d)", who,
		     p.sched_priority, want);
}

/* A child under policy at prio; the parent checks what it reports. */
static void check_child(int policy, int prio, const char *name)
{
	struct sched_param p = {.sched_priority = prio};
	char who[64];
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		if (sched_setscheduler(0, policy, &p))
			tst_brk(TBROK | TERRNO, "sched_setscheduler(%s, %d)",
				name, prio);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	snprintf(who, sizeof(who), "%s %d child", name, prio);
	check_prio(pid, prio, who);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
}

static void *thread_fn(void *arg)
{
	struct sched_param p = {.sched_priority = 30};

	(void)arg;
	if (sched_setscheduler(0, SCHED_FIFO, &p))
		tst_brk(TBROK | TERRNO, "sched_setscheduler(thread, FIFO 30)");
	*thread_tid = gettid();
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	return NULL;
}

static void check_thread(void)
{
	pthread_t thread;
	pid_t pid;
	int ret;

	pid = SAFE_FORK();
	if (!pid) {
		ret = pthread_create(&thread, NULL, thread_fn, NULL);
		if (ret)
			tst_brk(TBROK, "pthread_create(): %s",
				tst_strerrno(ret));
		pthread_join(thread, NULL);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	check_prio(*thread_tid, 30, "SCHED_FIFO 30 thread");
	check_prio(pid, 0, "its SCHED_OTHER process");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
}

static void run(void)
{
	struct sched_param p;

	check_prio(0, 0, "pid 0, SCHED_OTHER");
	check_prio(getpid(), 0, "own pid, SCHED_OTHER");
	check_child(SCHED_BATCH, 0, "SCHED_BATCH");

	TST_EXP_FAIL(sys_sched_getparam(0, NULL), EINVAL,
		     "sched_getparam(0, NULL)");
	TST_EXP_FAIL(sys_sched_getparam(-1, &p), EINVAL,
		     "sched_getparam(-1)");
	TST_EXP_FAIL(sys_sched_getparam(unused_pid(), &p), ESRCH,
		     "sched_getparam(unused pid)");
	TST_EXP_FAIL(sys_sched_getparam(0, unmapped_addr()), EFAULT,
		     "sched_getparam(0, unmapped)");

	if (geteuid()) {
		tst_res(TCONF, "not root: the real-time priorities are not "
			"checked (SCHED_FIFO needs CAP_SYS_NICE)");
		return;
	}
	check_child(SCHED_FIFO, 10, "SCHED_FIFO");
	check_child(SCHED_RR, 20, "SCHED_RR");
	check_thread();
}

static void setup(void)
{
	thread_tid = SAFE_MMAP(NULL, sizeof(*thread_tid),
			       PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
