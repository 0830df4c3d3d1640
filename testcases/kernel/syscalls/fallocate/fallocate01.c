// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fallocate(2) mode 0 and FALLOC_FL_KEEP_SIZE allocate space:
 * - mode 0 on an empty file: st_size becomes offset + len, st_blocks
 *   covers len, and the range reads back zeros;
 * - mode 0 over existing data keeps the data, and does not shrink;
 * - mode 0 past the end at an offset extends the size to offset + len;
 * - FALLOC_FL_KEEP_SIZE past the end allocates blocks (st_blocks grows)
 *   but leaves st_size alone.
 * A filesystem without fallocate support (EOPNOTSUPP) is TCONF.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <linux/falloc.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "fsmeta.h"

#define FILE_NAME "fallocate01_file"
#define CHUNK (64 * 1024)

static char buf[CHUNK];
static int fd = -1;

static void setup(void)
{
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
	/* ext2/ext3 (block-mapped files) and exFAT have no fallocate() */
	if (fallocate(fd, 0, 0, 1) && errno == EOPNOTSUPP)
		fs_lacks("ext2 ext3 exfat", "fallocate()", errno);
	else if (fs_is("ext2 ext3 exfat"))
		tst_res(TFAIL, "%s: fallocate() did not fail with EOPNOTSUPP",
			tst_fs_type);
	SAFE_FTRUNCATE(fd, 0);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static int all_zero(const char *p, size_t len)
{
	while (len--) {
		if (*p++)
			return 0;
	}
	return 1;
}

static void check_mode0(void)
{
	struct stat st;

	SAFE_FTRUNCATE(fd, 0);
	TST_EXP_PASS(fallocate(fd, 0, 0, CHUNK), "fallocate(fd, 0, 0, 64K)");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, CHUNK);
	TST_EXP_EXPR(st.st_blocks * 512 >= CHUNK,
		     "%ld blocks of 512 cover 64K", (long)st.st_blocks);
	memset(buf, 'x', sizeof(buf));
	SAFE_PREAD(1, fd, buf, CHUNK, 0);
	TST_EXP_EXPR(all_zero(buf, CHUNK), "the allocated range reads zeros");

	SAFE_PWRITE(1, fd, "data", 4, 100);
	TST_EXP_PASS(fallocate(fd, 0, 0, 4096), "fallocate() over data");
	SAFE_PREAD(1, fd, buf, 4, 100);
	TST_EXP_EXPR(!memcmp(buf, "data", 4), "the data is kept");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, CHUNK);

	TST_EXP_PASS(fallocate(fd, 0, 4 * CHUNK, 4096),
		     "fallocate() at 256K past the end");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 4 * CHUNK + 4096);
}

static void check_keep_size(void)
{
	struct stat before, after;

	SAFE_FTRUNCATE(fd, 0);
	SAFE_PWRITE(1, fd, "abc", 3, 0);
	SAFE_FSYNC(fd);
	SAFE_FSTAT(fd, &before);
	TST_EXP_PASS(fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, 4 * CHUNK),
		     "fallocate(FALLOC_FL_KEEP_SIZE, 0, 256K)");
	SAFE_FSTAT(fd, &after);
	TST_EXP_EQ_LI(after.st_size, 3);
	TST_EXP_EXPR(after.st_blocks > before.st_blocks &&
		     after.st_blocks * 512 >= 4 * CHUNK,
		     "st_blocks grew from %ld to %ld (256K)",
		     (long)before.st_blocks, (long)after.st_blocks);
}

static void run(unsigned int n)
{
	if (n == 0)
		check_mode0();
	else
		check_keep_size();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
};
