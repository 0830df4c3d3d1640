// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The System V limits and counters of SHM_HUGETLB segments, in an IPC
 * namespace of the test's own (so kernel.shm* and the namespace totals are
 * the test's alone and go away with it), pool of 4 default-size pages and
 * no overcommit, HugePages_Free/Rsvd read back at every step (ipc/shm.c
 * newseg(), shm_add_rss_swap()):
 *  1. shmmax: with kernel.shmmax one huge page, a segment of exactly that
 *     size works, one byte more is EINVAL, as is a size of 0; nothing is
 *     reserved by a refused shmget();
 *  2. shmall counts the asked size in base pages, not the huge pages the
 *     segment reserves: with shmall 2 huge pages' worth, segments of
 *     hp + 1 and hp - 4096 bytes fill it exactly (SHM_INFO shm_tot) while
 *     reserving 3 huge pages, one more byte is ENOSPC with the pool
 *     untouched; with shmmni at the 2 segments in use the next shmget() is
 *     ENOSPC too, and the reservation made for it before the id was refused
 *     is given back (Rsvd unchanged); one more id and it works;
 *  3. shm_rss (SHM_INFO, and the rss column of /proc/sysvipc/shm) counts
 *     the faulted huge pages in base pages: 0 untouched, 2 * hp / 4096 after
 *     both pages of the hp + 1 segment are written, kept after shmdt();
 *     6.1 multiplies the page cache's count of huge pages by their size,
 *     6.12 counts base pages in the page cache: either way 512 per page;
 *  4. lookup of a key: IPC_CREAT | IPC_EXCL on it is EEXIST, a size above
 *     shm_segsz is EINVAL even inside the last huge page (hp + 2 on a
 *     segment of hp + 1), the exact size, a smaller one and 0 find it, an
 *     unused key without IPC_CREAT is ENOENT; no lookup reserves a page.
 * Removing every segment returns every page to the pool.
 * Syscalls: shmget, shmctl, shmat, shmdt
 */

#include <sched.h>
#include <stdio.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include "tst_test.h"
#include "lapi/shm.h"
#include "hugetlb_pool.h"

#define POOL 4
#define SHMMAX "/proc/sys/kernel/shmmax"
#define SHMALL "/proc/sys/kernel/shmall"
#define SHMMNI "/proc/sys/kernel/shmmni"

static int ids[4] = {-1, -1, -1, -1};

static int seg(key_t key, size_t size, int flags)
{
	return shmget(key, size, flags | SHM_HUGETLB | 0600);
}

static void rm_all(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		if (ids[i] >= 0 && shmctl(ids[i], IPC_RMID, NULL))
			tst_brk(TBROK | TERRNO, "shmctl(%d, IPC_RMID)", ids[i]);
		ids[i] = -1;
	}
}

static struct shm_info ns_info(void)
{
	struct shm_info info;

	if (shmctl(0, SHM_INFO, (struct shmid_ds *)&info) < 0)
		tst_brk(TBROK | TERRNO, "shmctl(SHM_INFO)");
	return info;
}

/* The rss column (bytes) of the segment's line in /proc/sysvipc/shm. */
static long long proc_rss(int id, long long *size)
{
	FILE *f = fopen("/proc/sysvipc/shm", "r");
	long long key, sz, rss = -1, swp;
	char line[512];
	int sid;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/sysvipc/shm)");

	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lld %d %*o %lld %*u %*u %*u %*u %*u %*u %*u "
			   "%*u %*u %*u %lld %lld", &key, &sid, &sz, &rss,
			   &swp) == 5 && sid == id) {
			*size = sz;
			break;
		}
		rss = -1;
	}
	fclose(f);
	if (rss < 0)
		tst_brk(TBROK, "segment %d not in /proc/sysvipc/shm", id);
	return rss;
}

static void shmmax(void)
{
	SAFE_FILE_PRINTF(SHMMAX, "%ld", hp);
	ids[0] = seg(IPC_PRIVATE, hp, IPC_CREAT);
	TST_EXP_EXPR(ids[0] >= 0, "shmget() of shmmax bytes: %s",
		     ids[0] >= 0 ? "works" : tst_strerrno(errno));
	htl_expect("segment of shmmax bytes", 0, 1);
	rm_all();
	TST_EXP_FAIL(seg(IPC_PRIVATE, hp + 1, IPC_CREAT), EINVAL,
		     "shmget() of shmmax + 1 bytes");
	TST_EXP_FAIL(seg(IPC_PRIVATE, 0, IPC_CREAT), EINVAL,
		     "shmget() of 0 bytes");
	htl_expect("refused segments reserve nothing", 0, 0);
	SAFE_FILE_PRINTF(SHMMAX, "%ld", 16 * hp);
}

