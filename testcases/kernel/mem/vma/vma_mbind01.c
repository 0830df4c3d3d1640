// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mbind() splits and merges VMAs by policy, every case of vma_merge()
 * (vma_modify_policy() on newer kernels) that mbind_range() can reach.
 * A 6-page private anonymous mapping between two PROT_NONE guard pages;
 * after each sequence of mbind() calls on page ranges [a, b) the VMAs of
 * the 6 pages in /proc/self/maps have exactly these lengths in pages, and
 * get_mempolicy(MPOL_F_ADDR) gives each page the policy it was given:
 *  - BIND [0,4), DEFAULT [2,4): "2,4" (the tail rejoins the next part);
 *  - BIND [0,2), BIND [2,4): "4,2" (the range joins the previous VMA);
 *  - BIND [0,2), BIND [4,6), BIND [2,4): "6" (previous and next merged);
 *  - BIND [0,2), INTERLEAVE [4,6), BIND [2,4): "4,2";
 *  - BIND [0,2), INTERLEAVE [4,6), INTERLEAVE [2,4): "2,4";
 *  - BIND [1,3), BIND [0,6): "6"; BIND [2,4), DEFAULT [0,6): "6";
 *  - BIND [1,2), INTERLEAVE [3,4), BIND [0,6): "6";
 *  - INTERLEAVE [2,4), BIND [2,3): "2,1,1,2".
 * The data written before stays in every page. The policies name the
 * first node with memory (one node suffices).
 * Upstream LTP's vma04 (the corner cases of kernel commit e26a511, as it
 * names it, which refixed 9d8cebd4bcd7 "mm: fix mbind vma merge
 * problem").
 * Syscalls: mbind
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/mempolicy.h"

static size_t ps;
static char *area;
static unsigned long nodemask;
static int node = -1;

#define D 0	/* MPOL_DEFAULT */
#define B 1	/* MPOL_BIND */
#define I 2	/* MPOL_INTERLEAVE */

struct step {
	int mode, from, to;
};

struct tcase {
	struct step steps[4];
	const char *vmas;
};

#define S(m, a, b) {(m), (a), (b)}
static const struct tcase tcases[] = {
	{{S(B, 0, 4), S(D, 2, 4)}, "2,4"},
	{{S(B, 0, 2), S(B, 2, 4)}, "4,2"},
	{{S(B, 0, 2), S(B, 4, 6), S(B, 2, 4)}, "6"},
	{{S(B, 0, 2), S(I, 4, 6), S(B, 2, 4)}, "4,2"},
	{{S(B, 0, 2), S(I, 4, 6), S(I, 2, 4)}, "2,4"},
	{{S(B, 1, 3), S(B, 0, 6)}, "6"},
	{{S(B, 2, 4), S(D, 0, 6)}, "6"},
	{{S(B, 1, 2), S(I, 3, 4), S(B, 0, 6)}, "6"},
	{{S(I, 2, 4), S(B, 2, 3)}, "2,1,1,2"},
};

static long sys_mbind(void *addr, unsigned long len, int mode,
		      const unsigned long *mask, unsigned long maxnode)
{
	return syscall(__NR_mbind, addr, len, mode, mask, maxnode, 0);
}

static void vma_lengths(char *out, size_t size)
{
	unsigned long s, e, lo = (unsigned long)area,
		      hi = (unsigned long)area + 6 * ps;
	char line[512];
	size_t len = 0;
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/maps)");
	out[0] = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx", &s, &e) != 2)
			continue;
		if (e <= lo || s >= hi)
			continue;
		len += snprintf(out + len, size - len, "%s%lu",
				len ? "," : "", (e - s) / ps);
		if (len >= size)
			break;
	}
	fclose(f);
}

static int policy_of(int page)
{
	unsigned long mask = 0;
	int mode;

	if (syscall(__NR_get_mempolicy, &mode, &mask, 8 * sizeof(mask),
		    area + page * ps, MPOL_F_ADDR))
		tst_brk(TBROK | TERRNO, "get_mempolicy(MPOL_F_ADDR)");
	return mode;
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	int want[6] = {D, D, D, D, D, D};
	char got[64], desc[128];
	size_t dl = 0;
	const struct step *st;
	int i, bad = 0;
	char *guard;

	guard = SAFE_MMAP(NULL, 8 * ps, PROT_NONE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	area = SAFE_MMAP(guard + ps, 6 * ps, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	for (i = 0; i < 6; i++)
		area[i * ps] = 'a' + i;

	for (st = tc->steps; st < tc->steps + 4 && st->to; st++) {
		if (sys_mbind(area + st->from * ps, (st->to - st->from) * ps,
			      st->mode, st->mode == D ? NULL : &nodemask,
			      st->mode == D ? 0 : 8 * sizeof(nodemask)))
			tst_brk(TBROK | TERRNO, "mbind(mode %d, [%d,%d))",
				st->mode, st->from, st->to);
		for (i = st->from; i < st->to; i++)
			want[i] = st->mode;
		dl += snprintf(desc + dl, sizeof(desc) - dl, "%s%s [%d,%d)",
			       dl ? ", " : "", st->mode == B ? "BIND" :
			       st->mode == I ? "INTERLEAVE" : "DEFAULT",
			       st->from, st->to);
	}
	vma_lengths(got, sizeof(got));
	if (!strcmp(got, tc->vmas))
		tst_res(TPASS, "%s: VMAs of %s pages", desc, got);
	else
		tst_res(TFAIL, "%s: VMAs of %s pages, expected %s", desc, got,
			tc->vmas);
	for (i = 0; i < 6; i++) {
		if (policy_of(i) != want[i] || area[i * ps] != 'a' + i) {
			tst_res(TFAIL, "page %d: policy %d (expected %d), "
				"data '%c'", i, policy_of(i), want[i],
				area[i * ps]);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "every page has its policy and its data");
	SAFE_MUNMAP(guard, 8 * ps);
}

static void setup(void)
{
	char path[64];
	int i;

	ps = getpagesize();
	for (i = 0; i < 64 && node < 0; i++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/node/node%d/meminfo", i);
		if (!access(path, F_OK))
			node = i;
	}
	if (node < 0)
		tst_brk(TCONF, "no NUMA node in /sys/devices/system/node "
			"(kernel without CONFIG_NUMA)");
	nodemask = 1UL << node;
	if (sys_mbind(NULL, 0, MPOL_DEFAULT, NULL, 0) && errno == ENOSYS)
		tst_brk(TCONF, "mbind() not in this kernel (ENOSYS)");
}

static struct tst_test test = {
	.setup = setup,
	.test = run,
	.tcnt = ARRAY_SIZE(tcases),
	.tags = (const struct tst_tag[]) {
		{"linux-git", "9d8cebd4bcd7"},
		{}
	},
};
