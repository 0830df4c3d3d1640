// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SEM_UNDO: the kernel records each such operation in the process's
 * adjustment and applies the opposite when the process exits:
 *  - +3 by a child: the value is 3 while it lives, 0 after it exited;
 *  - -2 from 5: back to 5; +1, +1, -1: the net +1 is undone;
 *  - also when the child is killed by SIGKILL;
 *  - a child forked after the operation does not inherit the adjustment:
 *    its exit leaves the value alone;
 *  - SETVAL clears the adjustments for that semaphore: a +2 followed by
 *    SETVAL 10 leaves 10 after the exit.
 *  - the adjustment belongs to the process, not the thread: a +2 made by
 *    a second thread of a child is still in the value once that thread
 *    has exited and left /proc/self/task, and is undone when the whole
 *    child exits.
 *  - the undo is capped at 0: a child's +3 with SEM_UNDO, then -2 by the
 *    parent without it, leaves 0 (not -2) after the child's exit, and
 *    GETPID names the exited child, whose undo was the last change;
 *  - the undo wakes sleepers: a task sleeping in semop() for -1 on a
 *    value a child took with SEM_UNDO gets it when that child exits
 *    (the sleeper bounds its wait with semtimedop()).
 * Checkpoints order each child's operation, the parent's check and the
 * child's exit.
 */
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include "sysv_ipc.h"
#include "legacy_raw.h"

static int sem_id = -1;

static void undo_op(short op)
{
	struct sembuf sop = { 0, op, SEM_UNDO };

	if (sys_semop(sem_id, &sop, 1))
		tst_brk(TBROK | TERRNO, "semop({0, %d, SEM_UNDO})", op);
}

/* A child applying ops with SEM_UNDO, then waiting for the parent. */
static pid_t undo_child(const short *ops, int nops)
{
	pid_t pid = SAFE_FORK();
	int i;

	if (pid)
		return pid;
	for (i = 0; i < nops; i++)
		undo_op(ops[i]);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	exit(0);
}

static void child_exits(pid_t pid)
{
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
}

static void test_undo(int start, const short *ops, int nops, int during)
{
	pid_t pid;

	sem_setval(sem_id, 0, start);
	pid = undo_child(ops, nops);
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETVAL), during);
	child_exits(pid);
	TST_EXP_EXPR(sem_get(sem_id, 0, GETVAL) == start,
		     "after the exit of a child that did %d SEM_UNDO ops "
		     "(value %d), the value is back to %d", nops, during,
		     start);
}

static void test_killed(void)
{
	const short op = 4;
	pid_t pid;

	sem_setval(sem_id, 0, 0);
	pid = undo_child(&op, 1);
	TST_CHECKPOINT_WAIT(0);
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	TST_EXP_EXPR(sem_get(sem_id, 0, GETVAL) == 0,
		     "+4 with SEM_UNDO undone after SIGKILL (value %d)",
		     sem_get(sem_id, 0, GETVAL));
}

static void test_not_inherited(void)
{
	pid_t pid, grandchild;

	sem_setval(sem_id, 0, 0);
	pid = SAFE_FORK();
	if (!pid) {
		undo_op(1);
		grandchild = SAFE_FORK();
		if (!grandchild)
			_exit(0);
		reap_child(grandchild);
		TST_EXP_EXPR(sem_get(sem_id, 0, GETVAL) == 1,
			     "the exit of a fork()ed grandchild undid nothing "
			     "(value %d, expected 1)",
			     sem_get(sem_id, 0, GETVAL));
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETVAL), 0);
}

static void test_setval_clears(void)
{
	const short op = 2;
	pid_t pid;

	sem_setval(sem_id, 0, 0);
	pid = undo_child(&op, 1);
	TST_CHECKPOINT_WAIT(0);
	sem_setval(sem_id, 0, 10);
	child_exits(pid);
	TST_EXP_EXPR(sem_get(sem_id, 0, GETVAL) == 10,
		     "SETVAL 10 after a +2 with SEM_UNDO: %d after the exit",
		     sem_get(sem_id, 0, GETVAL));
}

