// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * semctl() permission checks, as nobody on sets root created:
 *  - IPC_RMID and IPC_SET need the owner, creator or CAP_SYS_ADMIN:
 *    EPERM even on a set of mode 0666, which then still exists;
 *  - reading commands (GETVAL, GETALL, IPC_STAT) need read permission:
 *    EACCES on mode 0600; SETVAL and SETALL need alter permission: EACCES
 *    on mode 0644, where GETVAL passes;
 *  - a set nobody owns (root gave it away with IPC_SET) nobody may
 *    change and remove.
 */
#include <pwd.h>
#include "sysv_ipc.h"

static int id_0666 = -1, id_0600 = -1, id_0644 = -1, id_given = -1;

static void as_nobody(void)
{
	unsigned short vals[1] = { 1 };
	union semun arg = { .val = 1 };
	struct semid_ds ds;

	TST_EXP_FAIL(semctl(id_0666, 0, IPC_RMID), EPERM,
		     "nobody: semctl(IPC_RMID) on a root set of mode 0666");
	arg.buf = &ds;
	if (semctl(id_0666, 0, IPC_STAT, arg))
		tst_brk(TBROK | TERRNO, "nobody: semctl(IPC_STAT) on 0666");
	ds.sem_perm.mode = 0600;
	TST_EXP_FAIL(semctl(id_0666, 0, IPC_SET, arg), EPERM,
		     "nobody: semctl(IPC_SET) on a root set of mode 0666");

	TST_EXP_FAIL(semctl(id_0600, 0, GETVAL), EACCES,
		     "nobody: semctl(GETVAL) on a root set of mode 0600");
	arg.array = vals;
	TST_EXP_FAIL(semctl(id_0600, 0, GETALL, arg), EACCES,
		     "nobody: semctl(GETALL) on a root set of mode 0600");
	arg.buf = &ds;
	TST_EXP_FAIL(semctl(id_0600, 0, IPC_STAT, arg), EACCES,
		     "nobody: semctl(IPC_STAT) on a root set of mode 0600");

	TST_EXP_VAL(semctl(id_0644, 0, GETVAL), 0,
		    "nobody: semctl(GETVAL) on a root set of mode 0644");
	arg.val = 1;
	TST_EXP_FAIL(semctl(id_0644, 0, SETVAL, arg), EACCES,
		     "nobody: semctl(SETVAL) on a root set of mode 0644");
	arg.array = vals;
	TST_EXP_FAIL(semctl(id_0644, 0, SETALL, arg), EACCES,
		     "nobody: semctl(SETALL) on a root set of mode 0644");

	arg.val = 3;
	TST_EXP_PASS(semctl(id_given, 0, SETVAL, arg),
		     "nobody: semctl(SETVAL) on its own set of mode 0600");
	TST_EXP_PASS(semctl(id_given, 0, IPC_RMID),
		     "nobody: semctl(IPC_RMID) on its own set");
}

static void give_to_nobody(int id)
{
	struct passwd *pw = getpwnam("nobody");
	struct semid_ds ds = semset_stat(id);
	union semun arg = { .buf = &ds };

	ds.sem_perm.uid = pw ? pw->pw_uid : 65534;
	if (semctl(id, 0, IPC_SET, arg))
		tst_brk(TBROK | TERRNO, "semctl(IPC_SET, uid nobody)");
}

static void run(void)
{
	union semun arg;
	struct semid_ds ds;

	id_0666 = new_semset(IPC_PRIVATE, 1, 0666);
	id_0600 = new_semset(IPC_PRIVATE, 1, 0600);
	id_0644 = new_semset(IPC_PRIVATE, 1, 0644);
	id_given = new_semset(IPC_PRIVATE, 1, 0600);
	give_to_nobody(id_given);

	run_as_nobody(as_nobody);

	TST_EXP_EQ_LU(semset_stat(id_0666).sem_perm.mode & 0777, 0666);
	TST_EXP_EQ_LI(sem_get(id_0644, 0, GETVAL), 0);
	arg.buf = &ds;
	TST_EXP_FAIL(semctl(id_given, 0, IPC_STAT, arg), EINVAL,
		     "semctl(IPC_STAT) of the set nobody removed");
	if (TST_PASS)
		id_given = -1;
	rm_semset(&id_0666);
	rm_semset(&id_0600);
	rm_semset(&id_0644);
	rm_semset(&id_given);
}

static void cleanup(void)
{
	rm_semset(&id_0666);
	rm_semset(&id_0600);
	rm_semset(&id_0644);
	rm_semset(&id_given);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
