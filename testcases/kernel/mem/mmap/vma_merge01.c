// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * VMA merging and splitting, read back from /proc/self/maps, and shared
 * anonymous memory across mremap():
 *  - two private anonymous mappings made one after the other, adjacent
 *    (MAP_FIXED inside a PROT_NONE reservation) and with the same flags,
 *    are one VMA; so is a third one made adjacent after the first two
 *    were written;
 *  - mprotect(PROT_READ) of a page in the middle splits it into three
 *    VMAs (the middle one r--p), and mprotect() back re-merges them into
 *    one, the data intact;
 *  - a VMA a child inherited through fork() (its anon_vma chain links to
 *    the parent's) does not merge with a new adjacent mapping in the
 *    child, which then has two VMAs; the parent, whose chain is its own,
 *    does merge the same mapping (is_mergeable_anon_vma()'s
 *    list_is_singular() check, added by 965f55dea0e3, as upstream LTP's
 *    vma01 asserts);
 *  - a MAP_SHARED anonymous region stays shared with a forked child after
 *    the parent moves it with mremap(MREMAP_MAYMOVE | MREMAP_FIXED):
 *    each sees the other's writes; grown by mremap() to twice its size,
 *    its first half is still shared and an access to the grown half is
 *    SIGBUS (the shmem object keeps the size given at mmap()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"

static FILE *open_stream(const char *path, const char *mode)
{
	FILE *f = fopen(path, mode);

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	return f;
}

static size_t ps;
static char *hole;

#define NPG 16

/* Count the VMAs of /proc/self/maps inside [start, end); the first's perms. */
static int count_vmas(void *start, void *end, char *perms_of_first)
{
	unsigned long s, e, lo = (unsigned long)start, hi = (unsigned long)end;
	char line[512], perms[8];
	int n = 0;
	FILE *f = open_stream("/proc/self/maps", "r");

	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %7s", &s, &e, perms) != 3)
			continue;
		if (e <= lo || s >= hi)
			continue;
		if (!n && perms_of_first)
			strcpy(perms_of_first, perms);
		n++;
	}
	fclose(f);
	return n;
}

static int vma_spans(void *start, size_t len)
{
	unsigned long s, e, lo = (unsigned long)start;
	char line[512];
	int found = 0;
	FILE *f = open_stream("/proc/self/maps", "r");

	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx", &s, &e) == 2 && s == lo &&
		    e == lo + len)
			found = 1;
	fclose(f);
	return found;
}

static char *map_at(char *addr, size_t pages)
{
	return SAFE_MMAP(addr, pages * ps, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
}

static void reserve(void)
{
	hole = SAFE_MMAP(NULL, NPG * ps, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
}

static void merge_split(void)
{
	char *a, perms[8] = "";
	size_t i;

	reserve();
	a = map_at(hole + ps, 3);
	map_at(hole + 4 * ps, 3);
	TST_EXP_EXPR(vma_spans(a, 6 * ps) && count_vmas(a, a + 6 * ps, NULL)
		     == 1, "two adjacent anonymous mappings are one VMA");
	for (i = 0; i < 6 * ps; i++)
		a[i] = i % 251;
	map_at(hole + 7 * ps, 3);
	TST_EXP_EXPR(vma_spans(a, 9 * ps),
		     "a third adjacent mapping merges after the writes");

	SAFE_MPROTECT(a + 4 * ps, ps, PROT_READ);
	TST_EXP_EQ_LI(count_vmas(a, a + 9 * ps, NULL), 3);
	count_vmas(a + 4 * ps, a + 5 * ps, perms);
	TST_EXP_EXPR(!strcmp(perms, "r--p"), "the middle VMA is r--p (%s)",
		     perms);
	TST_EXP_EXPR(vma_spans(a, 4 * ps) && vma_spans(a + 5 * ps, 4 * ps),
		     "split at the protected page's edges");
	SAFE_MPROTECT(a + 4 * ps, ps, PROT_READ | PROT_WRITE);
	TST_EXP_EXPR(vma_spans(a, 9 * ps) && count_vmas(a, a + 9 * ps, NULL)
		     == 1, "mprotect() back re-merges the three VMAs");
	for (i = 0; i < 6 * ps && a[i] == (char)(i % 251); i++)
		;
	TST_EXP_EXPR(i == 6 * ps, "data intact through split and merge "
		     "(%zu of %zu bytes good)", i, 6 * ps);
	SAFE_MUNMAP(hole, NPG * ps);
}

static void cloned_vma(void)
{
	char *a;
	pid_t pid;

	reserve();
	a = map_at(hole + ps, 3);
	memset(a, 1, 3 * ps);
	pid = SAFE_FORK();
	if (!pid) {
		char *b = map_at(hole + 4 * ps, 3);

		memset(b, 2, 3 * ps);
		TST_EXP_EXPR(vma_spans(a, 3 * ps) && vma_spans(b, 3 * ps),
			     "child: the inherited VMA did not merge with a "
			     "new adjacent one (%d VMAs)",
			     count_vmas(a, a + 6 * ps, NULL));
		TST_EXP_EXPR(a[0] == 1 && b[0] == 2, "child: data intact");
		exit(0);
	}
	reap_child(pid);
	map_at(hole + 4 * ps, 3);
	TST_EXP_EXPR(vma_spans(a, 6 * ps), "parent: the same mapping merges "
		     "(%d VMAs)", count_vmas(a, a + 6 * ps, NULL));
	SAFE_MUNMAP(hole, NPG * ps);
}

static void shared_mremap(void)
{
	volatile char *s, *moved, *grown;
	pid_t pid;

	reserve();
	s = SAFE_MMAP(NULL, 4 * ps, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	s[0] = 'a';
	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		TST_EXP_EXPR(s[0] == 'b', "child sees the write made through "
			     "the moved mapping ('%c')", s[0]);
		s[ps] = 'c';
		TST_CHECKPOINT_WAKE(1);
		TST_CHECKPOINT_WAIT(2);
		TST_EXP_EXPR(s[2 * ps] == 'd', "child sees the write made "
			     "through the grown mapping ('%c')", s[2 * ps]);
		exit(0);
	}
	moved = mremap((void *)s, 4 * ps, 4 * ps, MREMAP_MAYMOVE |
		       MREMAP_FIXED, hole + 2 * ps);
	if (moved == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mremap(MREMAP_FIXED)");
	TST_EXP_EXPR(moved[0] == 'a', "moved mapping keeps the data");
	moved[0] = 'b';
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
	TST_EXP_EXPR(moved[ps] == 'c', "the child's write is seen through "
		     "the moved mapping ('%c')", moved[ps]);
	grown = mremap((void *)moved, 4 * ps, 8 * ps, MREMAP_MAYMOVE);
	if (grown == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mremap() grow");
	grown[2 * ps] = 'd';
	TST_CHECKPOINT_WAKE(2);
	reap_child(pid);

	pid = SAFE_FORK();
	if (!pid) {
		grown[5 * ps] = 'x';
		exit(0);
	}
	reap_child_killed(pid, SIGBUS);
	tst_res(TPASS, "a store past the shared object's size is SIGBUS");
	SAFE_MUNMAP((void *)grown, 8 * ps);
	munmap(hole, NPG * ps);
}

static void run(void)
{
	merge_split();
	cloned_vma();
	shared_mremap();
}

static void setup(void)
{
	ps = getpagesize();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.tags = (const struct tst_tag[]) {
		/* a VMA cloned by fork() is not merged with a new neighbour
		 * (the commit upstream LTP's vma01 tests) */
		{"linux-git", "965f55dea0e3"},
		{}
	},
};
