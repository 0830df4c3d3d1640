// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Error paths of shmctl(), each with its exact errno:
 *  - EINVAL for id -1, an unknown command, and the id of a removed
 *    segment; EFAULT for IPC_STAT and IPC_SET with a buffer outside the
 *    address space;
 *  - nobody on root segments: EPERM for IPC_RMID and IPC_SET (mode 0666,
 *    not the owner), for SHM_LOCK and SHM_UNLOCK (neither owner nor
 *    CAP_IPC_LOCK); EACCES for IPC_STAT without read permission (0600);
 *  - nobody owning a segment with RLIMIT_MEMLOCK 0: SHM_LOCK is EPERM;
 *    with a limit above the segment's size SHM_LOCK passes.
 * The root segments still exist, unlocked, afterwards.
 */
#include <sys/resource.h>
#include "sysv_ipc.h"

static int id_0666 = -1, id_0600 = -1, removed_id = -1;

static void setup(void)
{
	id_0666 = new_shm(IPC_PRIVATE, 4096, 0666);
	id_0600 = new_shm(IPC_PRIVATE, 4096, 0600);
	removed_id = new_shm(IPC_PRIVATE, 4096, 0600);
	if (shmctl(removed_id, IPC_RMID, NULL))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_RMID)");
}

static void as_nobody(void)
{
	struct shmid_ds ds;

	if (shmctl(id_0666, IPC_STAT, &ds))
		tst_brk(TBROK | TERRNO, "nobody: shmctl(IPC_STAT) on 0666");
	TST_EXP_FAIL(shmctl(id_0666, IPC_RMID, NULL), EPERM,
		     "nobody: shmctl(IPC_RMID) on a root segment");
	ds.shm_perm.mode = 0600;
	TST_EXP_FAIL(shmctl(id_0666, IPC_SET, &ds), EPERM,
		     "nobody: shmctl(IPC_SET) on a root segment");
	TST_EXP_FAIL(shmctl(id_0666, SHM_LOCK, NULL), EPERM,
		     "nobody: shmctl(SHM_LOCK) on a root segment");
	TST_EXP_FAIL(shmctl(id_0666, SHM_UNLOCK, NULL), EPERM,
		     "nobody: shmctl(SHM_UNLOCK) on a root segment");
	TST_EXP_FAIL(shmctl(id_0600, IPC_STAT, &ds), EACCES,
		     "nobody: shmctl(IPC_STAT) on a root segment of mode 0600");
}

static void lock_own_segment(rlim_t limit)
{
	struct rlimit rl = { limit, limit };
	int id;

	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_MEMLOCK, %lu)",
			(unsigned long)limit);
	tst_drop_privs();
	id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	if (id < 0)
		tst_brk(TBROK | TERRNO, "nobody: shmget()");
	if (!limit) {
		TST_EXP_FAIL(shmctl(id, SHM_LOCK, NULL), EPERM,
			     "nobody: SHM_LOCK of its own segment with "
			     "RLIMIT_MEMLOCK 0");
	} else {
		TST_EXP_PASS(shmctl(id, SHM_LOCK, NULL),
			     "nobody: SHM_LOCK of its own 4096 byte segment "
			     "with RLIMIT_MEMLOCK %lu", (unsigned long)limit);
		shmctl(id, SHM_UNLOCK, NULL);
	}
	rm_shm(&id);
}

static void test_rlimit(rlim_t limit)
{
	struct rlimit cur;
	pid_t pid;

	if (getrlimit(RLIMIT_MEMLOCK, &cur))
		tst_brk(TBROK | TERRNO, "getrlimit(RLIMIT_MEMLOCK)");
	if (cur.rlim_max != RLIM_INFINITY && cur.rlim_max < limit) {
		tst_res(TCONF, "hard RLIMIT_MEMLOCK %lu is below %lu",
			(unsigned long)cur.rlim_max, (unsigned long)limit);
		return;
	}
	pid = SAFE_FORK();
	if (!pid) {
		lock_own_segment(limit);
		exit(0);
	}
	reap_child(pid);
}

static void run(void)
{
	struct shmid_ds ds;

	TST_EXP_FAIL(shmctl(-1, IPC_STAT, &ds), EINVAL, "shmctl(id -1)");
	TST_EXP_FAIL(shmctl(id_0600, 0x7fff, &ds), EINVAL,
		     "shmctl(unknown command 0x7fff)");
	TST_EXP_FAIL(shmctl(removed_id, IPC_STAT, &ds), EINVAL,
		     "shmctl(removed id, IPC_STAT)");
	TST_EXP_FAIL(shmctl(id_0600, IPC_STAT, (void *)-1), EFAULT,
		     "shmctl(IPC_STAT, (void *)-1)");
	TST_EXP_FAIL(shmctl(id_0600, IPC_SET, (void *)-1), EFAULT,
		     "shmctl(IPC_SET, (void *)-1)");

	run_as_nobody(as_nobody);
	test_rlimit(0);
	test_rlimit(1024 * 1024);

	ds = shm_stat(id_0666);
	TST_EXP_EXPR((ds.shm_perm.mode & (0777 | SHM_LOCKED)) == 0666,
		     "the root segment is unchanged (mode 0%o)",
		     ds.shm_perm.mode);
}

static void cleanup(void)
{
	rm_shm(&id_0666);
	rm_shm(&id_0600);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
