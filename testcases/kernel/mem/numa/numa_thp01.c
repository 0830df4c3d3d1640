// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Migration of a transparent huge page between two nodes A and B, whole
 * (mm/migrate.c: a PMD-mapped THP is migrated as one folio when the
 * architecture supports THP migration, as x86_64 does):
 *
 * - A PMD-aligned huge page extent, bound to A (mbind MPOL_BIND) and
 *   MADV_HUGEPAGE, is faulted in as a huge page on A (smaps AnonHugePages
 *   of the mapping = the huge page size; without a huge page: TCONF).
 * - move_pages() of its first base page to B returns 0 with status B;
 *   afterwards every one of its base pages is on B (move_pages() of nodes
 *   NULL), the mapping is still one huge page (AnonHugePages), vmstat
 *   thp_migration_success grew and thp_migration_split did not, the
 *   /proc/self/numa_maps line of the mapping counts all its pages on B
 *   (N<B>=512 with 4 KiB pages) and each base page keeps its content.
 * - mbind(MPOL_BIND to A, MPOL_MF_MOVE) moves it back whole, the same
 *   checks on A, and numa_maps shows the policy (bind:A).
 * - migrate_pages() of the process from A to B moves it whole to B again.
 * One node: TCONF (ltp-vm --numa 2).
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "numa_raw.h"
#include "thp_common.h"

static int na, nb;
static size_t hp, pg, npages;
static char *map;
static void **addrs;
static int *status;

/* kB of AnonHugePages in the smaps entry that starts at addr. */
static long anon_huge_kb(void *addr)
{
	char line[512], want[32];
	long kb = -1;
	int in = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/smaps)");
	snprintf(want, sizeof(want), "%lx-", (unsigned long)addr);
	while (fgets(line, sizeof(line), f)) {
		if (strchr(line, '-') && strchr(line, ' ') &&
		    strchr(line, '-') < strchr(line, ' ')) {
			in = !strncmp(line, want, strlen(want));
			continue;
		}
		if (in && sscanf(line, "AnonHugePages: %ld kB", &kb) == 1)
			break;
	}
	fclose(f);
	return kb;
}

/* Pages counted on node in the numa_maps line of the mapping at addr. */
static long numa_maps_count(void *addr, int node, char *policy)
{
	char line[1024], want[32], key[16], *p;
	long count = 0;
	FILE *f = fopen("/proc/self/numa_maps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/numa_maps)");
	snprintf(want, sizeof(want), "%lx ", (unsigned long)addr);
	snprintf(key, sizeof(key), " N%d=", node);
	policy[0] = 0;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, want, strlen(want)))
			continue;
		sscanf(line + strlen(want), "%63s", policy);
		p = strstr(line, key);
		if (p)
			count = atol(p + strlen(key));
		break;
	}
	fclose(f);
	return count;
}

static void check_on(int node, const char *how)
{
	long ok = 0, bad = -1, i, kb, cnt;
	char policy[64];

	numa_where(addrs, npages, status);
	for (i = 0; i < (long)npages; i++) {
		if (status[i] == node)
			ok++;
		else if (bad < 0)
			bad = i;
	}
	TST_EXP_EXPR(ok == (long)npages, "%s: %ld of %zu base pages on node "
		     "%d (first elsewhere: %ld, status %d)", how, ok, npages,
		     node, bad, bad < 0 ? node : status[bad]);
	kb = anon_huge_kb(map);
	TST_EXP_EXPR(kb == (long)(hp >> 10), "%s: still one huge page "
		     "(AnonHugePages %ld kB)", how, kb);
	cnt = numa_maps_count(map, node, policy);
	TST_EXP_EXPR(cnt == (long)npages, "%s: numa_maps N%d=%ld (policy %s)",
		     how, node, cnt, policy);
	for (i = 0; i < (long)npages; i++) {
		if (map[i * pg] != (char)i || map[i * pg + pg - 1] != (char)~i)
			break;
	}
	TST_EXP_EXPR(i == (long)npages, "%s: content intact (first "
		     "difference in page %ld)", how, i);
}

