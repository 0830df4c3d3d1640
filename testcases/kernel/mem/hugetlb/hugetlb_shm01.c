// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SysV shared memory with SHM_HUGETLB, pool of 4 default-size pages and no
 * overcommit, HugePages_Free/Rsvd read back at every step:
 *  1. shmat() at a huge page boundary works; one base page off it is
 *     EINVAL with or without SHM_RND (SHM_RND rounds to SHMLBA, a base
 *     page, not to a huge page); 100 bytes off it without SHM_RND is
 *     EINVAL, with SHM_RND it rounds down onto the boundary;
 *  2. IPC_STAT: shm_nattch counts the attaches (1, 2 after fork(), 1 again
 *     after the child has exited), shm_cpid/shm_lpid name the creator and
 *     the last attacher or detacher; SHM_LOCK and SHM_UNLOCK succeed and
 *     leave SHM_LOCKED clear (ipc/shm.c returns early for hugetlb
 *     segments, their pages are never swapped anyway);
 *  3. IPC_RMID while attached: the segment stays with its pages and data,
 *     shm_perm.mode gains SHM_DEST, its key becomes IPC_PRIVATE (shmget()
 *     of the key is ENOENT); the last shmdt() frees the pages, then
 *     IPC_STAT of the id is EINVAL; a read of the detached address is
 *     SIGSEGV (SEGV_MAPERR);
 *  4. shmget(SHM_HUGETLB) by a user without CAP_IPC_LOCK outside
 *     vm.hugetlb_shm_group is EPERM, even with an RLIMIT_MEMLOCK that
 *     covers the size (the mlock ulimit path is obsolete: it only warns);
 *     with its gid in hugetlb_shm_group the same call works. Nothing is
 *     reserved by a refused shmget().
 */

#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include "tst_test.h"
#include "lapi/shm.h"
#include "vm_helpers.h"
#include "as_nobody.h"
#include "hugetlb_pool.h"

#define POOL 4
#define SHM_GROUP "/proc/sys/vm/hugetlb_shm_group"

#ifndef SHM_HUGETLB
# define SHM_HUGETLB 04000
#endif
#ifndef SHM_DEST
# define SHM_DEST 01000
#endif
#ifndef SHM_LOCKED
# define SHM_LOCKED 02000
#endif

static int shmid = -1;
static key_t key;

static char *attach(int id)
{
	char *p = shmat(id, NULL, 0);

	if (p == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	return p;
}

static void detach(char *p)
{
	if (shmdt(p))
		tst_brk(TBROK | TERRNO, "shmdt(%p)", p);
}

static void memlock_limit(struct rlimit *rl)
{
	if (setrlimit(RLIMIT_MEMLOCK, rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_MEMLOCK)");
}

static int seg_get(size_t size)
{
	shmid = shmget(key, size, IPC_CREAT | IPC_EXCL | SHM_HUGETLB | 0600);
	if (shmid < 0)
		tst_brk(TBROK | TERRNO, "shmget(SHM_HUGETLB, %zu)", size);
	return shmid;
}

static void seg_rm(void)
{
	if (shmid >= 0 && shmctl(shmid, IPC_RMID, NULL))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_RMID)");
	shmid = -1;
}

static struct shmid_ds seg_stat(int id)
{
	struct shmid_ds ds;

	if (shmctl(id, IPC_STAT, &ds))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_STAT)");
	return ds;
}

static void expect_attach(int id, char *addr, int flags, char *expect,
			  const char *what)
{
	char *p = shmat(id, addr, flags);

	if (!expect) {
		TST_EXP_EXPR(p == (void *)-1 && errno == EINVAL, "%s: %s", what,
			     p == (void *)-1 ? tst_strerrno(errno) :
			     "attached, expected EINVAL");
	} else {
		TST_EXP_EXPR(p == expect, "%s: attached at %p (expected %p)",
			     what, p == (void *)-1 ? NULL : p, expect);
	}
	if (p != (void *)-1)
		detach(p);
}

static void alignment(void)
{
	int id = seg_get(hp);
	char *base = htl_free_aligned(hp, hp);

	htl_expect("segment of one page", 0, 1);
	expect_attach(id, base, 0, base, "shmat() at a huge page boundary");
	expect_attach(id, base + pg, 0, NULL, "shmat() a base page off");
	expect_attach(id, base + pg, SHM_RND, NULL,
		      "shmat(SHM_RND) a base page off");
	expect_attach(id, base + 100, 0, NULL, "shmat() 100 bytes off");
	expect_attach(id, base + 100, SHM_RND, base,
		      "shmat(SHM_RND) 100 bytes off");
	htl_expect("after the attaches", 0, 1);
	seg_rm();
	htl_expect("removed", 0, 0);
}

