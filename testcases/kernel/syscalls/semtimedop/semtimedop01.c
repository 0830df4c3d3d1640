// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * semtimedop() is semop() with a bound on the sleep:
 *  - an operation that cannot proceed fails with EAGAIN once the relative
 *    timeout (100 ms) has passed, not before; a zero timeout fails at once;
 *  - an operation that can proceed succeeds with a timeout, and with a NULL
 *    timeout (plain semop);
 *  - a sleeper with a 10 s timeout is woken by an increment and succeeds;
 *  - tv_nsec of 1000000000 or -1, or a negative tv_sec: EINVAL; a timeout
 *    outside the address space: EFAULT. Nothing is applied on failure.
 */
#include "sysv_ipc.h"

static int sem_id = -1;

static void test_expiry(void)
{
	struct sembuf take = { 0, -1, 0 };
	struct timespec ts = { 0, 100000000 };
	long long start, elapsed;

	start = tst_mono_ms();
	TST_EXP_FAIL(semtimedop(sem_id, &take, 1, &ts), EAGAIN,
		     "semtimedop({0, -1}, 100 ms) on value 0");
	elapsed = tst_mono_ms() - start;
	TST_EXP_EXPR(elapsed >= 100, "it returned after %lld ms (>= 100)",
		     elapsed);

	ts.tv_nsec = 0;
	TST_EXP_FAIL(semtimedop(sem_id, &take, 1, &ts), EAGAIN,
		     "semtimedop({0, -1}, 0 s) on value 0");
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETNCNT), 0);
}

static void test_success(void)
{
	struct sembuf add = { 0, 1, 0 }, take = { 0, -1, 0 };
	struct timespec ts = { 1, 0 };

	TST_EXP_PASS(semtimedop(sem_id, &add, 1, &ts),
		     "semtimedop({0, +1}, 1 s)");
	TST_EXP_PASS(semtimedop(sem_id, &take, 1, NULL),
		     "semtimedop({0, -1}, NULL) on value 1");
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETVAL), 0);
}

static void test_woken(void)
{
	struct sembuf add = { 0, 1, 0 }, take = { 0, -1, 0 };
	struct timespec ts = { 10, 0 };
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(semtimedop(sem_id, &take, 1, &ts),
			     "semtimedop({0, -1}, 10 s) woken by an increment");
		exit(0);
	}
	sem_wait_count(sem_id, 0, GETNCNT, 1);
	if (semop(sem_id, &add, 1))
		tst_brk(TBROK | TERRNO, "semop({0, +1})");
	reap_child(pid);
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETVAL), 0);
}

static void test_errors(void)
{
	struct sembuf take = { 0, -1, 0 };
	struct timespec ts = { 0, 1000000000 };

	TST_EXP_FAIL(semtimedop(sem_id, &take, 1, &ts), EINVAL,
		     "semtimedop(tv_nsec 1000000000)");
	ts.tv_nsec = -1;
	TST_EXP_FAIL(semtimedop(sem_id, &take, 1, &ts), EINVAL,
		     "semtimedop(tv_nsec -1)");
	ts.tv_sec = -1;
	ts.tv_nsec = 0;
	TST_EXP_FAIL(semtimedop(sem_id, &take, 1, &ts), EINVAL,
		     "semtimedop(tv_sec -1)");
	TST_EXP_FAIL(semtimedop(sem_id, &take, 1, (void *)-1), EFAULT,
		     "semtimedop(timeout (void *)-1)");
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETVAL), 0);
}

static void run(void)
{
	sem_id = new_semset(IPC_PRIVATE, 1, 0600);
	test_expiry();
	test_success();
	test_woken();
	test_errors();
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
};