static void counters(long *succ, long *split)
{
	*succ = tst_read_vmstat("thp_migration_success");
	*split = tst_read_vmstat("thp_migration_split");
}

static void check_counters(long succ, long split, const char *how)
{
	long s2, sp2;

	counters(&s2, &sp2);
	TST_EXP_EXPR(s2 > succ && sp2 == split, "%s: thp_migration_success "
		     "%ld -> %ld, thp_migration_split %ld -> %ld", how, succ,
		     s2, split, sp2);
}

static void run(void)
{
	struct numa_mask ma = numa_mask_of(na), mb = numa_mask_of(nb);
	long succ, split, i, ret;
	void *first;
	int node, st;
	char policy[64];

	map = thp_map_aligned(hp, 1, PROT_READ | PROT_WRITE);
	if (madvise(map, hp, MADV_HUGEPAGE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_HUGEPAGE)");
	if (mbind_raw(map, hp, MPOL_BIND, ma.b, NUMA_MAXNODE_IN, 0))
		tst_brk(TBROK | TERRNO, "mbind(MPOL_BIND, node %d)", na);
	for (i = 0; i < (long)npages; i++) {
		map[i * pg] = i;
		map[i * pg + pg - 1] = ~i;
		addrs[i] = map + i * pg;
	}
	if (anon_huge_kb(map) != (long)(hp >> 10)) {
		SAFE_MUNMAP(map, hp);
		tst_brk(TCONF, "no huge page was faulted in (AnonHugePages "
			"%ld kB)", anon_huge_kb(map));
	}
	check_on(na, "faulted under MPOL_BIND to A");

	counters(&succ, &split);
	first = map;
	node = nb;
	st = -1000;
	ret = move_pages_raw(0, 1, &first, &node, &st, MPOL_MF_MOVE);
	TST_EXP_EXPR(ret == 0 && st == nb, "move_pages(first base page to "
		     "B) returned %ld, status %d", ret, st);
	check_counters(succ, split, "move_pages");
	check_on(nb, "move_pages to B");

	counters(&succ, &split);
	TST_EXP_PASS(mbind_raw(map, hp, MPOL_BIND, ma.b, NUMA_MAXNODE_IN,
			       MPOL_MF_MOVE), "mbind(MPOL_BIND to A, "
		     "MPOL_MF_MOVE)");
	check_counters(succ, split, "mbind");
	check_on(na, "mbind back to A");
	numa_maps_count(map, na, policy);
	TST_EXP_EXPR(!strncmp(policy, "bind:", 5) &&
		     atoi(policy + 5) == na, "numa_maps policy %s", policy);

	counters(&succ, &split);
	ret = migrate_pages_raw(0, NUMA_MAXNODE_IN, ma.b, mb.b);
	/* best effort for the whole process: the huge page is checked */
	TST_EXP_EXPR(ret >= 0, "migrate_pages(self, A -> B) returned %ld "
		     "(%s)", ret, ret < 0 ? tst_strerrno(errno) : "pages "
		     "not moved");
	check_counters(succ, split, "migrate_pages");
	check_on(nb, "migrate_pages to B");

	SAFE_MUNMAP(map, hp);
}

static void setup(void)
{
	char mode[256];

	numa_two_nodes(&na, &nb);
	hp = thp_pmd_size();
	SAFE_FILE_SCANF(THP_DIR "enabled", "%255[^\n]", mode);
	if (strstr(mode, "[never]"))
		tst_brk(TCONF, "THP disabled: %s", mode);
	pg = getpagesize();
	npages = hp / pg;
	addrs = SAFE_MALLOC(npages * sizeof(*addrs));
	status = SAFE_MALLOC(npages * sizeof(*status));
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
};
