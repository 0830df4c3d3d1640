// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The limits of SEM_UNDO (ipc/sem.c: perform_atomic_semop(), exit_sem()):
 *  - the adjustment of a semaphore stays within [-(SEMAEM + 1), SEMAEM],
 *    SEMAEM being SEMVMX, 32767: an operation with SEM_UNDO that would take
 *    it to -32769 or to +32768 fails with ERANGE, though the value itself
 *    would stay in range, and changes neither the value nor the
 *    adjustment; -32768 itself is accepted. In a call of two operations
 *    whose second is out of the undo range, the first is not applied
 *    either. The adjustments left are then exactly what the accepted
 *    operations recorded: the exit of the process applies -100 and
 *    +32667, read back in the value;
 *  - at exit, an adjustment that would take the value below 0 or above
 *    SEMVMX is clamped (Linux behaviour): -5 on 2 leaves 0, +3 on 32766
 *    leaves 32767; not ignored, not wrapped. GETPID then names the exited
 *    process, whose exit changed the value;
 *  - a task sleeping in semop() for a decrement is woken by the value an
 *    exiting process's adjustment gives back, and completes.
 */
#include <signal.h>
#include "sysv_ipc.h"
#include "legacy_raw.h"

static int sem_id = -1;

/* A semop() that must pass: a set-up step. */
static void op(int num, int val, int flg)
{
	struct sembuf sop = { num, val, flg };

	if (sys_semop(sem_id, &sop, 1))
		tst_brk(TBROK | TERRNO, "semop({%d, %d, %s})", num, val,
			flg ? "SEM_UNDO" : "0");
}

static void expect_val(int num, int val, const char *when)
{
	int cur = sem_get(sem_id, num, GETVAL);

	TST_EXP_EXPR(cur == val, "semaphore %d is %d %s (expected %d)", num,
		     cur, when, val);
}

/* Adjustment going down: -32768 is the floor. */
static void low_child(void)
{
	struct sembuf up = { 0, 1, SEM_UNDO };
	struct sembuf two[2] = { { 1, 5, SEM_UNDO }, { 0, 1, SEM_UNDO } };

	op(0, 32767, SEM_UNDO);		/* adj -32767 */
	op(0, -32767, 0);
	op(0, 1, SEM_UNDO);		/* adj -32768: still in range */
	op(0, -1, 0);
	expect_val(0, 0, "after +1 with SEM_UNDO at adjustment -32767");
	TST_EXP_FAIL(sys_semop(sem_id, &up, 1), ERANGE,
		     "+1 with SEM_UNDO at adjustment -32768");
	expect_val(0, 0, "after the ERANGE");
	TST_EXP_FAIL(sys_semop(sem_id, two, 2), ERANGE,
		     "{1, +5, SEM_UNDO}, {0, +1, SEM_UNDO} at adjustment "
		     "-32768 of semaphore 0");
	expect_val(1, 0, "after the ERANGE of the second operation");
	/* from -32768 to -100: 32668 given back with SEM_UNDO */
	op(0, 32668, 0);
	op(0, -32668, SEM_UNDO);
	op(0, 500, 0);
	exit(0);
}

/* Adjustment going up: +32767 is the ceiling. */
static void high_child(void)
{
	struct sembuf down = { 0, -1, SEM_UNDO };

	op(0, 32767, 0);
	op(0, -32767, SEM_UNDO);	/* adj +32767 */
	op(0, 1, 0);
	TST_EXP_FAIL(sys_semop(sem_id, &down, 1), ERANGE,
		     "-1 with SEM_UNDO at adjustment +32767");
	expect_val(0, 1, "after the ERANGE");
	op(0, 100, SEM_UNDO);		/* adj +32667 */
	op(0, -101, 0);
	exit(0);
}

static void test_range(void)
{
	pid_t pid;

	sem_setval(sem_id, 0, 0);
	sem_setval(sem_id, 1, 0);
	pid = SAFE_FORK();
	if (!pid)
		low_child();
	reap_child(pid);
	expect_val(0, 400, "after the exit: 500 and the adjustment -100");
	expect_val(1, 0, "after the exit: the refused +5 left no adjustment");

	sem_setval(sem_id, 0, 0);
	pid = SAFE_FORK();
	if (!pid)
		high_child();
	reap_child(pid);
	expect_val(0, 32667, "after the exit: 0 and the adjustment +32667");
}

/*
 * A child makes op with SEM_UNDO; the parent then moves the value by
 * parent_op without SEM_UNDO; the child exits: the value must be expect.
 */
static void test_clamp(int start, int child_op, int parent_op, int expect)
{
	pid_t pid;

	sem_setval(sem_id, 0, start);
	pid = SAFE_FORK();
	if (!pid) {
		op(0, child_op, SEM_UNDO);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	op(0, parent_op, 0);
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETPID), getpid());
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	TST_EXP_EXPR(sem_get(sem_id, 0, GETVAL) == expect,
		     "%d, %+d with SEM_UNDO, %+d: %d after the exit (expected "
		     "%d, the value clamped)", start, child_op, parent_op,
		     sem_get(sem_id, 0, GETVAL), expect);
	TST_EXP_EXPR(sem_get(sem_id, 0, GETPID) == pid,
		     "GETPID after the exit names the exited child (%d, "
		     "expected %d)", sem_get(sem_id, 0, GETPID), pid);
}

static void test_exit_wakes(void)
{
	struct timespec ts = { .tv_sec = 10 * tst_timeout_mul() };
	struct sembuf take = { 0, -1, 0 };
	pid_t holder, waiter;

	sem_setval(sem_id, 0, 1);
	holder = SAFE_FORK();
	if (!holder) {
		op(0, -1, SEM_UNDO);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	waiter = SAFE_FORK();
	if (!waiter) {
		TST_EXP_PASS(tst_syscall(__NR_semtimedop, sem_id, &take, 1,
					 &ts),
			     "the sleeper's -1 completes once the holder's "
			     "exit gave its unit back");
		exit(0);
	}
	sem_wait_count(sem_id, 0, GETNCNT, 1);
	TST_CHECKPOINT_WAKE(0);
	reap_child(holder);
	reap_child(waiter);
	expect_val(0, 0, "after the sleeper took the unit back");
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETNCNT), 0);
}

static void run(void)
{
	sem_id = new_semset(IPC_PRIVATE, 2, 0600);
	test_range();
	test_clamp(0, 5, -3, 0);
	test_clamp(32767, -3, 2, 32767);
	test_exit_wakes();
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
