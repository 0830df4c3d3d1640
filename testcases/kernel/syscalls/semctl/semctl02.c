// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Error paths of semctl(), each with its exact errno, none changing a
 * value:
 *  - SETVAL 32768 (above SEMVMX) and SETVAL -1: ERANGE;
 *  - SETALL with one value above SEMVMX: ERANGE, and no value is set;
 *  - GETVAL, SETVAL, GETPID, GETNCNT with semnum equal to the set's size
 *    or -1: EINVAL;
 *  - an unknown command, a negative id, the id of a removed set: EINVAL;
 *  - GETALL, SETALL and IPC_STAT with a buffer outside the address space:
 *    EFAULT.
 */
#include "sysv_ipc.h"

#define NSEMS 3

static int sem_id = -1, removed_id = -1;

static void setup(void)
{
	sem_id = new_semset(IPC_PRIVATE, NSEMS, 0600);
	removed_id = new_semset(IPC_PRIVATE, 1, 0600);
	if (semctl(removed_id, 0, IPC_RMID))
		tst_brk(TBROK | TERRNO, "semctl(IPC_RMID)");
}

static void test_range(void)
{
	unsigned short vals[NSEMS] = { 1, 32768, 2 };
	unsigned short got[NSEMS];
	union semun arg = { .val = 32768 };

	sem_setval(sem_id, 0, 5);
	TST_EXP_FAIL(semctl(sem_id, 0, SETVAL, arg), ERANGE,
		     "semctl(SETVAL, 32768)");
	arg.val = -1;
	TST_EXP_FAIL(semctl(sem_id, 0, SETVAL, arg), ERANGE,
		     "semctl(SETVAL, -1)");
	arg.array = vals;
	TST_EXP_FAIL(semctl(sem_id, 0, SETALL, arg), ERANGE,
		     "semctl(SETALL, {1, 32768, 2})");
	arg.array = got;
	if (semctl(sem_id, 0, GETALL, arg))
		tst_brk(TBROK | TERRNO, "semctl(GETALL)");
	TST_EXP_EXPR(got[0] == 5 && got[1] == 0 && got[2] == 0,
		     "values unchanged after the ERANGEs: {%u, %u, %u}",
		     got[0], got[1], got[2]);
}

static void test_semnum(void)
{
	static const struct { int cmd; const char *name; } cmds[] = {
		{ GETVAL, "GETVAL" }, { SETVAL, "SETVAL" },
		{ GETPID, "GETPID" }, { GETNCNT, "GETNCNT" },
		{ GETZCNT, "GETZCNT" },
	};
	union semun arg = { .val = 1 };
	unsigned int i;

	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		TST_EXP_FAIL(semctl(sem_id, NSEMS, cmds[i].cmd, arg), EINVAL,
			     "semctl(semnum %d, %s) on a set of %d", NSEMS,
			     cmds[i].name, NSEMS);
		TST_EXP_FAIL(semctl(sem_id, -1, cmds[i].cmd, arg), EINVAL,
			     "semctl(semnum -1, %s)", cmds[i].name);
	}
}

static void run(void)
{
	union semun arg = { .array = (void *)-1 };

	test_range();
	test_semnum();

	TST_EXP_FAIL(semctl(sem_id, 0, 0x7fff), EINVAL,
		     "semctl(unknown command 0x7fff)");
	TST_EXP_FAIL(semctl(-1, 0, GETVAL), EINVAL, "semctl(id -1, GETVAL)");
	TST_EXP_FAIL(semctl(removed_id, 0, GETVAL), EINVAL,
		     "semctl(removed id, GETVAL)");
	TST_EXP_FAIL(semctl(removed_id, 0, IPC_RMID), EINVAL,
		     "semctl(removed id, IPC_RMID)");

	TST_EXP_FAIL(semctl(sem_id, 0, GETALL, arg), EFAULT,
		     "semctl(GETALL, (void *)-1)");
	TST_EXP_FAIL(semctl(sem_id, 0, SETALL, arg), EFAULT,
		     "semctl(SETALL, (void *)-1)");
	arg.buf = (void *)-1;
	TST_EXP_FAIL(semctl(sem_id, 0, IPC_STAT, arg), EFAULT,
		     "semctl(IPC_STAT, (void *)-1)");
	TST_EXP_EQ_LI(sem_get(sem_id, 0, GETVAL), 5);
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
