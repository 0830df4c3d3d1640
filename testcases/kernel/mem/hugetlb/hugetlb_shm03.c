// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Permissions, attach modes and detach of SHM_HUGETLB segments, in an IPC
 * namespace of the test's own, pool of 4 default-size pages and no
 * overcommit, HugePages_Free/Rsvd read back at every step (upstream
 * hugeshmget05, hugeshmat02/03, hugeshmctl02/03, hugeshmdt01, hugefork02):
 *  1. a 0600 segment of root's, as nobody: shmget() of the key asking for
 *     nothing finds it, asking for read (0400) is EACCES; shmat() even
 *     with SHM_RDONLY and IPC_STAT are EACCES, IPC_SET and IPC_RMID EPERM;
 *  2. IPC_SET by root to mode 01604 stores 0604 (only the permission bits
 *     are taken: no SHM_DEST) and updates shm_ctime; nobody may then
 *     attach with SHM_RDONLY, reads root's data there, and a write
 *     through that attach is SIGSEGV (SEGV_ACCERR); a read-write shmat()
 *     is still EACCES, IPC_STAT works (shm_nattch 1), IPC_SET and
 *     IPC_RMID are still EPERM;
 *  3. IPC_SET of shm_perm.uid to nobody (shm_cuid stays 0) makes nobody
 *     the owner: a read-write attach works, its IPC_SET and IPC_RMID
 *     work; IPC_STAT of the removed id is EINVAL and its page is free;
 *  4. errors: an unknown command is EINVAL, a bad buffer for IPC_STAT and
 *     IPC_SET EFAULT; shmdt() of an address inside an attach (one huge or
 *     one base page in, or one byte) is EINVAL and detaches nothing;
 *     after munmap() of the first huge page of a 2-page attach, shmdt()
 *     of the attach address still finds the rest (its vm_pgoff says where
 *     the attach began) and detaches it (shm_nattch 0); a second shmdt()
 *     is EINVAL; SHM_REMAP without an address is EINVAL, an address over
 *     a private huge page mapping is EINVAL without SHM_REMAP and replaces
 *     that mapping with it (its reservation released);
 *  5. 3 children attach one 2-page segment, each writes its own 4 KiB
 *     slots in both pages; while all are attached shm_nattch is 3 and
 *     only the segment's 2 pages are used; then each reads every child's
 *     slots; after they have exited shm_nattch is 0 and the data stays.
 * Syscalls: shmget, shmctl, shmat, shmdt
 */

#include <pwd.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include "tst_test.h"
#include "lapi/shm.h"
#include "lapi/syscalls.h"
#include "vm_helpers.h"
#include "as_nobody.h"
#include "hugetlb_pool.h"

#define POOL 4
#define NCHILD 3
#define KEY 0x48756767

static int id = -1;
static uid_t nobody_uid;
static gid_t nobody_gid;

static int seg(key_t key, size_t size, int mode)
{
	int i = shmget(key, size, IPC_CREAT | IPC_EXCL | SHM_HUGETLB | mode);

	if (i < 0)
		tst_brk(TBROK | TERRNO, "shmget(SHM_HUGETLB, %zu)", size);
	return i;
}

static void seg_rm(void)
{
	if (id >= 0 && shmctl(id, IPC_RMID, NULL))
		tst_brk(TBROK | TERRNO, "shmctl(%d, IPC_RMID)", id);
	id = -1;
}

static char *attach(int flags)
{
	char *p = shmat(id, NULL, flags);

	if (p == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat(%d)", id);
	return p;
}

static struct shmid_ds seg_stat(void)
{
	struct shmid_ds ds;

	if (shmctl(id, IPC_STAT, &ds))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_STAT)");
	return ds;
}

static void seg_set(uid_t uid, gid_t gid, int mode)
{
	struct shmid_ds ds = seg_stat();

	ds.shm_perm.uid = uid;
	ds.shm_perm.gid = gid;
	ds.shm_perm.mode = mode;
	if (shmctl(id, IPC_SET, &ds))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_SET)");
}

