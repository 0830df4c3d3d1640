/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where a thread's stack lies: the /proc/self/maps entry holding an
 * address and the entry that ends exactly where it starts (a guard
 * area, if the implementation made one), as seen from inside the
 * thread. Guard size tests compare the two.
 */
#ifndef PTS_STACKMAP_H
#define PTS_STACKMAP_H

#include <stdio.h>

struct pts_vma {
	unsigned long lo, hi;
	char perms[8];
};

/* the mapping holding addr, and the one ending exactly at its start */
static inline int pts_find_vma(unsigned long addr, struct pts_vma *in,
			       struct pts_vma *below)
{
	char line[512];
	struct pts_vma v;
	FILE *f = fopen("/proc/self/maps", "r");
	int found = 0;

	if (!f)
		return -1;
	below->lo = below->hi = 0;
	below->perms[0] = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %7s", &v.lo, &v.hi, v.perms) != 3)
			continue;
		if (v.lo <= addr && addr < v.hi) {
			*in = v;
			found = 1;
		}
	}
	rewind(f);
	while (found && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %7s", &v.lo, &v.hi, v.perms) != 3)
			continue;
		if (v.hi == in->lo)
			*below = v;
	}
	fclose(f);
	return found ? 0 : -1;
}

/*
 * A thread body: v[0] the mapping of its stack (zeroed if none holds
 * it), v[1] the one right below.
 */
static void *pts_stack_vmas(void *arg)
{
	volatile char local = 0;
	struct pts_vma *v = arg;

	if (pts_find_vma((unsigned long)&local, &v[0], &v[1]))
		v[0].lo = v[0].hi = 0;
	return NULL;
}

#endif /* PTS_STACKMAP_H */
