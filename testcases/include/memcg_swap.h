/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The memory controller for the test's child cgroups with swap accounting
 * (memory.swap.max, TCONF without it), and a swap file of the test's own
 * in its tmpdir, on at the highest priority; memcg_swap_cleanup() turns
 * the file off if the test left it on (swap_on) and removes the cgroups.
 */
#ifndef MEMCG_SWAP_H
#define MEMCG_SWAP_H

#include "swapfile.h"
#include "cgroup2.h"

static char swapfile[PATH_MAX + 16];
static int swap_on;

static inline void memcg_swap_setup(long mb)
{
	static const char *const ctrls[] = {"memory", NULL};
	char path[PATH_MAX];

	cg_setup(ctrls, 1);
	cg_path(path, sizeof(path), "", "memory.swap.max");
	if (access(path, F_OK))
		tst_brk(TCONF, "no memory.swap.max (swap accounting off)");
	swap_tmp_on(swapfile, sizeof(swapfile), "swapfile", mb);
	swap_on = 1;
}

static inline void memcg_swap_cleanup(void)
{
	cg_cleanup();
	if (swap_on && sys_swapoff(swapfile))
		tst_res(TWARN | TERRNO, "swapoff(%s)", swapfile);
}

#endif /* MEMCG_SWAP_H */
