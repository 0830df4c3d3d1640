// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * semget() creates and finds semaphore sets:
 *  - a new set has the nsems asked for, the mode bits given, the caller as
 *    owner and creator, sem_otime 0 (no semop yet) and every semaphore 0;
 *  - the key then finds the same id with nsems 0 or any nsems up to the
 *    set's size, and fails with EINVAL for a larger nsems;
 *  - IPC_CREAT | IPC_EXCL on the existing key: EEXIST;
 *  - without IPC_CREAT, a key with no set: ENOENT;
 *  - creating with nsems 0, nsems -1 or nsems above SEMMSL (the first
 *    field of /proc/sys/kernel/sem): EINVAL.
 */
#include "sysv_ipc.h"

#define NSEMS 3

static int sem_id = -1;
static key_t key, unused_key;
static int semmsl;

static void setup(void)
{
	int semmns, semopm, semmni;

	key = ipc_key(0);
	unused_key = ipc_key(1);
	SAFE_FILE_SCANF("/proc/sys/kernel/sem", "%d %d %d %d", &semmsl,
			&semmns, &semopm, &semmni);
}

static void check_new_set(void)
{
	unsigned short vals[NSEMS] = { 1, 1, 1 };
	union semun arg = { .array = vals };
	struct semid_ds ds = semset_stat(sem_id);

	TST_EXP_EQ_LU(ds.sem_nsems, NSEMS);
	TST_EXP_EQ_LU(ds.sem_perm.__key, key);
	TST_EXP_EQ_LU(ds.sem_perm.mode & 0777, 0640);
	TST_EXP_EQ_LU(ds.sem_perm.uid, geteuid());
	TST_EXP_EQ_LU(ds.sem_perm.cuid, geteuid());
	TST_EXP_EQ_LU(ds.sem_perm.gid, getegid());
	TST_EXP_EQ_LI(ds.sem_otime, 0);
	if (semctl(sem_id, 0, GETALL, arg))
		tst_brk(TBROK | TERRNO, "semctl(GETALL)");
	TST_EXP_EXPR(!vals[0] && !vals[1] && !vals[2],
		     "a new set's semaphores are 0 (%u %u %u)", vals[0],
		     vals[1], vals[2]);
}

static void run(void)
{
	TST_EXP_FD(semget(key, NSEMS, IPC_CREAT | IPC_EXCL | 0640),
		   "semget(key, %d, IPC_CREAT | IPC_EXCL | 0640)", NSEMS);
	if (!TST_PASS)
		return;
	sem_id = TST_RET;
	check_new_set();

	TST_EXP_VAL(semget(key, 0, 0), sem_id, "semget(key, nsems 0)");
	TST_EXP_VAL(semget(key, NSEMS, 0), sem_id, "semget(key, nsems %d)",
		    NSEMS);
	TST_EXP_VAL(semget(key, 1, IPC_CREAT | 0600), sem_id,
		    "semget(key, nsems 1, IPC_CREAT)");
	TST_EXP_FAIL(semget(key, NSEMS + 1, 0), EINVAL,
		     "semget(key, nsems %d) of a set of %d", NSEMS + 1, NSEMS);
	TST_EXP_FAIL(semget(key, NSEMS, IPC_CREAT | IPC_EXCL | 0600), EEXIST,
		     "semget(existing key, IPC_CREAT | IPC_EXCL)");
	rm_semset(&sem_id);

	TST_EXP_FAIL(semget(key, NSEMS, 0600), ENOENT,
		     "semget(key of a removed set, no IPC_CREAT)");
	TST_EXP_FAIL(semget(unused_key, NSEMS, 0600), ENOENT,
		     "semget(unused key, no IPC_CREAT)");
	TST_EXP_FAIL(semget(IPC_PRIVATE, 0, IPC_CREAT | 0600), EINVAL,
		     "semget(IPC_PRIVATE, nsems 0)");
	TST_EXP_FAIL(semget(IPC_PRIVATE, -1, IPC_CREAT | 0600), EINVAL,
		     "semget(IPC_PRIVATE, nsems -1)");
	TST_EXP_FAIL(semget(IPC_PRIVATE, semmsl + 1, IPC_CREAT | 0600),
		     EINVAL, "semget(IPC_PRIVATE, nsems SEMMSL + 1 = %d)",
		     semmsl + 1);
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