static void stat_lock(void)
{
	int id = seg_get(2 * hp);
	struct shmid_ds ds;
	char *p;
	pid_t pid;

	p = attach(id);
	ds = seg_stat(id);
	TST_EXP_EXPR(ds.shm_nattch == 1 && ds.shm_cpid == getpid() &&
		     ds.shm_lpid == getpid() && ds.shm_segsz == (size_t)2 * hp,
		     "attached: nattch %lu, cpid/lpid ours, segsz %zu",
		     (unsigned long)ds.shm_nattch, (size_t)ds.shm_segsz);
	memset(p, 0x3c, 2 * hp);
	htl_expect("both pages written", 2, 0);

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_EXPR(p[hp] == 0x3c, "the child reads the segment");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		_exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	ds = seg_stat(id);
	TST_EXP_EXPR(ds.shm_nattch == 2, "after fork(): nattch %lu "
		     "(expected 2)", (unsigned long)ds.shm_nattch);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	ds = seg_stat(id);
	TST_EXP_EXPR(ds.shm_nattch == 1 && ds.shm_lpid == pid,
		     "after the child's exit: nattch %lu (expected 1), lpid "
		     "%d (expected the child %d)", (unsigned long)ds.shm_nattch,
		     (int)ds.shm_lpid, (int)pid);
	htl_expect("after the child's exit", 2, 0);

	TST_EXP_PASS(shmctl(id, SHM_LOCK, NULL), "shmctl(SHM_LOCK)");
	ds = seg_stat(id);
	TST_EXP_EXPR(!(ds.shm_perm.mode & SHM_LOCKED), "SHM_LOCKED not set "
		     "on a hugetlb segment (mode 0%o)", ds.shm_perm.mode);
	TST_EXP_PASS(shmctl(id, SHM_UNLOCK, NULL), "shmctl(SHM_UNLOCK)");
	htl_expect("after SHM_LOCK/SHM_UNLOCK", 2, 0);
	detach(p);
	htl_expect("detached: the pages stay with the segment", 2, 0);
	seg_rm();
	htl_expect("removed", 0, 0);
}

static void rmid_attached(void)
{
	int id = seg_get(2 * hp);
	struct shmid_ds ds;
	char *p;

	p = attach(id);
	p[0] = 0x11;
	htl_expect("one of two pages written", 1, 1);
	seg_rm();
	htl_expect("IPC_RMID while attached", 1, 1);
	ds = seg_stat(id);
	TST_EXP_EXPR((ds.shm_perm.mode & SHM_DEST) &&
		     ds.shm_perm.__key == IPC_PRIVATE,
		     "removed segment: mode 0%o has SHM_DEST, key 0x%x",
		     ds.shm_perm.mode, (unsigned int)ds.shm_perm.__key);
	TST_EXP_FAIL(shmget(key, 0, 0), ENOENT, "shmget() of the removed "
		     "segment's key");
	p[hp] = 0x22;
	TST_EXP_EXPR(p[0] == 0x11 && p[hp] == 0x22, "the removed segment "
		     "keeps its data and takes writes");
	htl_expect("second page written after IPC_RMID", 2, 0);
	detach(p);
	htl_expect("last detach: pages freed", 0, 0);
	TST_EXP_FAIL(shmctl(id, IPC_STAT, &ds), EINVAL,
		     "IPC_STAT after the last detach");
	expect_access(p, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "read of the detached address");
}

static void group(void)
{
	struct rlimit rl = { 0, hp };
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		int id;

		memlock_limit(&rl);
		drop_to_own_uid();
		TST_EXP_FAIL(shmget(IPC_PRIVATE, hp, SHM_HUGETLB | 0600),
			     EPERM, "SHM_HUGETLB outside hugetlb_shm_group, "
			     "RLIMIT_MEMLOCK 0");
		rl.rlim_cur = hp;
		memlock_limit(&rl);
		TST_EXP_FAIL(shmget(IPC_PRIVATE, hp, SHM_HUGETLB | 0600),
			     EPERM, "SHM_HUGETLB outside hugetlb_shm_group, "
			     "RLIMIT_MEMLOCK of the size");
		htl_expect("after the refused shmget()", 0, 0);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		id = shmget(IPC_PRIVATE, hp, SHM_HUGETLB | 0600);
		TST_EXP_EXPR(id >= 0, "SHM_HUGETLB with the gid in "
			     "hugetlb_shm_group: %s",
			     id >= 0 ? "works" : tst_strerrno(errno));
		if (id >= 0) {
			htl_expect("the group's segment", 0, 1);
			if (shmctl(id, IPC_RMID, NULL))
				tst_brk(TBROK | TERRNO, "IPC_RMID");
		}
		_exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	SAFE_FILE_PRINTF(SHM_GROUP, "%u", OWN_UID_BASE + (unsigned int)pid);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	SAFE_FILE_PRINTF(SHM_GROUP, "0");
	htl_expect("after the group's segment", 0, 0);
}

static void run(void)
{
	alignment();
	stat_lock();
	rmid_attached();
	group();
}

static void setup(void)
{
	htl_setup(POOL, 0);
	key = ftok(".", 'H');
	if (key == -1)
		tst_brk(TBROK | TERRNO, "ftok()");
}

static void cleanup(void)
{
	if (shmid >= 0)
		shmctl(shmid, IPC_RMID, NULL);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.hugepages = {POOL, TST_NEEDS},
	.save_restore = (const struct tst_path_val[]) {
		HTL_NO_OVERCOMMIT,
		{ SHM_GROUP, "0", TST_SR_TCONF_MISSING },
		{}
	},
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_HUGETLBFS", NULL
	},
};
