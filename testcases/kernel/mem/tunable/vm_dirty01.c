// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vm.dirty_* sysctls (mm/page-writeback.c; all saved and restored):
 *
 * - dirty_bytes and dirty_ratio exclude each other: writing one reads
 *   the other back as 0; the same for dirty_background_bytes and
 *   dirty_background_ratio.
 * - Ranges: dirty_bytes below two pages, dirty_background_bytes 0,
 *   dirty_ratio and dirty_background_ratio 101 or -1 fail with EINVAL;
 *   dirty_bytes of 2^32 pages fails with ERANGE and leaves the old value
 *   (the limits are kept in 32 bits of pages); two pages is accepted.
 * - The thresholds /proc/vmstat reports (global_dirty_limits()):
 *   nr_dirty_threshold is dirty_bytes in pages rounded up,
 *   nr_dirty_background_threshold dirty_background_bytes in pages, or half
 *   the dirty threshold when the background one is not below it; with
 *   ratios 40 and 10 the first is four times the second (same available
 *   memory), within rounding.
 * - Background writeback follows dirty_background_bytes: with periodic
 *   writeback off (dirty_writeback_centisecs 0, dirty_expire_centisecs a
 *   hour) and the thresholds at 256 and 128 MiB, 16 MiB written to a file
 *   on the disk stay dirty (Dirty in /proc/meminfo); once the thresholds
 *   are 8 MiB and 1 MiB and the writer dirties 1 MiB more, the flusher
 *   cleans the file down to the background threshold without any sync
 *   (Dirty + Writeback fall to 2 MiB or less, bounded wait), so that a
 *   later fdatasync() writes at most 2 MiB (nr_written), and the data
 *   reads back intact after the clean pages are dropped.
 */
#include <stdlib.h>
#include <sys/statfs.h>
#include <sys/mman.h>
#include "tst_test.h"

#define VM "/proc/sys/vm/"
#define MIB (1024L * 1024)
#define TMPFS_MAGIC_ 0x01021994

static long save_ratio, save_bytes, save_bg_ratio, save_bg_bytes;
static int saved;
static long pg;
static char *buf;

static long get(const char *knob)
{
	char path[128];
	long val;

	snprintf(path, sizeof(path), VM "%s", knob);
	if (!tst_file_read_long(path, &val))
		tst_brk(TBROK, "cannot read %s", path);
	return val;
}

static void set(const char *knob, long val)
{
	char path[128];

	snprintf(path, sizeof(path), VM "%s", knob);
	SAFE_FILE_PRINTF(path, "%ld", val);
}

/* Write str to the knob; the errno of the write, or 0. */
static int try_set(const char *knob, const char *str)
{
	char path[128];
	int fd, err;

	snprintf(path, sizeof(path), VM "%s", knob);
	fd = SAFE_OPEN(path, O_WRONLY);
	err = write(fd, str, strlen(str)) < 0 ? errno : 0;
	SAFE_CLOSE(fd);
	return err;
}

static void expect_err(const char *knob, const char *str, int exp)
{
	int err = try_set(knob, str);

	TST_EXP_EXPR(err == exp, "%s %s: %s (expected %s)", knob, str,
		     err ? tst_strerrno(err) : "accepted", tst_strerrno(exp));
}

static void exclusive(void)
{
	set("dirty_bytes", 8 * MIB);
	TST_EXP_EQ_LI(get("dirty_bytes"), 8 * MIB);
	TST_EXP_EQ_LI(get("dirty_ratio"), 0);
	set("dirty_ratio", 30);
	TST_EXP_EQ_LI(get("dirty_bytes"), 0);
	TST_EXP_EQ_LI(get("dirty_ratio"), 30);

	set("dirty_background_bytes", 3 * MIB);
	TST_EXP_EQ_LI(get("dirty_background_bytes"), 3 * MIB);
	TST_EXP_EQ_LI(get("dirty_background_ratio"), 0);
	set("dirty_background_ratio", 7);
	TST_EXP_EQ_LI(get("dirty_background_bytes"), 0);
	TST_EXP_EQ_LI(get("dirty_background_ratio"), 7);
}

static void ranges(void)
{
	char str[64];

	set("dirty_bytes", 8 * MIB);
	snprintf(str, sizeof(str), "%ld", 2 * pg - 1);
	expect_err("dirty_bytes", str, EINVAL);
	snprintf(str, sizeof(str), "%ld", pg << 32);
	expect_err("dirty_bytes", str, ERANGE);
	TST_EXP_EQ_LI(get("dirty_bytes"), 8 * MIB);
	snprintf(str, sizeof(str), "%ld", 2 * pg);
	expect_err("dirty_bytes", str, 0);
	TST_EXP_EQ_LI(get("dirty_bytes"), 2 * pg);
	expect_err("dirty_background_bytes", "0", EINVAL);
	expect_err("dirty_ratio", "101", EINVAL);
	expect_err("dirty_ratio", "-1", EINVAL);
	expect_err("dirty_background_ratio", "101", EINVAL);
	expect_err("dirty_background_ratio", "-1", EINVAL);
}

