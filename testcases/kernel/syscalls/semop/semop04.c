// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * semop() needs alter permission to change a semaphore and read
 * permission to wait for zero: on a root set of mode 0604, nobody may
 * wait for zero (it passes on a semaphore at 0) but gets EACCES for an
 * increment; on a root set of mode 0600 even waiting for zero is EACCES.
 * The refused increment is not applied.
 */
#include "sysv_ipc.h"
#include "legacy_raw.h"

static int id_0604 = -1, id_0600 = -1;

static void as_nobody(void)
{
	struct sembuf zero = { 0, 0, IPC_NOWAIT };
	struct sembuf add = { 0, 1, IPC_NOWAIT };

	TST_EXP_PASS(sys_semop(id_0604, &zero, 1),
		     "nobody: semop({0, 0}) on a root set of mode 0604");
	TST_EXP_FAIL(sys_semop(id_0604, &add, 1), EACCES,
		     "nobody: semop({0, +1}) on a root set of mode 0604");
	TST_EXP_FAIL(sys_semop(id_0600, &zero, 1), EACCES,
		     "nobody: semop({0, 0}) on a root set of mode 0600");
}

static void run(void)
{
	id_0604 = new_semset(IPC_PRIVATE, 1, 0604);
	id_0600 = new_semset(IPC_PRIVATE, 1, 0600);
	run_as_nobody(as_nobody);
	TST_EXP_EQ_LI(sem_get(id_0604, 0, GETVAL), 0);
	rm_semset(&id_0604);
	rm_semset(&id_0600);
}

static void cleanup(void)
{
	rm_semset(&id_0604);
	rm_semset(&id_0600);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
