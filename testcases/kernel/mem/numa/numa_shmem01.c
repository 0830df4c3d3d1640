// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Shared memory (a memfd, shmem) pages under NUMA policies on two nodes
 * A and B (mm/shmem.c, mm/mempolicy.c shared policy, mm/migrate.c):
 *
 * - 16 pages of a memfd mapped MAP_SHARED, bound to A (mbind MPOL_BIND)
 *   and written, are on A; move_pages() of all of them to B with
 *   MPOL_MF_MOVE (each mapped once) returns 0 with status B for each;
 *   they are on B afterwards, read intact through that mapping and through
 *   a second mapping of the memfd, where get_mempolicy(MPOL_F_NODE|
 *   MPOL_F_ADDR) also says B (the page cache page moved, not a copy).
 * - mbind(MPOL_BIND to A, MPOL_MF_MOVE) brings them back: all on A.
 * - mbind(MPOL_INTERLEAVE {A, B}) on a mapping of a new memfd is the
 *   file's shared policy: page i of the file is allocated on the
 *   ((inode number + i) mod 2)-th node of {A, B} (shmem's interleave
 *   index, shmem_pseudo_vma_init() / shmem_get_pgoff_policy()), exactly,
 *   whichever mapping faults it (half through a second mapping without a
 *   policy of its own); the numa_maps line of the first mapping says
 *   interleave:A-B (or A,B) with N<A>=8 and N<B>=8; the second mapping
 *   reads back MPOL_INTERLEAVE {A, B} with get_mempolicy(MPOL_F_ADDR).
 * One node: TCONF (ltp-vm --numa 2).
 */
#include <sys/mman.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "numa_raw.h"

#define NPG 16

static int na, nb;
static size_t pg;

static int new_memfd(const char *name)
{
	int fd = memfd_create(name, MFD_CLOEXEC);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create()");
	SAFE_FTRUNCATE(fd, NPG * pg);
	return fd;
}

static char *map_fd(int fd)
{
	return SAFE_MMAP(NULL, NPG * pg, PROT_READ | PROT_WRITE, MAP_SHARED,
			 fd, 0);
}

static int count_on(char *m, int node, int *status)
{
	void *addrs[NPG];
	int i, n = 0;

	for (i = 0; i < NPG; i++)
		addrs[i] = m + i * pg;
	numa_where(addrs, NPG, status);
	for (i = 0; i < NPG; i++)
		n += status[i] == node;
	return n;
}

static int intact(const char *m)
{
	int i;

	for (i = 0; i < NPG; i++) {
		if (m[i * pg] != 'a' + i || m[i * pg + pg - 1] != 'A' + i)
			return 0;
	}
	return 1;
}

static void move_shmem(void)
{
	struct numa_mask ma = numa_mask_of(na);
	int fd = new_memfd("numa_shmem01"), i, nodes[NPG], status[NPG];
	int bad = 0;
	char *m = map_fd(fd), *m2;
	void *addrs[NPG];
	long ret;

	if (mbind_raw(m, NPG * pg, MPOL_BIND, ma.b, NUMA_MAXNODE_IN, 0))
		tst_brk(TBROK | TERRNO, "mbind(MPOL_BIND, node %d)", na);
	for (i = 0; i < NPG; i++) {
		m[i * pg] = 'a' + i;
		m[i * pg + pg - 1] = 'A' + i;
		addrs[i] = m + i * pg;
		nodes[i] = nb;
		status[i] = -1000;
	}
	TST_EXP_EQ_LI(count_on(m, na, status), NPG);

	ret = move_pages_raw(0, NPG, addrs, nodes, status, MPOL_MF_MOVE);
	for (i = 0; i < NPG; i++)
		bad += status[i] != nb;
	TST_EXP_EXPR(ret == 0 && !bad, "move_pages(%d shmem pages to B) "
		     "returned %ld, %d statuses not B (first %d)", NPG, ret,
		     bad, status[0]);
	TST_EXP_EQ_LI(count_on(m, nb, status), NPG);
	TST_EXP_EXPR(intact(m), "the moved pages read back intact");

	m2 = map_fd(fd);
	TST_EXP_EXPR(intact(m2), "... and through a second mapping");
	for (i = 0; i < NPG && numa_node_of(m2 + i * pg) == nb; i++)
		;
	TST_EXP_EXPR(i == NPG, "second mapping: get_mempolicy(MPOL_F_NODE|"
		     "MPOL_F_ADDR) says B for every page (first not: %d)", i);
	SAFE_MUNMAP(m2, NPG * pg);

	TST_EXP_PASS(mbind_raw(m, NPG * pg, MPOL_BIND, ma.b, NUMA_MAXNODE_IN,
			       MPOL_MF_MOVE), "mbind(MPOL_BIND to A, "
		     "MPOL_MF_MOVE)");
	TST_EXP_EQ_LI(count_on(m, na, status), NPG);
	TST_EXP_EXPR(intact(m), "the pages moved back read intact");
	SAFE_MUNMAP(m, NPG * pg);
	SAFE_CLOSE(fd);
}