static void thresholds(void)
{
	long t, bg, r = 40 * pg / 100, rb = 10 * pg / 100;

	set("dirty_bytes", 8 * MIB + 1);
	set("dirty_background_bytes", MIB);
	TST_EXP_EQ_LI(tst_read_vmstat("nr_dirty_threshold"),
		      8 * MIB / pg + 1);
	TST_EXP_EQ_LI(tst_read_vmstat("nr_dirty_background_threshold"),
		      MIB / pg);
	set("dirty_background_bytes", 8 * MIB + 1);
	TST_EXP_EQ_LI(tst_read_vmstat("nr_dirty_background_threshold"),
		      (8 * MIB / pg + 1) / 2);

	set("dirty_ratio", 40);
	set("dirty_background_ratio", 10);
	t = tst_read_vmstat("nr_dirty_threshold");
	bg = tst_read_vmstat("nr_dirty_background_threshold");
	/*
	 * t = floor(r * A / P), bg = floor(b * A / P) with r and b the ratios
	 * in parts of a page (40 * P / 100 and 10 * P / 100, rounded down) and
	 * A the available pages: t * b - bg * r lies in (-b, r).
	 */
	TST_EXP_EXPR(t > 0 && t * rb - bg * r > -rb && t * rb - bg * r < r,
		     "ratios 40 and 10: thresholds %ld and %ld pages", t, bg);
}

static long dirty_kb(void)
{
	return tst_read_meminfo("Dirty:") + tst_read_meminfo("Writeback:");
}

static void background(void)
{
	long d, written, i, resident = 0;
	long long deadline;
	unsigned char *vec;
	char *m;
	int fd;

	set("dirty_bytes", 256 * MIB);
	set("dirty_background_bytes", 128 * MIB);
	fd = SAFE_OPEN("dirty", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FSYNC(fd);
	for (i = 0; i < 16; i++) {
		memset(buf, 'a' + i, MIB);
		SAFE_WRITE(1, fd, buf, MIB);
	}
	d = dirty_kb();
	TST_EXP_EXPR(d >= 15 * 1024, "16 MiB written under thresholds of "
		     "256/128 MiB stay dirty (Dirty+Writeback %ld kB)", d);

	set("dirty_bytes", 8 * MIB);
	set("dirty_background_bytes", MIB);
	memset(buf, 'q', MIB);
	SAFE_WRITE(1, fd, buf, MIB);

	deadline = tst_mono_ms() + 30000 * tst_timeout_mul();
	while ((d = dirty_kb()) > 2048 && tst_mono_ms() < deadline)
		usleep(10000);
	TST_EXP_EXPR(d <= 2048, "with dirty_background_bytes 1 MiB the "
		     "flusher cleaned down to %ld kB of Dirty+Writeback", d);

	written = tst_read_vmstat("nr_written");
	if (fdatasync(fd))
		tst_brk(TBROK | TERRNO, "fdatasync()");
	written = tst_read_vmstat("nr_written") - written;
	TST_EXP_EXPR(written <= 2 * MIB / pg, "fdatasync() had %ld pages "
		     "left to write (of %ld)", written, 17 * MIB / pg);

	if (posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED))
		tst_brk(TBROK, "posix_fadvise(DONTNEED)");
	m = SAFE_MMAP(NULL, 17 * MIB, PROT_READ, MAP_SHARED, fd, 0);
	vec = SAFE_MALLOC(17 * MIB / pg);
	if (mincore(m, 17 * MIB, vec))
		tst_brk(TBROK | TERRNO, "mincore()");
	for (i = 0; i < 17 * MIB / pg; i++)
		resident += vec[i] & 1;
	tst_res(TINFO, "%ld pages still cached after POSIX_FADV_DONTNEED",
		resident);
	for (i = 0; i < 17; i++) {
		if (m[i * MIB] != (i < 16 ? 'a' + i : 'q') ||
		    m[i * MIB + MIB - 1] != (i < 16 ? 'a' + i : 'q'))
			break;
	}
	TST_EXP_EXPR(i == 17, "the file reads back intact (first bad MiB: "
		     "%ld)", i);
	SAFE_MUNMAP(m, 17 * MIB);
	free(vec);
	SAFE_CLOSE(fd);
	SAFE_UNLINK("dirty");
}

static void run(void)
{
	exclusive();
	ranges();
	thresholds();
	background();
}

static void setup(void)
{
	struct statfs sf;

	pg = getpagesize();
	if (statfs(".", &sf))
		tst_brk(TBROK | TERRNO, "statfs(.)");
	if (sf.f_type == TMPFS_MAGIC_)
		tst_brk(TCONF, "TMPDIR is on tmpfs: no dirty page accounting");
	buf = SAFE_MALLOC(MIB);
	save_ratio = get("dirty_ratio");
	save_bytes = get("dirty_bytes");
	save_bg_ratio = get("dirty_background_ratio");
	save_bg_bytes = get("dirty_background_bytes");
	saved = 1;
}

static void cleanup(void)
{
	if (!saved)
		return;
	/* the one of each pair that was set; writing it clears the other */
	if (save_bytes)
		set("dirty_bytes", save_bytes);
	else
		set("dirty_ratio", save_ratio);
	if (save_bg_bytes)
		set("dirty_background_bytes", save_bg_bytes);
	else
		set("dirty_background_ratio", save_bg_ratio);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.exclusive = 1,
	.save_restore = (const struct tst_path_val[]) {
		{VM "dirty_writeback_centisecs", "0", 0},
		{VM "dirty_expire_centisecs", "360000", 0},
		{NULL, NULL, 0}
	},
};
