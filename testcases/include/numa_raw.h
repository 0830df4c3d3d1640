/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The NUMA memory policy system calls, raw (no libnuma): mbind,
 * set_mempolicy, get_mempolicy, migrate_pages, move_pages. ENOSYS (a
 * kernel without CONFIG_NUMA) ends the test with TCONF.
 *
 * Node masks are NUMA_MASK_LONGS longs (1024 nodes, Debian's
 * CONFIG_NODES_SHIFT=10). The kernel reads maxnode - 1 bits of a mask it
 * is given (mm/mempolicy.c get_nodes()), so NUMA_MAXNODE_IN passes all of
 * them; get_mempolicy() writes maxnode bits and wants maxnode >=
 * nr_node_ids, NUMA_MAXNODE_OUT.
 *
 * The nodes a test may use are the ones it is allowed to allocate on: the
 * "Mems_allowed_list" of /proc/self/status (the cpuset's mems, which are
 * nodes with memory).
 */
#ifndef NUMA_RAW_H
#define NUMA_RAW_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <linux/mempolicy.h>
#include "tst_test.h"
#include "lapi/mempolicy.h"

#define NUMA_MASK_LONGS		16
#define NUMA_MASK_BITS		(NUMA_MASK_LONGS * 8 * sizeof(unsigned long))
#define NUMA_MAXNODE_IN		(NUMA_MASK_BITS + 1)
#define NUMA_MAXNODE_OUT	NUMA_MASK_BITS
#define NUMA_LBITS		(8 * sizeof(unsigned long))

struct numa_mask {
	unsigned long b[NUMA_MASK_LONGS];
};

static inline long mbind_raw(void *start, unsigned long len, int mode,
			     const unsigned long *nmask, unsigned long maxnode,
			     unsigned int flags)
{
	return tst_syscall(__NR_mbind, start, len, mode, nmask, maxnode,
			   flags);
}

static inline long set_mempolicy_raw(int mode, const unsigned long *nmask,
				     unsigned long maxnode)
{
	return tst_syscall(__NR_set_mempolicy, mode, nmask, maxnode);
}

static inline long get_mempolicy_raw(int *mode, unsigned long *nmask,
				     unsigned long maxnode, void *addr,
				     unsigned long flags)
{
	return tst_syscall(__NR_get_mempolicy, mode, nmask, maxnode, addr,
			   flags);
}

static inline long migrate_pages_raw(pid_t pid, unsigned long maxnode,
				     const unsigned long *old_nodes,
				     const unsigned long *new_nodes)
{
	return tst_syscall(__NR_migrate_pages, pid, maxnode, old_nodes,
			   new_nodes);
}

static inline long move_pages_raw(pid_t pid, unsigned long count,
				  void **pages, const int *nodes, int *status,
				  int flags)
{
	return tst_syscall(__NR_move_pages, pid, count, pages, nodes, status,
			   flags);
}

static inline void numa_mask_clear(struct numa_mask *m)
{
	memset(m, 0, sizeof(*m));
}

static inline void numa_mask_set(struct numa_mask *m, unsigned int node)
{
	m->b[node / NUMA_LBITS] |= 1UL << (node % NUMA_LBITS);
}

static inline int numa_mask_isset(const struct numa_mask *m,
				  unsigned int node)
{
	return !!(m->b[node / NUMA_LBITS] & (1UL << (node % NUMA_LBITS)));
}

static inline struct numa_mask numa_mask_of(unsigned int node)
{
	struct numa_mask m;

	numa_mask_clear(&m);
	numa_mask_set(&m, node);
	return m;
}

static inline int numa_mask_eq(const struct numa_mask *a,
			       const struct numa_mask *b)
{
	return !memcmp(a, b, sizeof(*a));
}

/* The nodes this process may allocate on, from /proc/self/status. */
static inline struct numa_mask numa_allowed(void)
{
	struct numa_mask m;
	char line[4096], *p;
	int found = 0;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	numa_mask_clear(&m);
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "Mems_allowed_list:", 18))
			continue;
		found = 1;
		p = line + 18;
		for (;;) {
			unsigned long lo, hi;

			while (*p == ' ' || *p == '\t' || *p == ',')
				p++;
			if (*p < '0' || *p > '9')
				break;
			lo = hi = strtoul(p, &p, 10);
			if (*p == '-')
				hi = strtoul(p + 1, &p, 10);
			for (; lo <= hi && lo < NUMA_MASK_BITS; lo++)
				numa_mask_set(&m, lo);
		}
		break;
	}
	fclose(f);
	if (!found)
		tst_brk(TCONF, "no Mems_allowed_list in /proc/self/status: "
			"kernel without CONFIG_NUMA");
	return m;
}

/* The first node set in m, or -1. */
static inline int numa_first(const struct numa_mask *m)
{
	unsigned int i;

	for (i = 0; i < NUMA_MASK_BITS; i++) {
		if (numa_mask_isset(m, i))
			return i;
	}
	return -1;
}

/* The first node not set in m (not allowed: the kernel must refuse it). */
static inline int numa_first_unset(const struct numa_mask *m)
{
	unsigned int i;

	for (i = 0; i < NUMA_MASK_BITS; i++) {
		if (!numa_mask_isset(m, i))
			return i;
	}
	tst_brk(TCONF, "every one of %zu nodes is allowed",
		(size_t)NUMA_MASK_BITS);
	return -1;
}