/* numa_maps line of the mapping at addr: its policy and N<node> counts. */
static void numa_maps_of(void *addr, char *policy, long *ca, long *cb)
{
	char line[1024], want[32], key[16], *p;
	FILE *f = fopen("/proc/self/numa_maps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/numa_maps)");
	snprintf(want, sizeof(want), "%lx ", (unsigned long)addr);
	policy[0] = 0;
	*ca = *cb = 0;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, want, strlen(want)))
			continue;
		sscanf(line + strlen(want), "%63s", policy);
		snprintf(key, sizeof(key), " N%d=", na);
		p = strstr(line, key);
		if (p)
			*ca = atol(p + strlen(key));
		snprintf(key, sizeof(key), " N%d=", nb);
		p = strstr(line, key);
		if (p)
			*cb = atol(p + strlen(key));
		break;
	}
	fclose(f);
}

static void interleave_shmem(void)
{
	struct numa_mask both = numa_mask_of(na);
	int fd = new_memfd("numa_shmem01_il"), i, status[NPG], want, bad = -1, ok;
	char *m = map_fd(fd), *m2 = map_fd(fd), policy[64], exp1[32],
	     exp2[32];
	struct stat st;
	void *addrs[NPG];
	long ca, cb;

	numa_mask_set(&both, nb);
	SAFE_FSTAT(fd, &st);
	TST_EXP_PASS(mbind_raw(m, NPG * pg, MPOL_INTERLEAVE, both.b,
			       NUMA_MAXNODE_IN, 0), "mbind(MPOL_INTERLEAVE "
		     "{A, B}) on a memfd mapping");
	expect_policy(m2, MPOL_INTERLEAVE, &both,
		      "second mapping of the memfd (shared policy)");
	/* even pages through the mapping with the policy, odd ones not */
	for (i = 0; i < NPG; i++) {
		char *p = (i % 2 ? m2 : m) + i * pg;

		*p = 'x';
		addrs[i] = m + i * pg;
	}
	/* map all of them in m too: move_pages() and numa_maps look there */
	for (i = 0, ok = 0; i < NPG; i++)
		ok += *(volatile char *)(m + i * pg) == 'x';
	TST_EXP_EQ_LI(ok, NPG);
	numa_where(addrs, NPG, status);
	for (i = 0; i < NPG; i++) {
		want = (st.st_ino + i) % 2 ? nb : na;
		if (status[i] != want && bad < 0)
			bad = i;
	}
	if (bad < 0)
		tst_res(TPASS, "each page i on the ((ino %lu + i) mod 2)-th "
			"node of {A, B}", (unsigned long)st.st_ino);
	else
		tst_res(TFAIL, "page %d on node %d, not the ((ino %lu + %d) "
			"mod 2)-th node of {A, B}", bad, status[bad],
			(unsigned long)st.st_ino, bad);
	numa_maps_of(m, policy, &ca, &cb);
	snprintf(exp1, sizeof(exp1), "interleave:%d-%d", na, nb);
	snprintf(exp2, sizeof(exp2), "interleave:%d,%d", na, nb);
	TST_EXP_EXPR((!strcmp(policy, exp1) || !strcmp(policy, exp2)) &&
		     ca == NPG / 2 && cb == NPG / 2, "numa_maps: %s N%d=%ld "
		     "N%d=%ld", policy, na, ca, nb, cb);
	SAFE_MUNMAP(m, NPG * pg);
	SAFE_MUNMAP(m2, NPG * pg);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	move_shmem();
	interleave_shmem();
}

static void setup(void)
{
	numa_two_nodes(&na, &nb);
	pg = getpagesize();
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
};
