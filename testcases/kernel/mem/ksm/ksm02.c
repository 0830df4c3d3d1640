// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Process-wide KSM, prctl(PR_SET_MEMORY_MERGE) (6.4; ksmd run 1, fast
 * scanning, the sysfs values saved and restored):
 *  - PR_SET_MEMORY_MERGE with a non-zero arg3..arg5, and
 *    PR_GET_MEMORY_MERGE with a non-zero arg2..arg5, are EINVAL;
 *  - PR_GET_MEMORY_MERGE reads 0, then 1 after PR_SET_MEMORY_MERGE 1;
 *  - without any madvise(), a private anonymous mapping made before the
 *    prctl() and one made after it are both VM_MERGEABLE ("mg" in their
 *    smaps VmFlags), and ksmd merges their 2 x 16 identical pages:
 *    /proc/self/ksm_merging_pages reaches 32, the data unchanged;
 *  - a write to one of them breaks only that page out (copy on write):
 *    after ksmd's rescan ksm_merging_pages reads 31 and the other pages
 *    keep the old contents;
 *  - PR_SET_MEMORY_MERGE 0 unmerges everything: PR_GET_MEMORY_MERGE
 *    reads 0, "mg" is gone from both VmFlags, ksm_merging_pages drops to
 *    0 and every page reads what was last written there.
 * Kernels before 6.4 answer PR_GET_MEMORY_MERGE with EINVAL: TCONF.
 */
#include <stdio.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/prctl.h"

static FILE *open_stream(const char *path, const char *mode)
{
	FILE *f = fopen(path, mode);

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	return f;
}

#define KSM "/sys/kernel/mm/ksm/"
#define HALF 16

static size_t psz;

static long merging(void)
{
	long val;

	if (!tst_file_read_long("/proc/self/ksm_merging_pages", &val))
		tst_brk(TBROK, "cannot read /proc/self/ksm_merging_pages");
	return val;
}

/* Bounded wait for ksm_merging_pages to read want; the last value. */
static long wait_merging(long want)
{
	long long deadline = tst_mono_ms() + 60000 * tst_timeout_mul();
	long val;

	while ((val = merging()) != want && tst_mono_ms() < deadline)
		usleep(20000);
	return val;
}

/* Whether the smaps VmFlags of the VMA starting at addr holds "mg". */
static int vma_mergeable(void *addr)
{
	char line[512], flag[8];
	unsigned long start, end;
	int in = 0, found = -1, off, n;
	FILE *f = open_stream("/proc/self/smaps", "r");

	while (found < 0 && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &start, &end) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
			in = start == (unsigned long)addr;
			continue;
		}
		if (!in || strncmp(line, "VmFlags:", 8))
			continue;
		found = 0;
		for (off = 8; sscanf(line + off, "%7s%n", flag, &n) == 1;
		     off += n)
			if (!strcmp(flag, "mg"))
				found = 1;
	}
	fclose(f);
	if (found < 0)
		tst_brk(TBROK, "no VmFlags for the VMA at %p", addr);
	return found;
}

static long check_data(char *a, char *b, char first)
{
	size_t i;

	for (i = 0; i < HALF * psz; i++) {
		if (a[i] != (i ? 0x77 : first))
			return i;
		if (b[i] != 0x77)
			return HALF * psz + i;
	}
	return -1;
}

static void run(void)
{
	char *a, *b;
	long val;

	TST_EXP_FAIL(prctl(PR_SET_MEMORY_MERGE, 1, 1, 0, 0), EINVAL,
		     "PR_SET_MEMORY_MERGE with arg3 1");
	TST_EXP_FAIL(prctl(PR_GET_MEMORY_MERGE, 1, 0, 0, 0), EINVAL,
		     "PR_GET_MEMORY_MERGE with arg2 1");
	TST_EXP_VAL(prctl(PR_GET_MEMORY_MERGE, 0, 0, 0, 0), 0,
		    "PR_GET_MEMORY_MERGE before");

	a = SAFE_MMAP(NULL, HALF * psz, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(a, 0x77, HALF * psz);
	TST_EXP_EXPR(!vma_mergeable(a), "no 'mg' before the prctl()");
	TST_EXP_PASS(prctl(PR_SET_MEMORY_MERGE, 1, 0, 0, 0),
		     "PR_SET_MEMORY_MERGE 1");
	TST_EXP_VAL(prctl(PR_GET_MEMORY_MERGE, 0, 0, 0, 0), 1,
		    "PR_GET_MEMORY_MERGE after setting it");
	b = SAFE_MMAP(NULL, HALF * psz, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(b, 0x77, HALF * psz);
	TST_EXP_EXPR(vma_mergeable(a) && vma_mergeable(b),
		     "'mg' on the older and the newer mapping");

	val = wait_merging(2 * HALF);
	TST_EXP_EXPR(val == 2 * HALF, "ksm_merging_pages %ld, want %d", val,
		     2 * HALF);
	TST_EXP_EXPR(check_data(a, b, 0x77) < 0, "merged data unchanged");

	a[0] = 0x11;
	val = wait_merging(2 * HALF - 1);
	TST_EXP_EXPR(val == 2 * HALF - 1, "after a write ksm_merging_pages "
		     "%ld, want %d", val, 2 * HALF - 1);
	TST_EXP_EXPR(check_data(a, b, 0x11) < 0, "only the written byte "
		     "changed (first bad byte %ld)", check_data(a, b, 0x11));

	TST_EXP_PASS(prctl(PR_SET_MEMORY_MERGE, 0, 0, 0, 0),
		     "PR_SET_MEMORY_MERGE 0");
	TST_EXP_VAL(prctl(PR_GET_MEMORY_MERGE, 0, 0, 0, 0), 0,
		    "PR_GET_MEMORY_MERGE after clearing it");
	TST_EXP_EXPR(!vma_mergeable(a) && !vma_mergeable(b),
		     "'mg' gone from both mappings");
	val = wait_merging(0);
	TST_EXP_EXPR(val == 0, "ksm_merging_pages %ld after unmerging", val);
	TST_EXP_EXPR(check_data(a, b, 0x11) < 0, "data intact after "
		     "unmerging (first bad byte %ld)", check_data(a, b, 0x11));
	SAFE_MUNMAP(a, HALF * psz);
	SAFE_MUNMAP(b, HALF * psz);
}

static void setup(void)
{
	psz = getpagesize();
	if (prctl(PR_GET_MEMORY_MERGE, 0, 0, 0, 0) < 0) {
		if (errno == EINVAL)
			tst_brk(TCONF, "PR_GET_MEMORY_MERGE not in this kernel "
				"(EINVAL; process-wide KSM came in 6.4)");
		tst_brk(TBROK | TERRNO, "prctl(PR_GET_MEMORY_MERGE)");
	}
	if (access("/proc/self/ksm_merging_pages", R_OK))
		tst_brk(TCONF, "no /proc/self/ksm_merging_pages");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 300,
	.save_restore = (const struct tst_path_val[]) {
		{KSM "run", "1", TST_SR_TCONF_MISSING},
		{KSM "sleep_millisecs", "10", TST_SR_TCONF_MISSING},
		{KSM "pages_to_scan", "1000", TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_KSM", NULL
	},
};
