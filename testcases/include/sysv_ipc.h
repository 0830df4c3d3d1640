/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers for the System V IPC tests (msg*, sem*, shm*): keys that no other
 * test uses, objects that are always removed, and running a step as the
 * unprivileged user "nobody" in a child.
 *
 * Keys are derived from the test process's pid, so copies of one test run
 * in parallel never share a key; the objects are created with IPC_EXCL, so
 * a key some other program took is TBROK, never a silent shared object.
 */
#ifndef SYSV_IPC_H
#define SYSV_IPC_H

#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/resource.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <time.h>
#include "tst_test.h"
#include "as_nobody.h"

/* glibc leaves the definition of semctl()'s fourth argument to the caller */
union semun {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
	struct seminfo *__buf;
};

/*
 * Key number n (0..15) of this test. Call it in the test process (setup or
 * run), not in a child: a child's pid would give other keys.
 */
static inline key_t ipc_key(unsigned int n)
{
	return (key_t)(0x40000000u | ((unsigned int)getpid() & 0x3fffff) << 4 |
		       (n & 0xf));
}

static inline int new_msgq(key_t key, int mode)
{
	int id = msgget(key, IPC_CREAT | IPC_EXCL | mode);

	if (id < 0)
		tst_brk(TBROK | TERRNO, "msgget(0x%x, IPC_CREAT | IPC_EXCL | "
			"%04o)", (unsigned int)key, mode);
	return id;
}

static inline int new_semset(key_t key, int nsems, int mode)
{
	int id = semget(key, nsems, IPC_CREAT | IPC_EXCL | mode);

	if (id < 0)
		tst_brk(TBROK | TERRNO, "semget(0x%x, %d, IPC_CREAT | IPC_EXCL "
			"| %04o)", (unsigned int)key, nsems, mode);
	return id;
}

static inline int new_shm(key_t key, size_t size, int mode)
{
	int id = shmget(key, size, IPC_CREAT | IPC_EXCL | mode);

	if (id < 0)
		tst_brk(TBROK | TERRNO, "shmget(0x%x, %zu, IPC_CREAT | "
			"IPC_EXCL | %04o)", (unsigned int)key, size, mode);
	return id;
}

/* Remove *id if it is still set (cleanup, or after the test removed it). */
static inline void rm_msgq(int *id)
{
	if (*id >= 0 && msgctl(*id, IPC_RMID, NULL))
		tst_res(TWARN | TERRNO, "msgctl(%d, IPC_RMID)", *id);
	*id = -1;
}

static inline void rm_semset(int *id)
{
	if (*id >= 0 && semctl(*id, 0, IPC_RMID))
		tst_res(TWARN | TERRNO, "semctl(%d, 0, IPC_RMID)", *id);
	*id = -1;
}

static inline void rm_shm(int *id)
{
	if (*id >= 0 && shmctl(*id, IPC_RMID, NULL))
		tst_res(TWARN | TERRNO, "shmctl(%d, IPC_RMID)", *id);
	*id = -1;
}

static inline struct msqid_ds msgq_stat(int id)
{
	struct msqid_ds ds;

	if (msgctl(id, IPC_STAT, &ds))
		tst_brk(TBROK | TERRNO, "msgctl(%d, IPC_STAT)", id);
	return ds;
}

static inline struct semid_ds semset_stat(int id)
{
	struct semid_ds ds;
	union semun arg = { .buf = &ds };

	if (semctl(id, 0, IPC_STAT, arg))
		tst_brk(TBROK | TERRNO, "semctl(%d, 0, IPC_STAT)", id);
	return ds;
}

static inline struct shmid_ds shm_stat(int id)
{
	struct shmid_ds ds;

	if (shmctl(id, IPC_STAT, &ds))
		tst_brk(TBROK | TERRNO, "shmctl(%d, IPC_STAT)", id);
	return ds;
}

/* semctl() commands that return a value, as a set-up step. */
static inline int sem_get(int id, int num, int cmd)
{
	int val = semctl(id, num, cmd);

	if (val < 0)
		tst_brk(TBROK | TERRNO, "semctl(%d, %d, cmd %d)", id, num, cmd);
	return val;
}

static inline void sem_setval(int id, int num, int val)
{
	union semun arg = { .val = val };

	if (semctl(id, num, SETVAL, arg))
		tst_brk(TBROK | TERRNO, "semctl(%d, %d, SETVAL, %d)", id, num,
			val);
}

/*
 * Wait until semctl(id, num, cmd) (GETNCNT or GETZCNT) reaches count: the
 * kernel's own count of tasks sleeping in semop() on that semaphore, so a
 * waker knows its sleeper is queued. The bound only turns a lost child into
 * TBROK instead of a hang.
 */
static inline void sem_wait_count(int id, int num, int cmd, int count)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	int cur;

	while ((cur = sem_get(id, num, cmd)) != count) {
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "semaphore %d of set %d: count %d after "
				"10 s, expected %d sleepers", num, id, cur,
				count);
		usleep(1000);
	}
}

/* In a child that is meant to die of SIGSEGV: no core file for it. */
static inline void no_core_dump(void)
{
	struct rlimit rl = { 0, 0 };

	if (setrlimit(RLIMIT_CORE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_CORE, 0)");
}

/*
 * Run fn() as nobody in a child and wait for it. Its results count in the
 * test's summary; the objects it uses must be created before.
 */
static inline void run_as_nobody(void (*fn)(void))
{
	run_in_nobody_child(fn, "the checks as nobody");
}

#endif /* SYSV_IPC_H */
