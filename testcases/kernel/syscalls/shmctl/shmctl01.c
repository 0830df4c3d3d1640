// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shmctl() state of a segment:
 *  - IPC_STAT's shm_nattch counts attachments: two shmat() calls, and a
 *    fork()ed child's inherited ones while it lives, and drops with shmdt;
 *  - IPC_SET changes the mode (only the 9 permission bits) and shm_ctime;
 *  - IPC_RMID while attached only marks the segment: SHM_DEST is set in
 *    the mode, the key becomes IPC_PRIVATE (shmget of the key: ENOENT),
 *    the memory stays usable and can even be attached again by id (Linux);
 *    after the last shmdt it is gone (IPC_STAT: EINVAL);
 *  - SHM_LOCK sets SHM_LOCKED in the mode, SHM_UNLOCK clears it.
 */
#include "sysv_ipc.h"

static int shm_id = -1;
static key_t key;

static char *attach(void)
{
	char *addr = shmat(shm_id, NULL, 0);

	if (addr == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	return addr;
}

static void detach(void *addr)
{
	if (shmdt(addr))
		tst_brk(TBROK | TERRNO, "shmdt()");
}

static void test_nattch(void)
{
	char *a, *b;
	pid_t pid;

	TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 0);
	a = attach();
	TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 1);
	b = attach();
	TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 2);
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 4);
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 2);
	detach(b);
	TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 1);
	detach(a);
	TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 0);
}

static void test_set(void)
{
	struct shmid_ds ds = shm_stat(shm_id);
	time_t before, after;

	ds.shm_perm.mode = 07640;
	before = time(NULL);
	TST_EXP_PASS(shmctl(shm_id, IPC_SET, &ds), "shmctl(IPC_SET, 07640)");
	after = time(NULL);
	ds = shm_stat(shm_id);
	TST_EXP_EQ_LU(ds.shm_perm.mode, 0640);
	TST_EXP_EXPR(ds.shm_ctime >= before && ds.shm_ctime <= after,
		     "shm_ctime %ld within IPC_SET [%ld, %ld]",
		     (long)ds.shm_ctime, (long)before, (long)after);
}

static void test_lock(void)
{
	TST_EXP_PASS(shmctl(shm_id, SHM_LOCK, NULL), "shmctl(SHM_LOCK)");
	TST_EXP_EXPR(shm_stat(shm_id).shm_perm.mode & SHM_LOCKED,
		     "SHM_LOCKED set in the mode after SHM_LOCK");
	TST_EXP_PASS(shmctl(shm_id, SHM_UNLOCK, NULL), "shmctl(SHM_UNLOCK)");
	TST_EXP_EXPR(!(shm_stat(shm_id).shm_perm.mode & SHM_LOCKED),
		     "SHM_LOCKED clear after SHM_UNLOCK");
}

static void test_rmid(void)
{
	struct shmid_ds ds;
	char *a = attach(), *b;

	strcpy(a, "still here");
	TST_EXP_PASS(shmctl(shm_id, IPC_RMID, NULL),
		     "shmctl(IPC_RMID) with one attachment");
	ds = shm_stat(shm_id);
	TST_EXP_EXPR(ds.shm_perm.mode & SHM_DEST, "SHM_DEST set in the mode "
		     "(0%o)", ds.shm_perm.mode);
	TST_EXP_EQ_LU(ds.shm_perm.__key, IPC_PRIVATE);
	TST_EXP_FAIL(shmget(key, 0, 0), ENOENT,
		     "shmget(key) of a segment marked for removal");
	TST_EXP_EXPR(!strcmp(a, "still here"), "the memory is still usable");

	b = shmat(shm_id, NULL, 0);
	TST_EXP_EXPR(b != (void *)-1 && !strcmp(b, "still here"),
		     "shmat(id) of the marked segment sees its memory");
	if (b != (void *)-1)
		detach(b);
	detach(a);
	TST_EXP_FAIL(shmctl(shm_id, IPC_STAT, &ds), EINVAL,
		     "shmctl(IPC_STAT) after the last shmdt()");
	if (TST_PASS)
		shm_id = -1;
}

static void run(void)
{
	key = ipc_key(0);
	shm_id = new_shm(key, 4096, 0600);
	test_nattch();
	test_set();
	test_lock();
	test_rmid();
	rm_shm(&shm_id);
}

static void cleanup(void)
{
	rm_shm(&shm_id);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.forks_child = 1,
};