static void *undo_thread(void *arg)
{
	(void)arg;
	undo_op(2);
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

static void test_thread(void)
{
	long long deadline;
	pthread_t t;
	pid_t pid;

	sem_setval(sem_id, 0, 0);
	pid = SAFE_FORK();
	if (!pid) {
		errno = pthread_create(&t, NULL, undo_thread, NULL);
		if (errno)
			tst_brk(TBROK | TERRNO, "pthread_create()");
		pthread_join(t, NULL);
		/* the thread's exit ends after the join returns (flakes.md) */
		deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
		while (task_count() > 1) {
			if (tst_mono_ms() > deadline)
				tst_brk(TBROK, "the thread is still there");
			usleep(1000);
		}
		TST_EXP_EXPR(sem_get(sem_id, 0, GETVAL) == 2, "a thread's +2 "
			     "with SEM_UNDO stays after the thread exited (%d)",
			     sem_get(sem_id, 0, GETVAL));
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EXPR(sem_get(sem_id, 0, GETVAL) == 0, "undone when the "
		     "process exited (%d)", sem_get(sem_id, 0, GETVAL));
}

static void test_capped_at_zero(void)
{
	const short op = 3;
	struct sembuf minus2 = { 0, -2, 0 };
	unsigned short val;
	union semun all = { .array = &val };
	pid_t pid;

	sem_setval(sem_id, 0, 0);
	pid = undo_child(&op, 1);
	TST_CHECKPOINT_WAIT(0);
	if (sys_semop(sem_id, &minus2, 1))
		tst_brk(TBROK | TERRNO, "semop({0, -2, 0})");
	child_exits(pid);
	/*
	 * GETALL, not GETVAL: a value below 0 would come back from GETVAL
	 * as a negative return, which the C library takes for an errno.
	 */
	if (semctl(sem_id, 0, GETALL, all))
		tst_brk(TBROK | TERRNO, "semctl(GETALL)");
	TST_EXP_EXPR(val == 0, "1 - 3 on the exit of a +3 SEM_UNDO child is "
		     "capped at 0 (value %u as unsigned short)", val);
	TST_EXP_EXPR(sem_get(sem_id, 0, GETPID) == pid, "GETPID after the "
		     "undo: %d, the exited child %d",
		     sem_get(sem_id, 0, GETPID), pid);
}

static void test_undo_wakes(void)
{
	const short op = -1;
	struct sembuf take = { 0, -1, 0 };
	/* well inside the test's timeout, so a lost wake-up is a TFAIL */
	struct timespec ts = { .tv_sec = 5 * tst_timeout_mul() };
	pid_t holder, sleeper;

	sem_setval(sem_id, 0, 1);
	holder = undo_child(&op, 1);
	TST_CHECKPOINT_WAIT(0);
	sleeper = SAFE_FORK();
	if (!sleeper) {
		if (semtimedop(sem_id, &take, 1, &ts))
			tst_brk(TFAIL | TERRNO, "semop(-1) still asleep after "
				"the holder's exit undid its -1");
		exit(0);
	}
	sem_wait_count(sem_id, 0, GETNCNT, 1);
	child_exits(holder);
	reap_child(sleeper);
	TST_EXP_EXPR(sem_get(sem_id, 0, GETVAL) == 0, "the sleeper took the "
		     "unit the undo gave back (value %d)",
		     sem_get(sem_id, 0, GETVAL));
}

static void run(void)
{
	static const short plus3[] = { 3 };
	static const short minus2[] = { -2 };
	static const short mixed[] = { 1, 1, -1 };

	sem_id = new_semset(IPC_PRIVATE, 1, 0600);
	test_undo(0, plus3, 1, 3);
	test_undo(5, minus2, 1, 3);
	test_undo(2, mixed, 3, 3);
	test_killed();
	test_not_inherited();
	test_setval_clears();
	test_thread();
	test_capped_at_zero();
	test_undo_wakes();
	rm_semset(&sem_id);
}

static void cleanup(void)
{
	rm_semset(&sem_id);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
