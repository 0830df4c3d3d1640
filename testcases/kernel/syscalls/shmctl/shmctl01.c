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
 *  - SHM_LOCK sets SHM_LOCKED in the mode, SHM_UNLOCK clears it;
 *  - SHM_LOCK really locks the memory, seen in what it charges to the
 *    user against RLIMIT_MEMLOCK (without CAP_IPC_LOCK, limit 3 pages):
 *    a 2-page segment locks, a second one is ENOMEM, locking the first
 *    again charges nothing, removing the first or SHM_UNLOCK uncharges it
 *    so the second locks; with the limit 0: EPERM. The charge is the
 *    user's, summed over all its processes (user_shm_lock() counts in
 *    the user's ucounts), so these checks run under a uid of their own
 *    (drop_to_own_uid()), not nobody, whom another test beside this one
 *    (or a second shmctl01) could have charged too.
 */
#include "sysv_ipc.h"

static int shm_id = -1;
static key_t key;
static size_t page;

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

static int lock_seg(void)
{
	int id = shmget(IPC_PRIVATE, 2 * page, IPC_CREAT | 0600);

	if (id < 0)
		tst_brk(TBROK | TERRNO, "shmget(2 pages) unprivileged");
	return id;
}

static void set_memlock(rlim_t pages)
{
	struct rlimit rl = { pages * page, pages * page };

	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_MEMLOCK, %lu pages)",
			(unsigned long)pages);
}

/* Unprivileged: what SHM_LOCK charges to the user's RLIMIT_MEMLOCK. */
static void test_lock_charge(void)
{
	int a = lock_seg(), b = lock_seg();

	set_memlock(3);
	TST_EXP_PASS(shmctl(a, SHM_LOCK, NULL), "SHM_LOCK of 2 pages, limit 3");
	TST_EXP_FAIL(shmctl(b, SHM_LOCK, NULL), ENOMEM,
		     "SHM_LOCK of 2 more pages, limit 3");
	TST_EXP_PASS(shmctl(a, SHM_LOCK, NULL),
		     "SHM_LOCK of the locked segment again (no new charge)");
	TST_EXP_FAIL(shmctl(b, SHM_LOCK, NULL), ENOMEM,
		     "SHM_LOCK of 2 more pages after locking the first twice");
	TST_EXP_PASS(shmctl(a, SHM_UNLOCK, NULL), "SHM_UNLOCK of the first");
	TST_EXP_PASS(shmctl(b, SHM_LOCK, NULL),
		     "SHM_LOCK of the second after SHM_UNLOCK of the first");
	TST_EXP_FAIL(shmctl(a, SHM_LOCK, NULL), ENOMEM,
		     "SHM_LOCK of the first while the second is locked");
	TST_EXP_PASS(shmctl(b, IPC_RMID, NULL), "IPC_RMID of the locked one");
	TST_EXP_PASS(shmctl(a, SHM_LOCK, NULL),
		     "SHM_LOCK of the first after removing the locked one");
	TST_EXP_PASS(shmctl(a, SHM_UNLOCK, NULL), "SHM_UNLOCK");
	set_memlock(0);
	TST_EXP_FAIL(shmctl(a, SHM_LOCK, NULL), EPERM,
		     "SHM_LOCK with RLIMIT_MEMLOCK 0");
	shmctl(a, IPC_RMID, NULL);
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
	page = sysconf(_SC_PAGESIZE);
	key = ipc_key(0);
	shm_id = new_shm(key, 4096, 0600);
	test_nattch();
	test_set();
	test_lock();
	run_in_own_uid_child(test_lock_charge, "the RLIMIT_MEMLOCK checks");
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
