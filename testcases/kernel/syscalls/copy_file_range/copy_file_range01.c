// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * copy_file_range(2) copies a range of one file into another:
 * - with offset pointers: the data lands at *off_out, both offsets
 *   advance by the count, both file positions stay 0;
 * - without them: the file positions are used and advanced;
 * - within one file, to a range that does not overlap the source;
 * - a 1 MiB copy (more than one page, so a kernel that copies only the
 *   first page or the wrong pages is caught) is byte-exact;
 * - asking past the end copies what there is, at the end it returns 0,
 *   and len 0 returns 0.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <stdlib.h>
#include <string.h>
#include "tst_test.h"

#define BIG (1024 * 1024)

static int in, out;
static unsigned char *pattern, *buf;

static void offsets(void)
{
	loff_t off_in = 100, off_out = 5000;

	SAFE_FTRUNCATE(out, 0);
	TST_EXP_VAL(copy_file_range(in, &off_in, out, &off_out, 300, 0), 300,
		    "copy_file_range(in at 100, out at 5000, 300)");
	TST_EXP_EXPR(off_in == 400 && off_out == 5300, "offsets advanced to "
		     "%lld and %lld", (long long)off_in, (long long)off_out);
	TST_EXP_EXPR(SAFE_LSEEK(in, 0, SEEK_CUR) == 0 &&
		     SAFE_LSEEK(out, 0, SEEK_CUR) == 0,
		     "the file positions stayed 0");
	SAFE_PREAD(1, out, buf, 300, 5000);
	TST_EXP_EXPR(!memcmp(buf, pattern + 100, 300), "bytes 5000..5299 are "
		     "the input's 100..399");
}

static void positions(void)
{
	SAFE_FTRUNCATE(out, 0);
	SAFE_LSEEK(in, 10, SEEK_SET);
	SAFE_LSEEK(out, 20, SEEK_SET);
	TST_EXP_VAL(copy_file_range(in, NULL, out, NULL, 50, 0), 50,
		    "copy_file_range(positions 10 -> 20, 50)");
	TST_EXP_EXPR(SAFE_LSEEK(in, 0, SEEK_CUR) == 60 &&
		     SAFE_LSEEK(out, 0, SEEK_CUR) == 70,
		     "the file positions advanced by 50");
	SAFE_PREAD(1, out, buf, 50, 20);
	TST_EXP_EXPR(!memcmp(buf, pattern + 10, 50), "bytes 20..69 are the "
		     "input's 10..59");
	SAFE_LSEEK(in, 0, SEEK_SET);
	SAFE_LSEEK(out, 0, SEEK_SET);
}

static void same_file(void)
{
	loff_t off_in = 0, off_out = BIG;

	TST_EXP_VAL(copy_file_range(in, &off_in, in, &off_out, 4096, 0), 4096,
		    "copy_file_range(same file, 0 -> %d, 4096)", BIG);
	SAFE_PREAD(1, in, buf, 4096, BIG);
	TST_EXP_EXPR(!memcmp(buf, pattern, 4096), "the file's tail is a copy "
		     "of its head");
	SAFE_FTRUNCATE(in, BIG);
}

static void whole(void)
{
	loff_t off_in = 0, off_out = 0;

	SAFE_FTRUNCATE(out, 0);
	TST_EXP_VAL(copy_file_range(in, &off_in, out, &off_out, 2 * BIG, 0),
		    BIG, "copy_file_range(1 MiB file, asking for 2 MiB)");
	SAFE_PREAD(1, out, buf, BIG, 0);
	TST_EXP_EXPR(!memcmp(buf, pattern, BIG), "the 1 MiB copy is exact");
	TST_EXP_VAL(copy_file_range(in, &off_in, out, &off_out, 10, 0), 0,
		    "copy_file_range() at the end of the input");
	off_in = 0;
	TST_EXP_VAL(copy_file_range(in, &off_in, out, &off_out, 0, 0), 0,
		    "copy_file_range(len 0)");
}

static void (*const cases[])(void) = {
	offsets,
	positions,
	same_file,
	whole,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	int i;

	pattern = SAFE_MALLOC(BIG);
	buf = SAFE_MALLOC(BIG);
	srandom(42);
	for (i = 0; i < BIG; i++)
		pattern[i] = random();
	in = SAFE_OPEN("copy_file_range01_in", O_RDWR | O_CREAT | O_TRUNC,
		       0644);
	SAFE_WRITE(1, in, pattern, BIG);
	SAFE_LSEEK(in, 0, SEEK_SET);
	out = SAFE_OPEN("copy_file_range01_out", O_RDWR | O_CREAT | O_TRUNC,
			0644);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
};
