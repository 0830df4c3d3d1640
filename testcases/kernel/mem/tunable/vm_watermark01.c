// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vm.watermark_scale_factor and the zone watermarks in /proc/zoneinfo
 * (mm/page_alloc.c __setup_per_zone_wmarks(); values saved and restored):
 *
 * - With watermark_boost_factor 0 (no boosting) and after each write of
 *   watermark_scale_factor, which recomputes the watermarks and clears
 *   any boost, every zone with managed pages has boost 0 and
 *   low - min = high - low = max(min / 4, managed * factor / 10000)
 *   (the kernel's mult_frac()), exactly: for factor 1 (the min / 4 floor
 *   wins on zones of this size), 10, 300, 3000 (the maximum; set back at
 *   once: its high watermark is 60% of a zone) and 10; also after
 *   min_free_kbytes is doubled (new min, same rule), for factors 10 and 1.
 * - Ranges: watermark_scale_factor 0 and 3001 fail with EINVAL and leave
 *   the watermarks as they were; watermark_boost_factor -1 fails with
 *   EINVAL.
 */
#include "tst_test.h"

#define VM "/proc/sys/vm/"

struct zone_wm {
	long min, low, high, boost, managed;
};

#define MAXZONES 32

static int read_zones(struct zone_wm *z)
{
	char line[256], key[64];
	long val;
	int n = -1;
	FILE *f = fopen("/proc/zoneinfo", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/zoneinfo)");
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Node ", 5)) {
			if (++n >= MAXZONES)
				tst_brk(TBROK, "more than %d zones", MAXZONES);
			memset(&z[n], 0, sizeof(z[n]));
			continue;
		}
		if (n < 0 || sscanf(line, " %63s %ld", key, &val) != 2)
			continue;
		if (!strcmp(key, "min"))
			z[n].min = val;
		else if (!strcmp(key, "low"))
			z[n].low = val;
		else if (!strcmp(key, "high"))
			z[n].high = val;
		else if (!strcmp(key, "boost"))
			z[n].boost = val;
		else if (!strcmp(key, "managed"))
			z[n].managed = val;
	}
	fclose(f);
	return n + 1;
}

static long mult_frac(long x, long num, long den)
{
	return (x / den) * num + ((x % den) * num) / den;
}

static void check(long factor, const char *what)
{
	struct zone_wm z[MAXZONES];
	int n = read_zones(z), i, checked = 0, bad = 0;
	long gap;

	for (i = 0; i < n; i++) {
		if (!z[i].managed)
			continue;
		checked++;
		gap = mult_frac(z[i].managed, factor, 10000);
		if (gap < z[i].min / 4)
			gap = z[i].min / 4;
		if (z[i].boost || z[i].low - z[i].min != gap ||
		    z[i].high - z[i].low != gap) {
			tst_res(TFAIL, "%s: zone %d (managed %ld): boost %ld "
				"min %ld low %ld high %ld, expected gaps of %ld",
				what, i, z[i].managed, z[i].boost, z[i].min,
				z[i].low, z[i].high, gap);
			bad = 1;
		}
	}
	if (!checked)
		tst_brk(TBROK, "no zone with managed pages in /proc/zoneinfo");
	if (!bad)
		tst_res(TPASS, "%s: %d zones, low - min = high - low = "
			"max(min / 4, managed * %ld / 10000)", what, checked,
			factor);
}

static int try_set(const char *path, const char *str)
{
	int fd = SAFE_OPEN(path, O_WRONLY), err;

	err = write(fd, str, strlen(str)) < 0 ? errno : 0;
	SAFE_CLOSE(fd);
	return err;
}

static void run(void)
{
	static const long factors[] = {1, 10, 300, 3000, 10};
	char what[64];
	long mfk;
	unsigned int i;
	int err;

	for (i = 0; i < ARRAY_SIZE(factors); i++) {
		SAFE_FILE_PRINTF(VM "watermark_scale_factor", "%ld",
				 factors[i]);
		snprintf(what, sizeof(what), "watermark_scale_factor %ld",
			 factors[i]);
		check(factors[i], what);
	}

	if (!tst_file_read_long(VM "min_free_kbytes", &mfk))
		tst_brk(TBROK, "cannot read min_free_kbytes");
	SAFE_FILE_PRINTF(VM "min_free_kbytes", "%ld", 2 * mfk);
	check(10, "min_free_kbytes doubled, factor 10");
	SAFE_FILE_PRINTF(VM "watermark_scale_factor", "1");
	check(1, "min_free_kbytes doubled, factor 1");

	err = try_set(VM "watermark_scale_factor", "0");
	TST_EXP_EXPR(err == EINVAL, "watermark_scale_factor 0: %s",
		     err ? tst_strerrno(err) : "accepted");
	err = try_set(VM "watermark_scale_factor", "3001");
	TST_EXP_EXPR(err == EINVAL, "watermark_scale_factor 3001: %s",
		     err ? tst_strerrno(err) : "accepted");
	check(1, "after the refused writes, factor 1");
	err = try_set(VM "watermark_boost_factor", "-1");
	TST_EXP_EXPR(err == EINVAL, "watermark_boost_factor -1: %s",
		     err ? tst_strerrno(err) : "accepted");
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.exclusive = 1,
	.save_restore = (const struct tst_path_val[]) {
		{VM "watermark_boost_factor", "0", 0},
		{VM "watermark_scale_factor", NULL, 0},
		{VM "min_free_kbytes", NULL, 0},
		{NULL, NULL, 0}
	},
};
