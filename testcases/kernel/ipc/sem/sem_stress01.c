// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * System V semaphores: mutual exclusion under contention, and SEM_UNDO.
 *
 *  - Counter: 4 processes each increment a counter in shared memory 3000
 *    times, non-atomically (read, yield now and then, write), each time
 *    inside P/V of a semaphore used as a mutex (semop -1 / +1, half of
 *    them with SEM_UNDO). The final count must be exactly 12000, the
 *    semaphore back at 1 and nobody waiting (GETNCNT 0): a lost wakeup or
 *    two tasks inside the critical section lose increments.
 *  - SEM_UNDO: a child adds 3 to one semaphore and takes 1 from another
 *    with SEM_UNDO, then exits: both values return to where they were.
 *    A child killed with SIGKILL while holding the mutex with SEM_UNDO
 *    releases it: the mutex is back at 1 and a semop(-1, IPC_NOWAIT)
 *    succeeds. Operations without SEM_UNDO stay after the exit.
 */
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/sem.h>
#include <sys/wait.h>
#include "tst_test.h"

#define NPROCS		4
#define NINCS		3000
#define MUTEX		0
#define SEM_A		1
#define SEM_B		2
#define NSEMS		3

/* glibc leaves the definition of semctl()'s fourth argument to the caller */
union semun {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
};

struct shared {
	volatile unsigned long counter;
	volatile int holding;
};

static int semid = -1;
static struct shared *sh;

static int sem_op(int num, int op, int flags)
{
	struct sembuf sb = { .sem_num = num, .sem_op = op, .sem_flg = flags };

	return semop(semid, &sb, 1);
}

static void safe_sem_op(int num, int op, int flags)
{
	if (sem_op(num, op, flags))
		tst_brk(TBROK | TERRNO, "semop(sem %d, %d, 0x%x)", num, op,
			flags);
}

static int get_val(int num)
{
	int v = semctl(semid, num, GETVAL);

	if (v < 0)
		tst_brk(TBROK | TERRNO, "semctl(%d, GETVAL)", num);
	return v;
}

static void set_val(int num, int val)
{
	union semun arg = { .val = val };

	if (semctl(semid, num, SETVAL, arg))
		tst_brk(TBROK | TERRNO, "semctl(%d, SETVAL, %d)", num, val);
}

static void incrementer(int id)
{
	unsigned long v;
	int i, flags = id % 2 ? SEM_UNDO : 0;

	for (i = 0; i < NINCS; i++) {
		safe_sem_op(MUTEX, -1, flags);
		v = sh->counter;
		if (i % 64 == 0)
			sched_yield();	/* widen the window for a second task */
		sh->counter = v + 1;
		safe_sem_op(MUTEX, 1, flags);
	}
	exit(0);
}

static void counter_case(void)
{
	int i, ncnt;

	sh->counter = 0;
	set_val(MUTEX, 1);
	for (i = 0; i < NPROCS; i++) {
		if (!SAFE_FORK())
			incrementer(i);
	}
	tst_reap_children();
	TST_EXP_EQ_LI(sh->counter, NPROCS * NINCS);
	TST_EXP_EQ_LI(get_val(MUTEX), 1);
	ncnt = semctl(semid, MUTEX, GETNCNT);
	TST_EXP_EQ_LI(ncnt, 0);
}

static void undo_case(void)
{
	int status;
	pid_t pid;

	set_val(SEM_A, 5);
	set_val(SEM_B, 5);
	pid = SAFE_FORK();
	if (!pid) {
		safe_sem_op(SEM_A, 3, SEM_UNDO);
		safe_sem_op(SEM_B, -1, SEM_UNDO);
		safe_sem_op(SEM_B, -2, 0);
		if (get_val(SEM_A) != 8 || get_val(SEM_B) != 2)
			tst_brk(TBROK, "values %d, %d inside the child",
				get_val(SEM_A), get_val(SEM_B));
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EQ_LI(get_val(SEM_A), 5);
	/* -1 with SEM_UNDO undone, -2 without it stays */
	TST_EXP_EQ_LI(get_val(SEM_B), 3);
}

static void killed_holder_case(void)
{
	pid_t pid;

	set_val(MUTEX, 1);
	sh->holding = 0;
	pid = SAFE_FORK();
	if (!pid) {
		safe_sem_op(MUTEX, -1, SEM_UNDO);
		sh->holding = 1;
		pause();
		exit(0);
	}
	while (!sh->holding)
		usleep(1000);
	TST_EXP_EQ_LI(get_val(MUTEX), 0);
	TST_EXP_FAIL(sem_op(MUTEX, -1, IPC_NOWAIT), EAGAIN,
		     "semop(-1, IPC_NOWAIT) while a child holds the mutex");
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	TST_EXP_EQ_LI(get_val(MUTEX), 1);
	TST_EXP_PASS(sem_op(MUTEX, -1, IPC_NOWAIT),
		     "semop(-1, IPC_NOWAIT) after the holder was killed");
	set_val(MUTEX, 1);
}

static void run(void)
{
	counter_case();
	undo_case();
	killed_holder_case();
}

static void setup(void)
{
	semid = semget(IPC_PRIVATE, NSEMS, IPC_CREAT | 0600);
	if (semid < 0)
		tst_brk(TBROK | TERRNO, "semget()");
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static void cleanup(void)
{
	if (semid >= 0)
		semctl(semid, 0, IPC_RMID);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.timeout = 60,
};
