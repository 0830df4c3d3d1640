// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * move_pages() between two nodes A and B (mm/migrate.c kernel_move_pages(),
 * do_pages_move(), add_page_for_migration()), status read back page by
 * page and the placement checked with move_pages() of nodes NULL:
 *
 * - Private pages faulted on A, a private page never touched, an address
 *   nothing is mapped at and a page of a shared anonymous (shmem) mapping
 *   never touched: the query says A, A, A, -ENOENT, -EFAULT, -ENOENT
 *   (before 6.12 the untouched private page gave -EFAULT: an anonymous
 *   hole took no_page_table()'s FOLL_DUMP path, like the zero page). Moved
 *   to B: 0, status B, B, B and the same errors; the query then says B
 *   and the data is unchanged. Moved to B again (already there): 0,
 *   status B. Moved to A, B, A: each page where it was sent.
 * - A shared anonymous page mapped twice (mremap() of old size 0): with
 *   MPOL_MF_MOVE its status is -EACCES and it stays on A; with
 *   MPOL_MF_MOVE_ALL (root) it moves to B.
 * - As nobody: MPOL_MF_MOVE_ALL is EPERM (needs CAP_SYS_NICE);
 *   move_pages() of root's process, moving or only asking, is EPERM;
 *   MPOL_MF_MOVE of its own page moves it.
 * One node: TCONF.
 */
#include <sys/mman.h>
#include "numa_raw.h"
#include "as_nobody.h"
#include "vm_helpers.h"

#define NPRIV 6

static size_t pg;
static int node_a, node_b;
static pid_t test_pid;
static char *priv, *shared, *alias, *untouched;
static void *pages[NPRIV];

static void setup(void)
{
	struct numa_mask mask_a;
	char *hole;
	int i;

	numa_two_nodes(&node_a, &node_b);
	mask_a = numa_mask_of(node_a);
	pg = getpagesize();
	test_pid = getpid();
	priv = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	vm_no_thp(priv, 4 * pg);
	if (mbind_raw(priv, 4 * pg, MPOL_BIND, mask_a.b, NUMA_MAXNODE_IN, 0))
		tst_brk(TBROK | TERRNO, "mbind(BIND to %d)", node_a);
	shared = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (mbind_raw(shared, pg, MPOL_BIND, mask_a.b, NUMA_MAXNODE_IN, 0))
		tst_brk(TBROK | TERRNO, "mbind(shared, BIND to %d)", node_a);
	alias = mremap(shared, 0, pg, MREMAP_MAYMOVE);
	if (alias == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mremap(shared, 0, %zu, MAYMOVE)", pg);
	untouched = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pages[5] = untouched;
	/* last: nothing mapped after it may land there */
	hole = SAFE_MMAP(NULL, pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0);
	SAFE_MUNMAP(hole, pg);
	for (i = 0; i < 4; i++)
		pages[i] = priv + i * pg;
	pages[4] = hole;
}

static const char *status_name(int st)
{
	static char buf[32];

	if (st >= 0) {
		snprintf(buf, sizeof(buf), "node %d", st);
		return buf;
	}
	return tst_strerrno(-st);
}

static void expect_status(const int *status, const int *want, int n,
			  const char *when)
{
	int i;

	for (i = 0; i < n; i++) {
		if (status[i] != want[i]) {
			tst_res(TFAIL, "%s: page %d: status %d (%s), expected %d",
				when, i, status[i], status_name(status[i]),
				want[i]);
			return;
		}
	}
	tst_res(TPASS, "%s: status exact for all %d pages", when, n);
}

static void move(void **p, int n, int *to, int flags, const int *want,
		 const char *when)
{
	int status[NPRIV], i;

	for (i = 0; i < n; i++)
		status[i] = -1000;
	TST_EXP_PASS(move_pages_raw(0, n, p, to, status, flags),
		     "move_pages(%s)", when);
	expect_status(status, want, n, when);
	numa_where(p, n, status);
	expect_status(status, want, n, "and where they are now");
}

static void as_nobody(void)
{
	char *mine = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *p = mine;
	int to = node_b, st = -1000, want = node_b;

	mine[0] = 1;
	TST_EXP_FAIL(move_pages_raw(0, 1, &p, &to, &st, MPOL_MF_MOVE_ALL),
		     EPERM, "nobody: move_pages(own page, MOVE_ALL)");
	TST_EXP_FAIL(move_pages_raw(test_pid, 1, pages, &to, &st,
				    MPOL_MF_MOVE), EPERM,
		     "nobody: move_pages(root's process, MOVE)");
	TST_EXP_FAIL(move_pages_raw(test_pid, 1, pages, NULL, &st, 0), EPERM,
		     "nobody: move_pages(root's process, nodes NULL)");
	move(&p, 1, &to, MPOL_MF_MOVE, &want, "nobody: own page to B, MOVE");
	TST_EXP_EXPR(mine[0] == 1, "nobody: its page keeps its data");
}

static void run(void)
{
	int to[NPRIV], want[NPRIV], status[NPRIV], i;
	void *sp = shared;

	vm_madvise(priv, 4 * pg, MADV_DONTNEED, "MADV_DONTNEED");
	for (i = 0; i < 3; i++)
		priv[i * pg] = 'a' + i;
	for (i = 0; i < 3; i++)
		want[i] = node_a;
	/*
	 * An untouched page is "not present": -ENOENT. From 4.3
	 * (d899844e9c98, the zero page made -EFAULT) until 6.12 (7dff875c9436,
	 * add_page_for_migration() moved to folio_walk) the hole took the
	 * zero page's path and said -EFAULT: what those kernels do.
	 */
	want[3] = tst_kvercmp(6, 12, 0) < 0 ? -EFAULT : -ENOENT;
	want[4] = -EFAULT;
	want[5] = -ENOENT;
	numa_where(pages, NPRIV, status);
	expect_status(status, want, NPRIV, "nodes NULL: 3 pages on A, one "
		      "untouched, one unmapped, one untouched shmem");

	for (i = 0; i < NPRIV; i++)
		to[i] = node_b;
	for (i = 0; i < 3; i++)
		want[i] = node_b;
	move(pages, NPRIV, to, MPOL_MF_MOVE, want, "all to B, MOVE");
	TST_EXP_EXPR(priv[0] == 'a' && priv[pg] == 'b' && priv[2 * pg] == 'c',
		     "the data is unchanged after the move");
	move(pages, 3, to, MPOL_MF_MOVE, want, "to B again, already there");

	to[0] = want[0] = node_a;
	to[1] = want[1] = node_b;
	to[2] = want[2] = node_a;
	move(pages, 3, to, MPOL_MF_MOVE, want, "to A, B, A");

	vm_madvise(shared, pg, MADV_REMOVE, "MADV_REMOVE");
	shared[0] = 's';
	if (alias[0] != 's')
		tst_brk(TBROK, "the second mapping does not show the page");
	numa_where(&sp, 1, status);
	if (status[0] != node_a)
		tst_brk(TBROK, "shared page faulted on %d, not %d", status[0],
			node_a);
	to[0] = node_b;
	want[0] = -EACCES;
	for (i = 0; i < 1; i++)
		status[i] = -1000;
	TST_EXP_PASS(move_pages_raw(0, 1, &sp, to, status, MPOL_MF_MOVE),
		     "move_pages(page mapped twice, MOVE)");
	expect_status(status, want, 1, "page mapped twice, MOVE");
	numa_where(&sp, 1, status);
	TST_EXP_EXPR(status[0] == node_a, "page mapped twice on %d after MOVE, "
		     "expected %d (not moved)", status[0], node_a);
	want[0] = node_b;
	move(&sp, 1, to, MPOL_MF_MOVE_ALL, want, "page mapped twice, MOVE_ALL");
	TST_EXP_EXPR(shared[0] == 's' && alias[0] == 's',
		     "both mappings read the data after MOVE_ALL");

	run_in_nobody_child(as_nobody, "the checks as nobody");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
