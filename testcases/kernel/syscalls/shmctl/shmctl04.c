// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The System V IPC information commands, in a new IPC namespace of the
 * test (so every count is exact) with its sysctls set to distinct values:
 *  - shmctl(IPC_INFO): shmmax, shmmni (also shmseg), shmall are those of
 *    /proc/sys/kernel/shm*, shmmin is 1; the return value is the highest
 *    index in use (0 with none);
 *  - shmctl(SHM_INFO): used_ids counts the segments, shm_tot their pages,
 *    shm_rss the pages touched (2 of a 4-page segment);
 *  - shmctl(SHM_STAT, index) returns the id at that index with its
 *    shmid_ds (size, mode); an index with nothing is EINVAL; as nobody, a
 *    root segment of mode 0600 is EACCES for SHM_STAT and readable with
 *    SHM_STAT_ANY;
 *  - semctl(IPC_INFO) and semctl(SEM_INFO): semmsl, semmns, semopm,
 *    semmni of /proc/sys/kernel/sem, SEMVMX 32767; SEM_INFO's semusz is
 *    the number of sets and semaem the semaphores in them; SEM_STAT and
 *    SEM_STAT_ANY as nobody like SHM_STAT and SHM_STAT_ANY.
 * Syscalls: shmctl, semctl
 */
#include <sched.h>
#include "sysv_ipc.h"

#define SYS "/proc/sys/kernel/"

static long page;
static int shm_ids[2] = { -1, -1 }, sem_ids[2] = { -1, -1 };
static int shm_idx, sem_idx;

/* The index of the segment or set with this id (SHM_STAT/SEM_STAT). */
static int find_index(int is_shm, int id, int max)
{
	struct shmid_ds sds;
	struct semid_ds ms;
	union semun arg = { .buf = &ms };
	int i;

	for (i = 0; i <= max; i++) {
		if (is_shm ? shmctl(i, SHM_STAT, &sds) == id :
			     semctl(i, 0, SEM_STAT, arg) == id)
			return i;
	}
	return -1;
}

