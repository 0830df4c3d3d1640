// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * swapon() beyond MAX_SWAPFILES is EPERM. The kernel has 32 swap types,
 * less those its swap entries spend on other things (mm/swapfile.c
 * alloc_swap_info(), include/linux/swap.h): 4 for device private memory
 * (CONFIG_DEVICE_PRIVATE), 3 for migration (CONFIG_MIGRATION), 1 for
 * hwpoison (CONFIG_MEMORY_FAILURE), 1 for PTE markers (CONFIG_PTE_MARKER)
 * and 1 for swapin errors. With the swaps already active (/proc/swaps)
 * counted, the test turns on swap files until swapon() fails:
 * - the failure is EPERM, and comes exactly at MAX_SWAPFILES active swaps
 *   when the kernel config is readable;
 * - a type freed by swapoff() is used again: swapon() of the file just
 *   turned off succeeds, and a further file is EPERM again;
 * - swapoff() of each file works and /proc/swaps is as before.
 * Syscalls: swapon, swapoff
 */
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include "swapfile.h"

#define NFILES 33	/* more than the 32 types can hold */

static char paths[NFILES][PATH_MAX + 16];
static int active[NFILES];

static int count_swaps(void)
{
	char line[4096];
	int n = -1;	/* the header line */
	FILE *f = fopen("/proc/swaps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/swaps)");
	while (fgets(line, sizeof(line), f))
		n++;
	fclose(f);
	return n;
}

/* MAX_SWAPFILES of the running kernel's config, -1 when unreadable. */
static int expected_max(void)
{
	static const struct {
		const char *opt;
		int types;
	} spent[] = {
		{ "CONFIG_DEVICE_PRIVATE=y", 4 },
		{ "CONFIG_MIGRATION=y", 3 },
		{ "CONFIG_MEMORY_FAILURE=y", 1 },
		{ "CONFIG_PTE_MARKER=y", 1 },
	};
	int max = 32 - 1, ret;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(spent); i++) {
		ret = tst_kconfig_check(spent[i].opt);
		if (ret < 0)
			return -1;
		if (ret)
			max -= spent[i].types;
	}
	return max;
}

static void swapoff_all(int report)
{
	int i, bad = 0;

	for (i = 0; i < NFILES; i++) {
		if (!active[i])
			continue;
		if (sys_swapoff(paths[i])) {
			tst_res(report ? TFAIL | TERRNO : TWARN | TERRNO,
				"swapoff(%s)", paths[i]);
			bad = 1;
		}
		active[i] = 0;
	}
	if (report && !bad)
		tst_res(TPASS, "swapoff() of every file worked");
}

static void run(void)
{
	int existing = count_swaps(), max = expected_max(), n, last;

	tst_res(TINFO, "%d swaps active before, MAX_SWAPFILES %d from the "
		"kernel config", existing, max);
	for (n = 0; n < NFILES; n++) {
		if (sys_swapon(paths[n], 0))
			break;
		active[n] = 1;
	}
	if (n == NFILES) {
		tst_res(TFAIL, "swapon() of %d more files all worked", NFILES);
		swapoff_all(0);
		return;
	}
	if (errno != EPERM) {
		tst_res(TFAIL | TERRNO, "swapon() with %d swaps active failed, "
			"expected EPERM", existing + n);
		swapoff_all(0);
		return;
	}
	tst_res(TPASS, "swapon() with %d swaps active is EPERM",
		existing + n);
	if (max >= 0)
		TST_EXP_EQ_LI(existing + n, max);
	TST_EXP_EQ_LI(count_swaps(), existing + n);
	if (!n) {
		tst_res(TFAIL, "no swap file could be turned on");
		return;
	}

	last = n - 1;
	if (sys_swapoff(paths[last]))
		tst_brk(TBROK | TERRNO, "swapoff(%s)", paths[last]);
	active[last] = 0;
	TST_EXP_PASS(sys_swapon(paths[last], 0), "swapon() into the type "
		     "swapoff() freed");
	if (TST_PASS)
		active[last] = 1;
	TST_EXP_FAIL(sys_swapon(paths[n], 0), EPERM, "swapon() of another "
		     "file with all types used again");
	if (!TST_RET)
		active[n] = 1;

	swapoff_all(1);
	TST_EXP_EQ_LI(count_swaps(), existing);
}

static void setup(void)
{
	char dir[PATH_MAX];
	int i;

	if (!realpath(tst_tmpdir_path, dir))
		tst_brk(TBROK | TERRNO, "realpath(%s)", tst_tmpdir_path);
	for (i = 0; i < NFILES; i++) {
		snprintf(paths[i], sizeof(paths[i]), "%s/swap%02d", dir, i);
		make_swapfile(paths[i], 1);
	}
}

static void cleanup(void)
{
	swapoff_all(0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.exclusive = 1,
};
