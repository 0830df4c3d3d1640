// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Address space layout randomisation, /proc/sys/kernel/randomize_va_space
 * (saved and restored): a helper execve()d several times reports where
 * its stack, a fresh anonymous mapping, its heap (brk) and its vDSO are.
 *  - 2 (full): each of the four takes at least two different values over
 *    the runs (all equal by chance: probability far below 2^-40);
 *  - 1: stack, mmap base and vDSO still differ across runs (the heap
 *    of a PIE helper moves with its load address: not checked);
 *  - 0: all four are the same in every run;
 *  - 2, but the child set personality(ADDR_NO_RANDOMIZE) before exec:
 *    all four the same in every run (setarch -R).
 * A kernel that ignores the sysctl, or randomises nothing, fails.
 */
#include <sys/personality.h>
#include "tst_test.h"
#include "sec_exec.h"

#define RUNS	6
#define HELPER	"./aslr_helper"
#define SYSCTL	"/proc/sys/kernel/randomize_va_space"

static const char *const names[] = {"stack", "mmap", "heap", "vdso"};

static void no_randomize(void *arg)
{
	(void)arg;
	if (personality(ADDR_NO_RANDOMIZE) < 0)
		tst_brk(TBROK | TERRNO, "personality(ADDR_NO_RANDOMIZE)");
}

/* bit i of differ: must differ; of equal: must all be equal */
static void sample(const char *what, int value, int norand,
		   unsigned int differ, unsigned int equal)
{
	unsigned long a[RUNS][4];
	char line[256];
	int r, i;

	SAFE_FILE_PRINTF(SYSCTL, "%d", value);
	for (r = 0; r < RUNS; r++) {
		if (sec_run(HELPER, "addr", norand ? no_randomize : NULL,
			    NULL, line, sizeof(line)) ||
		    sscanf(line, "%lx %lx %lx %lx", &a[r][0], &a[r][1],
			   &a[r][2], &a[r][3]) != 4)
			tst_brk(TBROK, "helper run %d printed '%s'", r, line);
	}
	for (i = 0; i < 4; i++) {
		int distinct = 0;

		if (!((differ | equal) & (1 << i)))
			continue;	/* either is right */
		for (r = 1; r < RUNS; r++)
			if (a[r][i] != a[0][i])
				distinct = 1;
		if (distinct == !!(differ & (1 << i)))
			tst_res(TPASS, "%s: %s addresses %s over %d execs "
				"(first %#lx)", what, names[i],
				distinct ? "differ" : "are equal", RUNS,
				a[0][i]);
		else
			tst_res(TFAIL, "%s: %s addresses %s over %d execs "
				"(%#lx, %#lx, ...)", what, names[i],
				distinct ? "differ" : "are all equal", RUNS,
				a[0][i], a[1][i]);
	}
}

static void run(void)
{
	sample("randomize_va_space 2", 2, 0, 0xf, 0);
	/* heap: brk follows the randomised load address of a PIE helper */
	sample("randomize_va_space 1", 1, 0, 0x1 | 0x2 | 0x8, 0);
	sample("randomize_va_space 0", 0, 0, 0, 0xf);
	sample("randomize_va_space 2, ADDR_NO_RANDOMIZE", 2, 1, 0, 0xf);
}

static void setup(void)
{
	sec_copy_helper(HELPER, 0755);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ SYSCTL, NULL, 0 },
		{ NULL, NULL, 0 }
	},
};
