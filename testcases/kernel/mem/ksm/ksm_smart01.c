// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KSM smart scan (6.7) and the scan-time advisor (6.8); TCONF where
 * /sys/kernel/mm/ksm/smart_scan is missing:
 *  - smart_scan takes the kstrtobool() words: "2" and "x" EINVAL with the
 *    value kept, "y"/"on" read 1, "n"/"off" read 0;
 *  - 64 unique mergeable pages (never merged), scanned with ksmd stopped
 *    (run 0) at both readings, so that every page has been visited
 *    exactly as often as full_scans grew (one batch of pages_to_scan
 *    4000 is one whole scan): with smart_scan 0, pages_skipped grows by
 *    0 and pages_scanned by 64 per scan; with smart_scan 1 the pages,
 *    whose age stayed 0 meanwhile, are skipped on a schedule that
 *    lengthens with the age (never in the first 4 visits, then 1 in 2,
 *    2 in 3, 4 in 5, 8 in 9): pages_skipped grows by exactly 64 x the
 *    skips of that many visits and pages_scanned by the other visits;
 *  - advisor_mode reads "[none] scan-time"; "scan-time" reads
 *    "none [scan-time]" and sets pages_to_scan to advisor_min_pages_to_scan
 *    exactly, and pages_to_scan then refuses writes (EINVAL, value kept);
 *    an unknown word EINVAL (mode kept); advisor_target_scan_time 0
 *    EINVAL; with advisor_max_pages_to_scan 300 (below the minimum of
 *    500) two full scans bring pages_to_scan to at most 300; "none"
 *    gives pages_to_scan the default 100 and takes writes again.
 */

#include <stdlib.h>
#include <string.h>
#include "tst_test.h"
#include "ksm_helpers.h"

#define NPAGES 64

static size_t ps;
static unsigned char *area;

/*
 * Skips of one unmerged page over its first v visits with smart_scan on:
 * the age counts visits; from age 3 on, a visit that is not skipped
 * allows the next 1 (ages 3), 2 (4-5), 4 (6-8) or 8 (older) to be skipped.
 */
static long skips_after(long v)
{
	long age, skips = 0, left = 0;

	for (age = 0; age < v; age++) {
		if (age < 3)
			continue;
		if (left) {
			left--;
			skips++;
			continue;
		}
		left = age <= 3 ? 1 : age <= 5 ? 2 : age <= 8 ? 4 : 8;
	}
	return skips;
}

static void expect_knob(const char *name, const char *want)
{
	char path[128], buf[64];

	snprintf(path, sizeof(path), KSM "%s", name);
	SAFE_FILE_SCANF(path, "%63[^\n]", buf);
	TST_EXP_EXPR(!strcmp(buf, want), "%s reads \"%s\" (expected \"%s\")",
		     name, buf, want);
}

static void expect_einval(const char *name, const char *val)
{
	TST_EXP_FAIL(ksm_write(name, val), EINVAL, "%s <- \"%s\"", name, val);
}

static void smart_scan_words(void)
{
	static const char *const on[] = {"y", "on", "1"};
	static const char *const off[] = {"n", "off", "0"};
	size_t i;

	ksm_set("smart_scan", "0");
	expect_einval("smart_scan", "2");
	expect_einval("smart_scan", "x");
	expect_knob("smart_scan", "0");
	for (i = 0; i < ARRAY_SIZE(on); i++) {
		ksm_set("smart_scan", on[i]);
		expect_knob("smart_scan", "1");
		ksm_set("smart_scan", off[i]);
		expect_knob("smart_scan", "0");
	}
}

/* Let ksmd do at least n full scans, then stop it between two batches. */
static long scans_then_stop(long n)
{
	long f0 = ksm_val("full_scans");

	ksm_set("run", "1");
	ksm_wait_scans(n);
	ksm_set("run", "0");
	return ksm_val("full_scans") - f0;
}

