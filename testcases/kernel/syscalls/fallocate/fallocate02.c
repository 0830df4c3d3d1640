// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fallocate(2) modes that change existing data, on a file of three 64 KiB
 * chunks "A", "B", "C" (64 KiB is a multiple of any block size):
 * - FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE over the middle chunk: it
 *   reads zeros, A and C are intact, the size is unchanged and st_blocks
 *   drops (the blocks are freed);
 * - FALLOC_FL_ZERO_RANGE over the middle chunk: zeros, size unchanged;
 * - FALLOC_FL_COLLAPSE_RANGE of the middle chunk: C moves down to 64K,
 *   the size shrinks by 64K;
 * - FALLOC_FL_INSERT_RANGE at 64K: a 64K hole of zeros appears, C moves
 *   up, the size grows by 64K.
 * A filesystem that documents it lacks a mode answers EOPNOTSUPP (a
 * pass; the modes after it are skipped, it lacks them too): vfat and
 * exfat every mode, ext2, ext3 (block-mapped files) and tmpfs ZERO_RANGE
 * and the two shifts, btrfs the two shifts. EOPNOTSUPP anywhere else
 * fails (fs_lacks()). ntfs3 (ntfs_fallocate()) has COLLAPSE_RANGE, which
 * is checked like everywhere, but on a file that is neither sparse nor
 * compressed (ours: the matrix mounts it without "sparse") PUNCH_HOLE and
 * INSERT_RANGE are EOPNOTSUPP, and ZERO_RANGE always is: each of these is
 * asserted as EOPNOTSUPP with A, B, C and the size left as they were.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <linux/falloc.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "fs_matrix.h"

#define FILE_NAME "fallocate02_file"
#define CHUNK (64 * 1024)

static char buf[3 * CHUNK];
static int fd = -1;

static void setup(void)
{
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static void fill_abc(void)
{
	SAFE_FTRUNCATE(fd, 0);
	memset(buf, 'A', CHUNK);
	memset(buf + CHUNK, 'B', CHUNK);
	memset(buf + 2 * CHUNK, 'C', CHUNK);
	SAFE_PWRITE(1, fd, buf, 3 * CHUNK, 0);
	SAFE_FSYNC(fd);
}

static int all_of(const char *p, char c, size_t len)
{
	while (len--) {
		if (*p++ != c)
			return 0;
	}
	return 1;
}

/*
 * lacking: the filesystems that document EOPNOTSUPP for this mode (6.1);
 * each mode's list holds the previous one's, so fs_lacks() ending the
 * test there skips only modes that filesystem lacks too.
 */
#define LACK_PUNCH "vfat exfat"
#define LACK_ZERO LACK_PUNCH " ext2 ext3 tmpfs"
#define LACK_SHIFT LACK_ZERO " btrfs"

/* ntfs3 refuses this mode on our plain file: exactly EOPNOTSUPP, no change */
static void ntfs3_refuses(int mode, off_t off, off_t len, const char *name)
{
	struct stat st;

	TST_EXP_FAIL(fallocate(fd, mode, off, len), EOPNOTSUPP,
		     "ntfs3, file not sparse: fallocate(%s)", name);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 3 * CHUNK);
	SAFE_PREAD(1, fd, buf, 3 * CHUNK, 0);
	TST_EXP_EXPR(all_of(buf, 'A', CHUNK) &&
		     all_of(buf + CHUNK, 'B', CHUNK) &&
		     all_of(buf + 2 * CHUNK, 'C', CHUNK),
		     "A, B, C unchanged after the refused %s", name);
}

static int try_mode(int mode, off_t off, off_t len, const char *name,
		    const char *lacking)
{
	if (fs_is("ntfs3") && !(mode & FALLOC_FL_COLLAPSE_RANGE)) {
		ntfs3_refuses(mode, off, len, name);
		return 0;
	}
	TEST(fallocate(fd, mode, off, len));
	if (TST_RET == -1 && TST_ERR == EOPNOTSUPP)
		fs_lacks(lacking, name, TST_ERR);
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "fallocate(%s, %ld, %ld) failed",
			name, (long)off, (long)len);
		return 0;
	}
	tst_res(TPASS, "fallocate(%s, %ld, %ld) passed", name, (long)off,
		(long)len);
	return 1;
}

static void check_punch_hole(void)
{
	struct stat before, after;

	fill_abc();
	SAFE_FSTAT(fd, &before);
	if (!try_mode(FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, CHUNK,
		      CHUNK, "PUNCH_HOLE | KEEP_SIZE", LACK_PUNCH))
		return;
	SAFE_FSTAT(fd, &after);
	SAFE_PREAD(1, fd, buf, 3 * CHUNK, 0);
	TST_EXP_EXPR(all_of(buf, 'A', CHUNK) && all_of(buf + CHUNK, 0, CHUNK) &&
		     all_of(buf + 2 * CHUNK, 'C', CHUNK),
		     "A, zeros, C read back");
	TST_EXP_EQ_LI(after.st_size, 3 * CHUNK);
	TST_EXP_EXPR(before.st_blocks - after.st_blocks >= CHUNK / 512,
		     "st_blocks dropped by 64K: %ld -> %ld",
		     (long)before.st_blocks, (long)after.st_blocks);
}

static void check_zero_range(void)
{
	struct stat st;

	fill_abc();
	if (!try_mode(FALLOC_FL_ZERO_RANGE, CHUNK, CHUNK, "ZERO_RANGE",
		      LACK_ZERO))
		return;
	SAFE_FSTAT(fd, &st);
	SAFE_PREAD(1, fd, buf, 3 * CHUNK, 0);
	TST_EXP_EXPR(all_of(buf, 'A', CHUNK) && all_of(buf + CHUNK, 0, CHUNK) &&
		     all_of(buf + 2 * CHUNK, 'C', CHUNK),
		     "A, zeros, C read back");
	TST_EXP_EQ_LI(st.st_size, 3 * CHUNK);
}

static void check_collapse_range(void)
{
	struct stat st;

	fill_abc();
	if (!try_mode(FALLOC_FL_COLLAPSE_RANGE, CHUNK, CHUNK,
		      "COLLAPSE_RANGE", LACK_SHIFT))
		return;
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 2 * CHUNK);
	SAFE_PREAD(1, fd, buf, 2 * CHUNK, 0);
	TST_EXP_EXPR(all_of(buf, 'A', CHUNK) && all_of(buf + CHUNK, 'C', CHUNK),
		     "A, C read back");
}

static void check_insert_range(void)
{
	struct stat st;

	fill_abc();
	if (!try_mode(FALLOC_FL_INSERT_RANGE, CHUNK, CHUNK, "INSERT_RANGE",
		      LACK_SHIFT))
		return;
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 4 * CHUNK);
	SAFE_PREAD(1, fd, buf, 3 * CHUNK, 0);
	TST_EXP_EXPR(all_of(buf, 'A', CHUNK) && all_of(buf + CHUNK, 0, CHUNK) &&
		     all_of(buf + 2 * CHUNK, 'B', CHUNK),
		     "A, zeros, B read back");
	SAFE_PREAD(1, fd, buf, CHUNK, 3 * CHUNK);
	TST_EXP_EXPR(all_of(buf, 'C', CHUNK), "C moved to 192K");
}

static void run(unsigned int n)
{
	void (*const checks[])(void) = {
		check_punch_hole, check_zero_range, check_collapse_range,
		check_insert_range,
	};

	checks[n]();
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
};