static void nobody_denied(void)
{
	struct shmid_ds ds;

	memset(&ds, 0, sizeof(ds));
	TST_EXP_EQ_LI(shmget(KEY, 0, 0), id);
	TST_EXP_FAIL(shmget(KEY, 0, 0400), EACCES, "nobody: shmget(0400)");
	TST_EXP_FAIL((long)shmat(id, NULL, SHM_RDONLY), EACCES,
			      "nobody: shmat(SHM_RDONLY) of a 0600 segment");
	TST_EXP_FAIL(shmctl(id, IPC_STAT, &ds), EACCES, "nobody: IPC_STAT");
	ds.shm_perm.mode = 0666;
	TST_EXP_FAIL(shmctl(id, IPC_SET, &ds), EPERM, "nobody: IPC_SET");
	TST_EXP_FAIL(shmctl(id, IPC_RMID, NULL), EPERM, "nobody: IPC_RMID");
}

static void nobody_reader(void)
{
	struct shmid_ds ds;
	char *p;

	TST_EXP_EQ_LI(shmget(KEY, 0, 0400), id);
	p = attach(SHM_RDONLY);
	TST_EXP_EXPR(p[0] == 'R', "nobody reads root's data (0x%x)",
		     p[0] & 0xff);
	expect_access(p + 1, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
		      "write through a SHM_RDONLY attach");
	TST_EXP_FAIL((long)shmat(id, NULL, 0), EACCES,
			      "nobody: read-write shmat() of a 0604 segment");
	TST_EXP_PASS(shmctl(id, IPC_STAT, &ds), "nobody: IPC_STAT of 0604");
	TST_EXP_EQ_LU(ds.shm_nattch, 1);
	TST_EXP_FAIL(shmctl(id, IPC_SET, &ds), EPERM, "nobody: IPC_SET");
	TST_EXP_FAIL(shmctl(id, IPC_RMID, NULL), EPERM, "nobody: IPC_RMID");
	if (shmdt(p))
		tst_brk(TBROK | TERRNO, "shmdt()");
}

static void nobody_owner(void)
{
	struct shmid_ds ds;
	char *p;

	p = shmat(id, NULL, 0);
	TST_EXP_EXPR(p != (void *)-1, "owner nobody: read-write shmat(): %s",
		     p != (void *)-1 ? "works" : tst_strerrno(errno));
	if (p != (void *)-1) {
		p[1] = 'N';
		shmdt(p);
	}
	TST_EXP_PASS(shmctl(id, IPC_STAT, &ds), "owner nobody: IPC_STAT");
	ds.shm_perm.mode = 0640;
	TST_EXP_PASS(shmctl(id, IPC_SET, &ds), "owner nobody: IPC_SET");
	TST_EXP_PASS(shmctl(id, IPC_RMID, NULL), "owner nobody: IPC_RMID");
}

static void perms(void)
{
	struct shmid_ds ds;
	time_t t0;
	char *p;

	id = seg(KEY, hp, 0600);
	p = attach(0);
	p[0] = 'R';
	shmdt(p);
	htl_expect("root's 0600 segment written", 1, 0);
	run_in_nobody_child(nobody_denied, "the checks as nobody");

	t0 = time(NULL);
	seg_set(0, 0, 01604);
	ds = seg_stat();
	TST_EXP_EXPR(ds.shm_perm.mode == 0604 && ds.shm_ctime >= t0,
		     "IPC_SET of mode 01604: mode %04o (expected 0604), "
		     "shm_ctime %+ld s from the call", ds.shm_perm.mode,
		     (long)(ds.shm_ctime - t0));
	run_in_nobody_child(nobody_reader, "the checks as nobody");

	seg_set(nobody_uid, nobody_gid, 0600);
	ds = seg_stat();
	TST_EXP_EXPR(ds.shm_perm.uid == nobody_uid && ds.shm_perm.cuid == 0,
		     "IPC_SET of uid: uid %u (expected %u), cuid %u",
		     (unsigned int)ds.shm_perm.uid, (unsigned int)nobody_uid,
		     (unsigned int)ds.shm_perm.cuid);
	run_in_nobody_child(nobody_owner, "the checks as nobody");
	TST_EXP_FAIL(shmctl(id, IPC_STAT, &ds), EINVAL,
		     "IPC_STAT of the id nobody removed");
	id = -1;
	htl_expect("removed by its owner nobody", 0, 0);
}