static void shmall_shmmni(void)
{
	unsigned long fill = 2 * hp / pg;
	struct shm_info info;

	SAFE_FILE_PRINTF(SHMALL, "%lu", fill);
	ids[0] = seg(IPC_PRIVATE, hp + 1, IPC_CREAT);
	ids[1] = seg(IPC_PRIVATE, hp - pg, IPC_CREAT);
	TST_EXP_EXPR(ids[0] >= 0 && ids[1] >= 0, "segments of hp + 1 and "
		     "hp - %ld bytes within shmall %lu pages", pg, fill);
	if (ids[0] < 0 || ids[1] < 0)
		tst_brk(TBROK | TERRNO, "cannot go on without them");
	info = ns_info();
	TST_EXP_EXPR(info.used_ids == 2 && info.shm_tot == fill,
		     "SHM_INFO: used_ids %d, shm_tot %lu (expected 2, %lu)",
		     info.used_ids, info.shm_tot, fill);
	htl_expect("3 huge pages reserved for 2 huge pages' worth", 0, 3);
	TST_EXP_FAIL(seg(IPC_PRIVATE, 1, IPC_CREAT), ENOSPC,
		     "shmget() of 1 byte over shmall");
	htl_expect("refused over shmall", 0, 3);

	SAFE_FILE_PRINTF(SHMALL, "%lu", fill + 1);
	SAFE_FILE_PRINTF(SHMMNI, "2");
	TST_EXP_FAIL(seg(IPC_PRIVATE, 1, IPC_CREAT), ENOSPC,
		     "shmget() with shmmni 2 and 2 segments");
	htl_expect("refused over shmmni: its reservation given back", 0, 3);
	SAFE_FILE_PRINTF(SHMMNI, "3");
	ids[2] = seg(IPC_PRIVATE, 1, IPC_CREAT);
	TST_EXP_EXPR(ids[2] >= 0, "shmget() with shmmni 3: %s",
		     ids[2] >= 0 ? "works" : tst_strerrno(errno));
	htl_expect("third segment", 0, 4);
	rm_all();
	htl_expect("all removed", 0, 0);
	info = ns_info();
	TST_EXP_EXPR(info.used_ids == 0 && info.shm_tot == 0,
		     "SHM_INFO after removal: used_ids %d, shm_tot %lu",
		     info.used_ids, info.shm_tot);
	SAFE_FILE_PRINTF(SHMALL, "%lu", 1024 * fill);
	SAFE_FILE_PRINTF(SHMMNI, "4096");
}

static void rss(void)
{
	long long size, r;
	char *p;

	ids[0] = seg(IPC_PRIVATE, hp + 1, IPC_CREAT);
	if (ids[0] < 0)
		tst_brk(TBROK | TERRNO, "shmget(hp + 1)");
	r = proc_rss(ids[0], &size);
	TST_EXP_EXPR(ns_info().shm_rss == 0 && r == 0 && size == hp + 1,
		     "untouched: shm_rss %lu, /proc/sysvipc/shm size %lld rss "
		     "%lld", ns_info().shm_rss, size, r);
	p = shmat(ids[0], NULL, 0);
	if (p == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	p[0] = 1;
	p[hp] = 2;
	htl_expect("both pages of the segment written", 2, 0);
	r = proc_rss(ids[0], &size);
	TST_EXP_EXPR(ns_info().shm_rss == (unsigned long)(2 * hp / pg) &&
		     r == 2 * hp, "written: shm_rss %lu (expected %ld), "
		     "/proc/sysvipc/shm rss %lld (expected %ld)",
		     ns_info().shm_rss, 2 * hp / pg, r, 2 * hp);
	if (shmdt(p))
		tst_brk(TBROK | TERRNO, "shmdt()");
	TST_EXP_EQ_LU(ns_info().shm_rss, (unsigned long)(2 * hp / pg));
	htl_expect("detached: the pages stay with the segment", 2, 0);
	rm_all();
	htl_expect("removed", 0, 0);
}

static void lookup(void)
{
	key_t key = 0x48756765, other = 0x48756766;
	int id;

	ids[0] = seg(key, hp + 1, IPC_CREAT | IPC_EXCL);
	if (ids[0] < 0)
		tst_brk(TBROK | TERRNO, "shmget(key, hp + 1)");
	htl_expect("keyed segment of hp + 1 bytes", 0, 2);
	TST_EXP_FAIL(seg(key, hp + 1, IPC_CREAT | IPC_EXCL), EEXIST,
		     "shmget(IPC_CREAT | IPC_EXCL) of the key");
	TST_EXP_FAIL(seg(key, hp + 2, 0), EINVAL,
		     "shmget() of the key with shm_segsz + 1");
	id = seg(key, hp + 1, 0);
	TST_EXP_EQ_LI(id, ids[0]);
	id = seg(key, 1, 0);
	TST_EXP_EQ_LI(id, ids[0]);
	id = seg(key, 0, 0);
	TST_EXP_EQ_LI(id, ids[0]);
	TST_EXP_FAIL(seg(other, hp, 0), ENOENT,
		     "shmget() of an unused key without IPC_CREAT");
	htl_expect("lookups reserve nothing", 0, 2);
	rm_all();
	htl_expect("removed", 0, 0);
}

static void run(void)
{
	shmmax();
	shmall_shmmni();
	rss();
	lookup();
}

static void setup(void)
{
	htl_setup(POOL, 0);
	if (unshare(CLONE_NEWIPC)) {
		if (errno == EINVAL)
			tst_brk(TCONF, "no IPC namespaces (CONFIG_IPC_NS)");
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWIPC)");
	}
}

static void cleanup(void)
{
	rm_all();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	HTL_TEST_FIELDS(POOL),
};
