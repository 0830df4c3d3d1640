// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shmget() creates and finds segments:
 *  - a new segment has the size asked for (shm_segsz, not rounded), the
 *    mode bits given, the caller as owner, creator (shm_cpid) and no
 *    attachment yet (shm_nattch 0, shm_lpid 0, shm_atime 0); attached, all
 *    its pages read as zeros;
 *  - the key then finds the same id for size 0 and any size up to the
 *    segment's, and fails with EINVAL for a larger size;
 *  - IPC_CREAT | IPC_EXCL on the existing key: EEXIST;
 *  - without IPC_CREAT, a key with no segment: ENOENT;
 *  - creating with size 0 or above kernel.shmmax: EINVAL.
 */
#include "sysv_ipc.h"

#define SEG_SIZE 10000

static int shm_id = -1;
static key_t key, unused_key;
static unsigned long shmmax;

static void setup(void)
{
	key = ipc_key(0);
	unused_key = ipc_key(1);
	SAFE_FILE_SCANF("/proc/sys/kernel/shmmax", "%lu", &shmmax);
}

static void check_new_segment(void)
{
	struct shmid_ds ds = shm_stat(shm_id);
	long page = sysconf(_SC_PAGESIZE);
	size_t len = (SEG_SIZE + page - 1) / page * page, i;
	const char *addr;
	int zeros = 1;

	TST_EXP_EQ_LU(ds.shm_segsz, SEG_SIZE);
	TST_EXP_EQ_LU(ds.shm_perm.__key, key);
	TST_EXP_EQ_LU(ds.shm_perm.mode & 0777, 0640);
	TST_EXP_EQ_LU(ds.shm_perm.uid, geteuid());
	TST_EXP_EQ_LU(ds.shm_perm.cuid, geteuid());
	TST_EXP_EQ_LI(ds.shm_cpid, getpid());
	TST_EXP_EQ_LU(ds.shm_nattch, 0);
	TST_EXP_EQ_LI(ds.shm_lpid, 0);
	TST_EXP_EQ_LI(ds.shm_atime, 0);

	addr = shmat(shm_id, NULL, SHM_RDONLY);
	if (addr == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	for (i = 0; i < len; i++)
		zeros &= !addr[i];
	TST_EXP_EXPR(zeros, "the new segment's %zu bytes (whole pages) are "
		     "zeros", len);
	if (shmdt(addr))
		tst_brk(TBROK | TERRNO, "shmdt()");
}

static void run(void)
{
	TST_EXP_FD(shmget(key, SEG_SIZE, IPC_CREAT | IPC_EXCL | 0640),
		   "shmget(key, %d, IPC_CREAT | IPC_EXCL | 0640)", SEG_SIZE);
	if (!TST_PASS)
		return;
	shm_id = TST_RET;
	check_new_segment();

	TST_EXP_VAL(shmget(key, 0, 0), shm_id, "shmget(key, size 0)");
	TST_EXP_VAL(shmget(key, SEG_SIZE, IPC_CREAT | 0600), shm_id,
		    "shmget(key, size %d, IPC_CREAT)", SEG_SIZE);
	TST_EXP_VAL(shmget(key, 1, 0), shm_id, "shmget(key, size 1)");
	TST_EXP_FAIL(shmget(key, SEG_SIZE + 1, 0), EINVAL,
		     "shmget(key, size %d) of a segment of %d", SEG_SIZE + 1,
		     SEG_SIZE);
	TST_EXP_FAIL(shmget(key, SEG_SIZE, IPC_CREAT | IPC_EXCL | 0600),
		     EEXIST, "shmget(existing key, IPC_CREAT | IPC_EXCL)");
	rm_shm(&shm_id);

	TST_EXP_FAIL(shmget(key, SEG_SIZE, 0600), ENOENT,
		     "shmget(key of a removed segment, no IPC_CREAT)");
	TST_EXP_FAIL(shmget(unused_key, SEG_SIZE, 0600), ENOENT,
		     "shmget(unused key, no IPC_CREAT)");
	TST_EXP_FAIL(shmget(IPC_PRIVATE, 0, IPC_CREAT | 0600), EINVAL,
		     "shmget(IPC_PRIVATE, size 0)");
	if (shmmax == (unsigned long)-1) {
		tst_res(TCONF, "kernel.shmmax is ULONG_MAX: no size above it");
		return;
	}
	TST_EXP_FAIL(shmget(IPC_PRIVATE, shmmax + 1, IPC_CREAT | 0600),
		     EINVAL, "shmget(IPC_PRIVATE, size shmmax + 1 = %lu)",
		     shmmax + 1);
}

static void cleanup(void)
{
	rm_shm(&shm_id);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};
