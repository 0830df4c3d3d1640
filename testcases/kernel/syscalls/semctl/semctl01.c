// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * semctl() commands do what they say, seen through the others:
 *  - SETVAL then GETVAL returns the value; SETVAL and SETALL set GETPID
 *    to the caller and sem_ctime to the time of the call;
 *  - SETALL then GETALL returns every value, and GETVAL each one;
 *  - GETNCNT and GETZCNT count the tasks sleeping in semop() for an
 *    increase and for zero on that semaphore only;
 *  - IPC_STAT reports sem_nsems and the permissions; IPC_SET changes the
 *    mode (only the 9 permission bits) and IPC_STAT shows it;
 *  - IPC_RMID removes the set: GETVAL on its id is then EINVAL.
 */
#include "sysv_ipc.h"

#define NSEMS 4

static int sem_id = -1;

static void test_setval(void)
{
	union semun arg = { .val = 1234 };
	time_t before, after;
	struct semid_ds ds;

	before = time(NULL);
	TST_EXP_PASS(semctl(sem_id, 2, SETVAL, arg), "semctl(2, SETVAL, 1234)");
	after = time(NULL);
	TST_EXP_VAL(semctl(sem_id, 2, GETVAL), 1234, "semctl(2, GETVAL)");
	TST_EXP_VAL(semctl(sem_id, 1, GETVAL), 0, "semctl(1, GETVAL)");
	TST_EXP_VAL(semctl(sem_id, 2, GETPID), getpid(), "semctl(2, GETPID)");
	ds = semset_stat(sem_id);
	TST_EXP_EXPR(ds.sem_ctime >= before && ds.sem_ctime <= after,
		     "sem_ctime %ld within SETVAL [%ld, %ld]",
		     (long)ds.sem_ctime, (long)before, (long)after);
}

static void test_setall(void)
{
	unsigned short vals[NSEMS] = { 7, 0, 32767, 1 };
	unsigned short got[NSEMS] = { 0 };
	union semun arg = { .array = vals };
	pid_t pid;
	int i;

	/* a child sets them, so GETPID must change to the child's pid */
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(semctl(sem_id, 0, SETALL, arg),
			     "semctl(SETALL, {7, 0, 32767, 1})");
		exit(0);
	}
	reap_child(pid);

	arg.array = got;
	TST_EXP_PASS(semctl(sem_id, 0, GETALL, arg), "semctl(GETALL)");
	TST_EXP_EXPR(!memcmp(vals, got, sizeof(vals)),
		     "GETALL returned {%u, %u, %u, %u}", got[0], got[1],
		     got[2], got[3]);
	for (i = 0; i < NSEMS; i++) {
		TST_EXP_VAL(semctl(sem_id, i, GETVAL), vals[i],
			    "semctl(%d, GETVAL) after SETALL", i);
		TST_EXP_VAL(semctl(sem_id, i, GETPID), pid,
			    "semctl(%d, GETPID) is the child's pid", i);
	}
}

static pid_t sleeper(unsigned short num, short op)
{
	struct sembuf sop = { num, op, 0 };
	pid_t pid = SAFE_FORK();

	if (!pid) {
		/* woken by IPC_RMID below */
		if (semop(sem_id, &sop, 1) != -1 || errno != EIDRM)
			tst_brk(TBROK | TERRNO, "sleeping semop() ended");
		exit(0);
	}
	return pid;
}

static void test_counts(void)
{
	pid_t pids[3];
	int i;

	/* values are 7, 0, 32767, 1: decrementing sem 1 and zero-waits on 0 */
	pids[0] = sleeper(1, -1);
	pids[1] = sleeper(1, -5);
	pids[2] = sleeper(0, 0);
	sem_wait_count(sem_id, 1, GETNCNT, 2);
	sem_wait_count(sem_id, 0, GETZCNT, 1);
	/* the waits above only end when the counts match; assert them */
	TST_EXP_VAL(semctl(sem_id, 1, GETNCNT), 2, "semctl(1, GETNCNT)");
	TST_EXP_VAL(semctl(sem_id, 0, GETZCNT), 1, "semctl(0, GETZCNT)");
	TST_EXP_VAL(semctl(sem_id, 0, GETNCNT), 0, "semctl(0, GETNCNT)");
	TST_EXP_VAL(semctl(sem_id, 1, GETZCNT), 0, "semctl(1, GETZCNT)");
	TST_EXP_VAL(semctl(sem_id, 3, GETNCNT), 0, "semctl(3, GETNCNT)");

	TST_EXP_PASS(semctl(sem_id, 0, IPC_RMID), "semctl(IPC_RMID)");
	if (TST_PASS) {
		TST_EXP_FAIL(semctl(sem_id, 0, GETVAL), EINVAL,
			     "semctl(GETVAL) on the removed set");
		sem_id = -1;
	}
	for (i = 0; i < 3; i++)
		reap_child(pids[i]);
}

static void test_stat_set(void)
{
	struct semid_ds ds = semset_stat(sem_id);
	union semun arg = { .buf = &ds };

	TST_EXP_EQ_LU(ds.sem_nsems, NSEMS);
	TST_EXP_EQ_LU(ds.sem_perm.mode & 0777, 0600);
	ds.sem_perm.mode = 01640;
	TST_EXP_PASS(semctl(sem_id, 0, IPC_SET, arg),
		     "semctl(IPC_SET, mode 01640)");
	TST_EXP_EQ_LU(semset_stat(sem_id).sem_perm.mode, 0640);
}

static void run(void)
{
	sem_id = new_semset(IPC_PRIVATE, NSEMS, 0600);
	test_stat_set();
	test_setval();
	test_setall();
	test_counts();
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