static void test_shm(void)
{
	struct shminfo si;
	struct shm_info info;
	struct shmid_ds ds;
	char *p;
	int max;

	TST_EXP_VAL(shmctl(0, IPC_INFO, (struct shmid_ds *)&si), 0,
		    "shmctl(IPC_INFO) with no segment");
	TST_EXP_EXPR(si.shmmax == 123456789 && si.shmmni == 77 &&
		     si.shmseg == 77 && si.shmall == 54321 && si.shmmin == 1,
		     "shminfo: shmmax %lu shmmni %lu shmseg %lu shmall %lu "
		     "shmmin %lu", (unsigned long)si.shmmax,
		     (unsigned long)si.shmmni, (unsigned long)si.shmseg,
		     (unsigned long)si.shmall, (unsigned long)si.shmmin);

	shm_ids[0] = new_shm(IPC_PRIVATE, 4 * page, 0600);
	shm_ids[1] = new_shm(IPC_PRIVATE, 3 * page + 1, 0640);
	p = shmat(shm_ids[0], NULL, 0);
	if (p == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	p[0] = 1;
	p[2 * page] = 1;

	TST_EXP_POSITIVE(shmctl(0, SHM_INFO, (struct shmid_ds *)&info),
			 "shmctl(SHM_INFO)");
	max = TST_RET;
	TST_EXP_EQ_LI(info.used_ids, 2);
	TST_EXP_EQ_LU(info.shm_tot, 8);
	TST_EXP_EQ_LU(info.shm_rss, 2);
	TST_EXP_VAL(shmctl(0, IPC_INFO, (struct shmid_ds *)&si), max,
		    "shmctl(IPC_INFO) returns the highest index, %d", max);

	shm_idx = find_index(1, shm_ids[1], max);
	TST_EXP_EXPR(shm_idx >= 0, "SHM_STAT finds the second segment at "
		     "index %d", shm_idx);
	if (shm_idx >= 0) {
		TST_EXP_VAL(shmctl(shm_idx, SHM_STAT, &ds), shm_ids[1],
			    "shmctl(%d, SHM_STAT)", shm_idx);
		TST_EXP_EXPR(ds.shm_segsz == (size_t)(3 * page + 1) &&
			     (ds.shm_perm.mode & 0777) == 0640,
			     "its size %zu and mode %o", ds.shm_segsz,
			     ds.shm_perm.mode & 0777);
	}
	TST_EXP_FAIL(shmctl(max + 1, SHM_STAT, &ds), EINVAL,
		     "shmctl(SHM_STAT) of an unused index");
	shmdt(p);
}

static void test_sem(void)
{
	struct seminfo si;
	union semun arg = { .__buf = &si };
	int max;

	TST_EXP_VAL(semctl(0, 0, IPC_INFO, arg), 0,
		    "semctl(IPC_INFO) with no set");
	TST_EXP_EXPR(si.semmsl == 41 && si.semmns == 4242 &&
		     si.semopm == 43 && si.semmni == 44 && si.semvmx == 32767,
		     "seminfo: semmsl %d semmns %d semopm %d semmni %d semvmx "
		     "%d", si.semmsl, si.semmns, si.semopm, si.semmni,
		     si.semvmx);

	sem_ids[0] = new_semset(IPC_PRIVATE, 5, 0600);
	sem_ids[1] = new_semset(IPC_PRIVATE, 7, 0600);
	TST_EXP_POSITIVE(semctl(0, 0, SEM_INFO, arg), "semctl(SEM_INFO)");
	max = TST_RET;
	TST_EXP_EQ_LI(si.semusz, 2);
	TST_EXP_EQ_LI(si.semaem, 12);
	sem_idx = find_index(0, sem_ids[0], max);
	TST_EXP_EXPR(sem_idx >= 0, "SEM_STAT finds the first set at index %d",
		     sem_idx);
}

static void as_nobody(void)
{
	struct shmid_ds ds;
	struct semid_ds ms;
	union semun arg = { .buf = &ms };

	TST_EXP_FAIL(shmctl(shm_idx, SHM_STAT, &ds), EACCES,
		     "nobody: SHM_STAT of root's 0640 segment");
	TST_EXP_VAL(shmctl(shm_idx, SHM_STAT_ANY, &ds), shm_ids[1],
		    "nobody: SHM_STAT_ANY of it");
	TST_EXP_EXPR(ds.shm_segsz == (size_t)(3 * page + 1),
		     "SHM_STAT_ANY filled shmid_ds (size %zu)", ds.shm_segsz);
	TST_EXP_FAIL(semctl(sem_idx, 0, SEM_STAT, arg), EACCES,
		     "nobody: SEM_STAT of root's 0600 set");
	TST_EXP_VAL(semctl(sem_idx, 0, SEM_STAT_ANY, arg), sem_ids[0],
		    "nobody: SEM_STAT_ANY of it");
	TST_EXP_EQ_LU(ms.sem_nsems, 5);
}

static void run(void)
{
	test_shm();
	test_sem();
	if (shm_idx >= 0 && sem_idx >= 0)
		run_as_nobody(as_nobody);
	rm_shm(&shm_ids[0]);
	rm_shm(&shm_ids[1]);
	rm_semset(&sem_ids[0]);
	rm_semset(&sem_ids[1]);
}

static void setup(void)
{
	page = sysconf(_SC_PAGESIZE);
	if (unshare(CLONE_NEWIPC))
		tst_brk((errno == EINVAL ? TCONF : TBROK) | TERRNO,
			"unshare(CLONE_NEWIPC)");
	SAFE_FILE_PRINTF(SYS "shmmax", "123456789");
	SAFE_FILE_PRINTF(SYS "shmmni", "77");
	SAFE_FILE_PRINTF(SYS "shmall", "54321");
	SAFE_FILE_PRINTF(SYS "sem", "41 4242 43 44");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
