// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * semop() applies an array of operations atomically, or none of them:
 *  - sem_op > 0 adds, sem_op < 0 subtracts, two semaphores in one call;
 *    each call sets sempid (GETPID) to the caller and sem_otime;
 *  - sem_op 0 succeeds on a semaphore that is 0, and with IPC_NOWAIT
 *    fails with EAGAIN on one that is not;
 *  - IPC_NOWAIT on a decrement below 0: EAGAIN, and an earlier operation
 *    of the same call is not applied;
 *  - a result above SEMVMX (32767): ERANGE, and nothing is applied;
 *  - sem_num >= the set's size: EFBIG; nsops above SEMOPM (the third
 *    field of /proc/sys/kernel/sem): E2BIG, while SEMOPM operations pass;
 *    nsops 0 and id -1: EINVAL; sops outside the address space: EFAULT.
 */
#include "sysv_ipc.h"
#include "legacy_raw.h"

static int sem_id = -1;
static int semopm;
static struct sembuf *many_sops;

static void setup(void)
{
	int semmsl, semmns, semmni;

	SAFE_FILE_SCANF("/proc/sys/kernel/sem", "%d %d %d %d", &semmsl,
			&semmns, &semopm, &semmni);
	many_sops = SAFE_MALLOC((semopm + 1) * sizeof(*many_sops));
	memset(many_sops, 0, (semopm + 1) * sizeof(*many_sops));
}

static void expect_vals(int v0, int v1, const char *when)
{
	int got0 = sem_get(sem_id, 0, GETVAL);
	int got1 = sem_get(sem_id, 1, GETVAL);

	TST_EXP_EXPR(got0 == v0 && got1 == v1,
		     "%s: values %d %d, expected %d %d", when, got0, got1, v0,
		     v1);
}

static void test_success(void)
{
	struct sembuf add = { 0, 3, 0 };
	struct sembuf both[2] = { { 0, -2, 0 }, { 1, 5, 0 } };
	struct sembuf zero = { 1, 0, IPC_NOWAIT };
	time_t before, after;
	struct semid_ds ds;

	before = time(NULL);
	TST_EXP_PASS(sys_semop(sem_id, &add, 1), "semop({0, +3})");
	after = time(NULL);
	expect_vals(3, 0, "after +3");
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETPID), getpid());
	ds = semset_stat(sem_id);
	TST_EXP_EXPR(ds.sem_otime >= before && ds.sem_otime <= after,
		     "sem_otime %ld within the call [%ld, %ld]",
		     (long)ds.sem_otime, (long)before, (long)after);

	TST_EXP_PASS(sys_semop(sem_id, both, 2), "semop({0, -2}, {1, +5})");
	expect_vals(1, 5, "after -2 and +5");
	TST_EXP_EQ_LI(sem_get(sem_id, 1, GETPID), getpid());

	TST_EXP_FAIL(sys_semop(sem_id, &zero, 1), EAGAIN,
		     "semop({1, 0, IPC_NOWAIT}) on value 5");
	zero.sem_num = 0;
	add.sem_op = -1;
	TST_EXP_PASS(sys_semop(sem_id, &add, 1), "semop({0, -1})");
	TST_EXP_PASS(sys_semop(sem_id, &zero, 1), "semop({0, 0}) on value 0");
}

static void test_all_or_nothing(void)
{
	struct sembuf blocked[2] = { { 1, -1, 0 }, { 0, -1, IPC_NOWAIT } };
	struct sembuf fill = { 0, 32767, 0 };
	struct sembuf over[2] = { { 1, 1, 0 }, { 0, 1, 0 } };

	TST_EXP_FAIL(sys_semop(sem_id, blocked, 2), EAGAIN,
		     "semop({1, -1}, {0, -1, IPC_NOWAIT}) with sem 0 at 0");
	expect_vals(0, 5, "after the EAGAIN");

	TST_EXP_PASS(sys_semop(sem_id, &fill, 1), "semop({0, +32767})");
	TST_EXP_FAIL(sys_semop(sem_id, over, 2), ERANGE,
		     "semop({1, +1}, {0, +1}) with sem 0 at SEMVMX");
	expect_vals(32767, 5, "after the ERANGE");
}

static void test_errors(void)
{
	struct sembuf op = { 2, 1, IPC_NOWAIT };
	union semun arg = { .val = 0 };

	TST_EXP_FAIL(sys_semop(sem_id, &op, 1), EFBIG,
		     "semop(sem_num 2) on a set of 2");
	op.sem_num = 65535;
	TST_EXP_FAIL(sys_semop(sem_id, &op, 1), EFBIG, "semop(sem_num 65535)");
	op.sem_num = 0;
	TST_EXP_FAIL(sys_semop(sem_id, many_sops, semopm + 1), E2BIG,
		     "semop(nsops SEMOPM + 1 = %d)", semopm + 1);
	TST_EXP_FAIL(sys_semop(sem_id, &op, 0), EINVAL, "semop(nsops 0)");
	TST_EXP_FAIL(sys_semop(-1, &op, 1), EINVAL, "semop(id -1)");
	TST_EXP_FAIL(sys_semop(sem_id, (void *)-1, 1), EFAULT,
		     "semop(sops (void *)-1)");
	if (semctl(sem_id, 0, SETVAL, arg))
		tst_brk(TBROK | TERRNO, "semctl(SETVAL)");
	/* semopm operations that are all no-ops on sem 0 = 0 are fine */
	TST_EXP_PASS(sys_semop(sem_id, many_sops, semopm),
		     "semop(nsops SEMOPM = %d)", semopm);
}

static void run(void)
{
	sem_id = new_semset(IPC_PRIVATE, 2, 0600);
	test_success();
	test_all_or_nothing();
	test_errors();
	rm_semset(&sem_id);
}

static void cleanup(void)
{
	rm_semset(&sem_id);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};