static void detach_remap(void)
{
	struct shmid_ds ds;
	char *p, *q;

	id = seg(IPC_PRIVATE, 2 * hp, 0600);
	TST_EXP_FAIL(shmctl(id, -1, &ds), EINVAL, "shmctl() command -1");
#ifdef __NR_shmctl
	TST_EXP_FAIL(syscall(__NR_shmctl, id, IPC_STAT, (void *)-1), EFAULT,
		     "IPC_STAT into a bad buffer");
	TST_EXP_FAIL(syscall(__NR_shmctl, id, IPC_SET, (void *)-1), EFAULT,
		     "IPC_SET from a bad buffer");
#endif
	p = attach(0);
	TST_EXP_FAIL(shmdt(p + hp), EINVAL, "shmdt() one huge page in");
	TST_EXP_FAIL(shmdt(p + pg), EINVAL, "shmdt() one base page in");
	TST_EXP_FAIL(shmdt(p + 1), EINVAL, "shmdt() one byte in");
	TST_EXP_EQ_LU(seg_stat().shm_nattch, 1);
	p[hp] = 'T';
	SAFE_MUNMAP(p, hp);
	TST_EXP_PASS(shmdt(p), "shmdt() after munmap() of the first page");
	TST_EXP_EQ_LU(seg_stat().shm_nattch, 0);
	expect_access(p + hp, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "the rest of the attach after shmdt()");
	TST_EXP_FAIL(shmdt(p), EINVAL, "second shmdt()");
	htl_expect("detached: the written page stays", 1, 1);

	TST_EXP_FAIL((long)shmat(id, NULL, SHM_REMAP), EINVAL,
			      "SHM_REMAP without an address");
	q = htl_free_aligned(2 * hp, hp);
	q = SAFE_MMAP(q, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		      MAP_ANONYMOUS | MAP_HUGETLB | MAP_FIXED, -1, 0);
	htl_expect("a private huge page mapping beside", 1, 2);
	TST_EXP_FAIL((long)shmat(id, q, 0), EINVAL,
			      "shmat() over the private mapping");
	p = shmat(id, q, SHM_REMAP);
	TST_EXP_EXPR(p == q && p[hp] == 'T', "shmat(SHM_REMAP) over it: at "
		     "%p (expected %p), the segment's data there",
		     p == (void *)-1 ? NULL : p, q);
	htl_expect("the private mapping's reservation released", 1, 1);
	if (p != (void *)-1)
		shmdt(p);
	seg_rm();
	htl_expect("removed", 0, 0);
}

static void child(int n)
{
	char *p = attach(0);
	long i, bad = 0;

	p[n * 4096] = 'a' + n;
	p[hp + n * 4096] = 'A' + n;
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
	for (i = 0; i < NCHILD; i++)
		bad += p[i * 4096] != 'a' + i || p[hp + i * 4096] != 'A' + i;
	TST_EXP_EXPR(bad == 0, "child %d reads every child's slots (%ld "
		     "wrong)", n, bad);
	shmdt(p);
	exit(0);
}

static void children(void)
{
	pid_t pids[NCHILD];
	char *p;
	int i;

	id = seg(IPC_PRIVATE, 2 * hp, 0600);
	for (i = 0; i < NCHILD; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			child(i);
		TST_CHECKPOINT_WAIT(0);
	}
	TST_EXP_EQ_LU(seg_stat().shm_nattch, NCHILD);
	htl_expect("3 children attached and wrote: the segment's 2 pages", 2,
		   0);
	TST_CHECKPOINT_WAKE2(1, NCHILD);
	for (i = 0; i < NCHILD; i++)
		reap_child(pids[i]);
	TST_EXP_EQ_LU(seg_stat().shm_nattch, 0);
	p = attach(SHM_RDONLY);
	TST_EXP_EXPR(p[4096 * (NCHILD - 1)] == 'a' + NCHILD - 1 &&
		     p[hp] == 'A', "the data stays after the children exit");
	shmdt(p);
	seg_rm();
	htl_expect("removed", 0, 0);
}

static void run(void)
{
	perms();
	detach_remap();
	children();
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	if (!pw)
		tst_brk(TBROK, "no user nobody");
	nobody_uid = pw->pw_uid;
	nobody_gid = pw->pw_gid;
	htl_setup(POOL, 0);
	if (unshare(CLONE_NEWIPC)) {
		if (errno == EINVAL)
			tst_brk(TCONF, "no IPC namespaces (CONFIG_IPC_NS)");
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWIPC)");
	}
}

static void cleanup(void)
{
	seg_rm();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.needs_checkpoints = 1,
	HTL_TEST_FIELDS(POOL),
};
