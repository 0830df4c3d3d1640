// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * semtimedop(2) errors and the order the kernel checks them in
 * (ipc/sem.c ksys_semtimedop(), do_semtimedop(), __do_semtimedop() and
 * perform_atomic_semop() of 6.1 and 6.12), on a set of two semaphores,
 * mode 0600, owned by root; each failure leaves the values unchanged:
 * - EFAULT for an unreadable timeout, even with too many operations (the
 *   timeout is read first); E2BIG for SEMOPM + 1 operations, even from an
 *   unreadable array; EFAULT for an unreadable array of one operation;
 * - EINVAL for tv_nsec -1 even with sem_num past the set (the timeout is
 *   checked before the set), then EFBIG for sem_num 2 with a valid one;
 * - as nobody: EFBIG for sem_num 2 (before the permission check), EACCES
 *   for an increment (alter) and for a wait-for-zero (read);
 * - ERANGE for an increment past SEMVMX, and for a SEM_UNDO decrement
 *   whose adjustment would pass SEMAEM;
 * - EIDRM for a sleeper with a 10 s timeout when the set is removed.
 */
#include "sysv_ipc.h"

#define SEMVMX_VAL 32767

static int sem_id = -1, semopm;
static struct sembuf *many;
static void *bad;

static int vals_are(int v0, int v1)
{
	int a = sem_get(sem_id, 0, GETVAL), b = sem_get(sem_id, 1, GETVAL);

	if (a == v0 && b == v1)
		return 1;
	tst_res(TINFO, "values %d %d, expected %d %d", a, b, v0, v1);
	return 0;
}

static void check_order(void)
{
	struct sembuf past = { 2, 1, IPC_NOWAIT }, up = { 0, 1, IPC_NOWAIT };
	struct timespec ts = { 1, 0 }, inval = { 0, -1 };

	TST_EXP_FAIL(semtimedop(sem_id, many, semopm + 1, bad), EFAULT,
		     "semtimedop(%d ops, unreadable timeout)", semopm + 1);
	TST_EXP_FAIL(semtimedop(sem_id, bad, semopm + 1, &ts), E2BIG,
		     "semtimedop(%d ops from an unreadable array)",
		     semopm + 1);
	TST_EXP_FAIL(semtimedop(sem_id, many, semopm + 1, &ts), E2BIG,
		     "semtimedop(%d ops)", semopm + 1);
	TST_EXP_FAIL(semtimedop(sem_id, bad, 1, &ts), EFAULT,
		     "semtimedop(1 op from an unreadable array)");
	TST_EXP_FAIL(semtimedop(sem_id, &past, 1, &inval), EINVAL,
		     "semtimedop(sem_num 2, tv_nsec -1)");
	TST_EXP_FAIL(semtimedop(sem_id, &past, 1, &ts), EFBIG,
		     "semtimedop(sem_num 2 of a set of 2)");
	TST_EXP_FAIL(semtimedop(sem_id, &up, 1, bad), EFAULT,
		     "semtimedop(a valid op, unreadable timeout)");
	TST_EXP_EXPR(vals_are(0, 0), "both values still 0");
}

static void nobody_checks(void)
{
	struct sembuf past = { 2, 1, IPC_NOWAIT }, up = { 0, 1, IPC_NOWAIT };
	struct sembuf zero = { 1, 0, IPC_NOWAIT };
	struct timespec ts = { 1, 0 };

	TST_EXP_FAIL(semtimedop(sem_id, &past, 1, &ts), EFBIG,
		     "semtimedop(sem_num 2) as nobody, no access");
	TST_EXP_FAIL(semtimedop(sem_id, &up, 1, &ts), EACCES,
		     "semtimedop(+1) as nobody on a 0600 set");
	TST_EXP_FAIL(semtimedop(sem_id, &zero, 1, &ts), EACCES,
		     "semtimedop(wait for zero) as nobody on a 0600 set");
}

static void check_nobody(void)
{
	run_as_nobody(nobody_checks);
	TST_EXP_EXPR(vals_are(0, 0), "both values still 0");
}

static void undo_child(void)
{
	struct sembuf drain = { 1, -SEMVMX_VAL, SEM_UNDO | IPC_NOWAIT };
	struct sembuf up = { 1, 1, IPC_NOWAIT };
	struct sembuf down = { 1, -1, SEM_UNDO | IPC_NOWAIT };
	struct timespec ts = { 1, 0 };

	/* the set's adjustment for this process becomes +SEMAEM */
	TST_EXP_PASS(semtimedop(sem_id, &drain, 1, &ts),
		     "semtimedop(-%d, SEM_UNDO)", SEMVMX_VAL);
	TST_EXP_PASS(semtimedop(sem_id, &up, 1, &ts), "semtimedop(+1)");
	TST_EXP_FAIL(semtimedop(sem_id, &down, 1, &ts), ERANGE,
		     "semtimedop(-1, SEM_UNDO) with the adjustment at SEMAEM");
	TST_EXP_EXPR(vals_are(0, 1), "values 0 1");
	exit(0);
}

static void check_range(void)
{
	struct sembuf up = { 0, 1, IPC_NOWAIT };
	struct timespec ts = { 1, 0 };
	pid_t pid;

	sem_setval(sem_id, 0, SEMVMX_VAL);
	TST_EXP_FAIL(semtimedop(sem_id, &up, 1, &ts), ERANGE,
		     "semtimedop(+1) on a value of SEMVMX");
	TST_EXP_EXPR(vals_are(SEMVMX_VAL, 0), "values %d 0", SEMVMX_VAL);
	sem_setval(sem_id, 0, 0);

	sem_setval(sem_id, 1, SEMVMX_VAL);
	pid = SAFE_FORK();
	if (!pid)
		undo_child();
	reap_child(pid);
	sem_setval(sem_id, 1, 0);
}

static void check_idrm(void)
{
	struct sembuf take = { 0, -1, 0 };
	struct timespec ts = { 10 * tst_timeout_mul(), 0 };
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_FAIL(semtimedop(sem_id, &take, 1, &ts), EIDRM,
			     "sleeping semtimedop(-1, 10 s) when the set is "
			     "removed");
		exit(0);
	}
	sem_wait_count(sem_id, 0, GETNCNT, 1);
	rm_semset(&sem_id);
	reap_child(pid);
	sem_id = new_semset(ipc_key(0), 2, 0600);
}

static void (*const checks[])(void) = {
	check_order, check_nobody, check_range, check_idrm,
};

static void run(unsigned int n)
{
	checks[n]();
}

static void setup(void)
{
	int semmsl, semmns, semmni, i;

	SAFE_FILE_SCANF("/proc/sys/kernel/sem", "%d %d %d %d", &semmsl,
			&semmns, &semopm, &semmni);
	many = SAFE_MALLOC((semopm + 1) * sizeof(*many));
	for (i = 0; i <= semopm; i++)
		many[i] = (struct sembuf){ 0, 0, IPC_NOWAIT };
	bad = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	sem_id = new_semset(ipc_key(0), 2, 0600);
}

static void cleanup(void)
{
	rm_semset(&sem_id);
	free(many);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(checks),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