/* The node of the page at addr: get_mempolicy(MPOL_F_NODE|MPOL_F_ADDR). */
static inline int numa_node_of(void *addr)
{
	int node = -1;

	if (get_mempolicy_raw(&node, NULL, 0, addr,
			      MPOL_F_NODE | MPOL_F_ADDR))
		tst_brk(TBROK | TERRNO, "get_mempolicy(MPOL_F_NODE|MPOL_F_ADDR, "
			"%p)", addr);
	return node;
}

static inline const char *numa_mode_name(int mode)
{
	switch (mode & ~MPOL_MODE_FLAGS) {
	case MPOL_DEFAULT: return "MPOL_DEFAULT";
	case MPOL_PREFERRED: return "MPOL_PREFERRED";
	case MPOL_BIND: return "MPOL_BIND";
	case MPOL_INTERLEAVE: return "MPOL_INTERLEAVE";
	case MPOL_LOCAL: return "MPOL_LOCAL";
	case MPOL_PREFERRED_MANY: return "MPOL_PREFERRED_MANY";
	}
	return "???";
}

/*
 * Expect get_mempolicy() to read back mode (with its mode flags) and the
 * node mask nodes (NULL: empty); of the VMA at addr, or of the thread when
 * addr is NULL. Reports TPASS or TFAIL.
 */
static inline void expect_policy_(const char *file, int line, void *addr,
				  int mode, const struct numa_mask *nodes,
				  const char *what)
{
	struct numa_mask got, want;
	int got_mode = -1;

	memset(&got, 0xa5, sizeof(got));
	if (nodes)
		want = *nodes;
	else
		numa_mask_clear(&want);
	if (get_mempolicy_raw(&got_mode, got.b, NUMA_MAXNODE_OUT, addr,
			      addr ? MPOL_F_ADDR : 0)) {
		tst_res_(file, line, TFAIL | TERRNO, "%s: get_mempolicy(%p)",
			 what, addr);
		return;
	}
	if (got_mode != mode || !numa_mask_eq(&got, &want)) {
		tst_res_(file, line, TFAIL, "%s: policy %s (0x%x) mask 0x%lx, "
			 "expected %s (0x%x) mask 0x%lx", what,
			 numa_mode_name(got_mode), got_mode, got.b[0],
			 numa_mode_name(mode), mode, want.b[0]);
		return;
	}
	tst_res_(file, line, TPASS, "%s: policy %s (0x%x) mask 0x%lx", what,
		 numa_mode_name(mode), mode, want.b[0]);
}

#define expect_policy(addr, mode, nodes, what) \
	expect_policy_(__FILE__, __LINE__, (addr), (mode), (nodes), (what))

/* Adds the nodes of a list such as "0-1,3" to m. */
static inline void numa_parse_list(const char *p, struct numa_mask *m)
{
	char *end;

	for (;;) {
		unsigned long lo, hi;

		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (*p < '0' || *p > '9')
			break;
		lo = hi = strtoul(p, &end, 10);
		p = end;
		if (*p == '-') {
			hi = strtoul(p + 1, &end, 10);
			p = end;
		}
		for (; lo <= hi && lo < NUMA_MASK_BITS; lo++)
			numa_mask_set(m, lo);
	}
}

static inline int numa_mask_weight(const struct numa_mask *m)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i < NUMA_MASK_BITS; i++)
		n += numa_mask_isset(m, i);
	return n;
}

/*
 * The tests that move pages between nodes: two nodes, the first two
 * online ones this process may allocate on, in *a and *b. The stock
 * guest has one node: TCONF, with the ltp-vm option that gives two.
 */
static inline void numa_two_nodes(int *a, int *b)
{
	struct numa_mask online, allowed;
	char line[4096];
	unsigned int i;
	int n = 0;
	FILE *f = fopen("/sys/devices/system/node/online", "r");

	if (!f)
		tst_brk(TCONF | TERRNO, "needs 2 NUMA nodes; no "
			"/sys/devices/system/node/online (kernel without "
			"CONFIG_NUMA)");
	numa_mask_clear(&online);
	if (fgets(line, sizeof(line), f))
		numa_parse_list(line, &online);
	fclose(f);
	if (numa_mask_weight(&online) < 2)
		tst_brk(TCONF, "needs 2 NUMA nodes; this guest has %d "
			"(ltp-vm --numa 2)", numa_mask_weight(&online));
	allowed = numa_allowed();
	*a = *b = -1;
	for (i = 0; i < NUMA_MASK_BITS && *b < 0; i++) {
		if (!numa_mask_isset(&online, i) ||
		    !numa_mask_isset(&allowed, i))
			continue;
		if (n++)
			*b = i;
		else
			*a = i;
	}
	if (*b < 0)
		tst_brk(TCONF, "needs 2 NUMA nodes it may use; %d online, "
			"Mems_allowed_list has %d of them",
			numa_mask_weight(&online), n);
	tst_res(TINFO, "nodes %d and %d", *a, *b);
}

/* Where n pages are: move_pages(self, nodes NULL); TBROK if it fails. */
static inline void numa_where(void **pages, int n, int *status)
{
	int i;

	for (i = 0; i < n; i++)
		status[i] = -1000;
	if (move_pages_raw(0, n, pages, NULL, status, 0))
		tst_brk(TBROK | TERRNO, "move_pages(self, %d pages, nodes NULL)",
			n);
}

#endif /* NUMA_RAW_H */
