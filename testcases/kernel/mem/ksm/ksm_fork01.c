// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KSM pages inherited by fork() (ksmd run 1, scanning fast; the knobs
 * saved and restored, every KSM page unmerged with run 2 first). A child
 * maps the parent's KSM pages from the start, and ksmd adds its rmap
 * items to them as sharers (mm/ksm.c: stable_tree_search() returns the
 * page itself, "ksm page forked"):
 *  - the parent's 16 X and 16 Y pages merge into pages_shared 2,
 *    pages_sharing 30; after fork() the child's 32 pages add 32 sharers
 *    (pages_shared 2, pages_sharing 62, the child's ksm_merging_pages 32,
 *    the parent's still 32);
 *  - the child's write into an X page gives it a private copy: 61, the
 *    child's ksm_merging_pages 31, the parent reads X still;
 *  - once the child has exited, ksmd drops its items: back to 2 and 30;
 *  - with max_page_sharing 2 (set with no KSM page left), 4 X pages of the
 *    parent make 2 KSM pages of 2 mappings (2 and 2); a forked child's 4
 *    pages join them over the limit (is_page_sharing_candidate() false,
 *    max_page_sharing_bypass): pages_sharing 6, pages_shared 2, the
 *    child's ksm_merging_pages 4, and no warning: stable_tree_append()
 *    warns when a KSM page passes the limit without that bypass (taint W
 *    checked); after the child's exit 2 and 2 again.
 * Every process checks its data after each step.
 *
 * The child's ksm_merging_pages counts only its own merged pages: dup_mm()
 * copies the parent's mm_struct, counters included, and ksm_fork() must
 * reset mm->ksm_merging_pages and ksm_rmap_items (it does in 6.12). Stock
 * 6.1's ksm_fork() does not: there the child reads 64 (32 inherited + its
 * 32), 63 after its write and 8 at max_page_sharing 2, and this test
 * fails on it, as it should.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "ksm_helpers.h"

#define X 0x5c
#define Y 0xa3

static size_t psz;
static long mps_orig = -1;
static unsigned char *m;
static size_t mlen;
static int cmd[2];

static unsigned char want(size_t page, size_t npg, int wrote)
{
	if (page == 0 && wrote)
		return 0xee;
	return page < npg / 2 || npg <= 4 ? X : Y;
}

static size_t check(size_t npg, int wrote)
{
	size_t i, bad = 0;

	for (i = 0; i < npg * psz; i++)
		bad += m[i] != want(i / psz, npg, wrote);
	return bad;
}

static void map_fill(size_t npg)
{
	size_t i;

	mlen = npg * psz;
	m = SAFE_MMAP(NULL, mlen, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < npg; i++)
		memset(m + i * psz, want(i, npg, 0), psz);
	if (madvise(m, mlen, MADV_MERGEABLE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_MERGEABLE)");
}

/* The child obeys commands on the pipe: 'w' write page 0, 'x' exit. */
static pid_t child(size_t npg)
{
	pid_t pid;
	char c;
	int wrote = 0;

	SAFE_PIPE(cmd);
	pid = SAFE_FORK();
	if (pid) {
		SAFE_CLOSE(cmd[0]);
		return pid;
	}
	SAFE_CLOSE(cmd[1]);
	for (;;) {
		SAFE_READ(1, cmd[0], &c, 1);
		if (c == 'w') {
			memset(m, 0xee, psz);
			wrote = 1;
		}
		TST_EXP_EXPR(!check(npg, wrote), "child: data intact (%zu "
			     "bytes differ)", check(npg, wrote));
		if (c == 'x')
			exit(0);
		TST_CHECKPOINT_WAKE(0);
	}
}

static void tell(char c)
{
	SAFE_WRITE(1, cmd[1], &c, 1);
	if (c != 'x')
		TST_CHECKPOINT_WAIT(0);
}

static void merging(const char *who, pid_t pid, long exp)
{
	long got = ksm_merging(pid);

	TST_EXP_EXPR(got == exp, "%s: ksm_merging_pages %ld (expected %ld)",
		     who, got, exp);
}

static void end_child(pid_t pid, size_t npg)
{
	tell('x');
	reap_child(pid);
	SAFE_CLOSE(cmd[1]);
	TST_EXP_EXPR(!check(npg, 0), "parent: data intact (%zu bytes "
		     "differ)", check(npg, 0));
}

static void run(void)
{
	pid_t pid;

	ksm_reset();
	ksm_set("max_page_sharing", "256");
	map_fill(32);
	ksm_settle(0, 2, 0, 30, "parent's 32 pages");
	merging("parent", getpid(), 32);

	pid = child(32);
	ksm_settle(0, 2, 0, 62, "after fork()");
	merging("child", pid, 32);
	merging("parent", getpid(), 32);
	tell('c');

	tell('w');
	ksm_settle(0, 2, 0, 61, "after the child's write");
	merging("child", pid, 31);
	merging("parent", getpid(), 32);

	end_child(pid, 32);
	ksm_settle(0, 2, 0, 30, "after the child's exit");
	SAFE_MUNMAP(m, mlen);
	m = NULL;

	ksm_reset();
	TST_EXP_PASS(ksm_write("max_page_sharing", "2"),
		     "max_page_sharing 2 with no KSM page");
	map_fill(4);
	ksm_settle(0, 2, 0, 2, "4 pages at max_page_sharing 2");
	pid = child(4);
	ksm_settle(0, 2, 0, 6, "forked over max_page_sharing 2");
	merging("child", pid, 4);
	merging("parent", getpid(), 4);
	tell('c');
	end_child(pid, 4);
	ksm_settle(0, 2, 0, 2, "after that child's exit");
	SAFE_MUNMAP(m, mlen);
	m = NULL;
	ksm_reset();
	ksm_set("max_page_sharing", "256");
}

static void setup(void)
{
	psz = getpagesize();
	if (ksm_merging(getpid()) < 0)
		tst_brk(TCONF, "no /proc/PID/ksm_merging_pages (before 5.19)");
	mps_orig = ksm_val_opt("max_page_sharing");
	if (mps_orig < 0)
		tst_brk(TCONF, "no " KSM "max_page_sharing (before 4.13)");
}

/* max_page_sharing may only change while no KSM page exists. */
static void cleanup(void)
{
	char val[32];

	if (mps_orig < 0)
		return;
	ksm_write("run", "2");
	snprintf(val, sizeof(val), "%ld", mps_orig);
	if (ksm_write("max_page_sharing", val))
		tst_res(TWARN | TERRNO, "cannot restore max_page_sharing %s",
			val);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.timeout = 300,
	.save_restore = (const struct tst_path_val[]) {
		KSM_SAVE_RESTORE,
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_KSM", NULL
	},
	.taint_check = TST_TAINT_W | TST_TAINT_D,
};