static void skipping(int smart)
{
	long sk0, sc0, scans, sk, sc, want;

	ksm_set("run", "0");
	ksm_set("smart_scan", smart ? "1" : "0");
	sk0 = ksm_val("pages_skipped");
	sc0 = ksm_val_opt("pages_scanned");
	scans = scans_then_stop(smart ? 12 : 6);
	sk = ksm_val("pages_skipped") - sk0;
	sc = ksm_val_opt("pages_scanned") - sc0;
	want = smart ? NPAGES * skips_after(scans) : 0;
	TST_EXP_EXPR(sk == want, "smart_scan %d, %ld full scans: "
		     "pages_skipped +%ld (expected +%ld)", smart, scans, sk,
		     want);
	if (sc0 < 0)
		return;
	TST_EXP_EXPR(sc == NPAGES * scans - want, "smart_scan %d: "
		     "pages_scanned +%ld (expected +%ld)", smart, sc,
		     NPAGES * scans - want);
}

static void advisor(void)
{
	long min, pts;

	if (access(KSM "advisor_mode", F_OK)) {
		tst_res(TCONF, "no advisor_mode (added in 6.8)");
		return;
	}
	ksm_set("advisor_mode", "none");
	expect_knob("advisor_mode", "[none] scan-time");
	ksm_set("pages_to_scan", "4000");

	min = ksm_val("advisor_min_pages_to_scan");
	ksm_set("advisor_max_pages_to_scan", "300");
	ksm_set("advisor_mode", "scan-time");
	expect_knob("advisor_mode", "none [scan-time]");
	TST_EXP_EQ_LI(ksm_val("pages_to_scan"), min);
	expect_einval("pages_to_scan", "4000");
	TST_EXP_EQ_LI(ksm_val("pages_to_scan"), min);
	expect_einval("advisor_mode", "scan_time");
	expect_knob("advisor_mode", "none [scan-time]");
	expect_einval("advisor_target_scan_time", "0");
	expect_einval("advisor_max_cpu", "-1");

	ksm_set("smart_scan", "0");
	scans_then_stop(2);
	pts = ksm_val("pages_to_scan");
	TST_EXP_EXPR(pts >= 1 && pts <= 300, "after 2 advised scans "
		     "pages_to_scan %ld is within advisor_max_pages_to_scan "
		     "300", pts);

	ksm_set("advisor_mode", "none");
	expect_knob("advisor_mode", "[none] scan-time");
	TST_EXP_EQ_LI(ksm_val("pages_to_scan"), 100);
	TST_EXP_PASS(ksm_write("pages_to_scan", "4000"),
		     "pages_to_scan writable again");
	TST_EXP_EQ_LI(ksm_val("pages_to_scan"), 4000);
}

/*
 * Fresh rmap items (age 0) every iteration: run 2 frees all of them, and
 * ksmd stays stopped until the pages are registered.
 */
static void map_area(void)
{
	size_t i;

	ksm_set("run", "2");
	ksm_set("run", "0");
	area = SAFE_MMAP(NULL, NPAGES * ps, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/* no two pages alike: nothing to merge, ever */
	for (i = 0; i < NPAGES * ps; i++)
		area[i] = (i * 31 + i / ps * 7 + 1) % 251;
	if (madvise(area, NPAGES * ps, MADV_MERGEABLE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_MERGEABLE)");
}

static void run(void)
{
	map_area();
	smart_scan_words();
	skipping(0);
	skipping(1);
	advisor();
	SAFE_MUNMAP(area, NPAGES * ps);
	ksm_set("run", "1");
}

static void setup(void)
{
	if (access(KSM "smart_scan", F_OK))
		tst_brk(TCONF, "no " KSM "smart_scan (added in 6.7)");
	ps = getpagesize();
}

static void cleanup(void)
{
	/* pages_to_scan (restored after this) takes writes only then */
	if (!access(KSM "advisor_mode", F_OK))
		ksm_write("advisor_mode", "none");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.save_restore = (const struct tst_path_val[]) {
		KSM_SAVE_RESTORE,
		{KSM "advisor_max_pages_to_scan", NULL, TST_SR_SKIP_MISSING},
		{KSM "advisor_target_scan_time", NULL, TST_SR_SKIP_MISSING},
		{KSM "advisor_max_cpu", NULL, TST_SR_SKIP_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_KSM", NULL
	},
};
