// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fallocate(2) edges fallocate01-05 leave out, on an ext4 of its own,
 * each error with its exact errno and the file (size, bytes, st_blocks)
 * unchanged afterwards:
 * 0: the mode is checked before the descriptor: COLLAPSE_RANGE or
 *    INSERT_RANGE with KEEP_SIZE, COLLAPSE | INSERT, COLLAPSE |
 *    ZERO_RANGE, INSERT | ZERO_RANGE, UNSHARE_RANGE | ZERO_RANGE and
 *    UNSHARE_RANGE | PUNCH_HOLE | KEEP_SIZE fail alike on an O_RDONLY and
 *    an O_RDWR descriptor: EINVAL before 6.12 (vfs_fallocate() of 6.1:
 *    "only used exclusively"), EOPNOTSUPP from 6.12 (its switch over
 *    FALLOC_FL_MODE_MASK); PUNCH_HOLE without KEEP_SIZE and len 0 fail
 *    the same (EOPNOTSUPP, EINVAL) on the O_RDONLY descriptor, while a
 *    valid mode there is EBADF (UNSHARE_RANGE | KEEP_SIZE, which ext4
 *    does not do: EOPNOTSUPP on the O_RDWR one);
 * 1: ext4's own range rules for the shifting modes (man 2 fallocate):
 *    COLLAPSE_RANGE and INSERT_RANGE with an offset or a length that is
 *    not a multiple of the block size: EINVAL; COLLAPSE_RANGE reaching or
 *    passing the end of the file: EINVAL; INSERT_RANGE at or past the
 *    end: EINVAL; INSERT_RANGE that would push the size past the largest
 *    file ext4 allows (s_maxbytes, found with ftruncate()) while offset +
 *    len stays below it: EFBIG. Then a valid COLLAPSE_RANGE of block 1
 *    works on the same descriptor (blocks 0, 2, 3 remain);
 * 2: an append-only file (FS_APPEND_FL): PUNCH_HOLE, ZERO_RANGE (with and
 *    without KEEP_SIZE), COLLAPSE_RANGE and INSERT_RANGE: EPERM; plain
 *    allocation is allowed: mode 0 past the end grows the size, KEEP_SIZE
 *    grows st_blocks and not the size;
 * 3: an immutable file (FS_IMMUTABLE_FL), through a descriptor opened
 *    for writing before the flag was set: mode 0, KEEP_SIZE and
 *    PUNCH_HOLE | KEEP_SIZE: EPERM.
 * Would catch: a mode check moved after the fd check or dropped (a
 * combination reaching the filesystem), ext4 collapsing or inserting at
 * unaligned or out-of-file ranges (data shifted wrongly, the seed 007
 * ext4 kind), an append-only or immutable file changed by fallocate.
 * Syscalls: fallocate, ioctl (FS_IOC_SETFLAGS)
 */
#include <fcntl.h>
#include <linux/falloc.h>
#include <limits.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include "tst_test.h"

#define MNT "mntpoint"
#define FILE_PATH MNT "/fallocate06_file"
#define NBLK 4

static long bs;
static char *pattern, *buf;
static int flagged_fd = -1;

static void make_file(void)
{
	int fd = SAFE_OPEN(FILE_PATH, O_RDWR | O_CREAT | O_TRUNC, 0644);

	SAFE_WRITE(1, fd, pattern, NBLK * bs);
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
}

static void check_unchanged(int fd, blkcnt_t blocks, const char *what)
{
	struct stat st;

	SAFE_FSTAT(fd, &st);
	if (st.st_size != NBLK * bs || (blocks && st.st_blocks != blocks)) {
		tst_res(TFAIL, "after %s: size %lld blocks %lld, expected "
			"%lld and %lld", what, (long long)st.st_size,
			(long long)st.st_blocks, (long long)NBLK * bs,
			(long long)blocks);
		return;
	}
	SAFE_PREAD(1, fd, buf, NBLK * bs, 0);
	if (memcmp(buf, pattern, NBLK * bs))
		tst_res(TFAIL, "after %s: the file's bytes changed", what);
	else
		tst_res(TPASS, "after %s: the file is unchanged", what);
}

static void set_flags(int fd, int flags)
{
	if (ioctl(fd, FS_IOC_SETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_SETFLAGS 0x%x", flags);
}

static int get_flags(int fd)
{
	int flags;

	if (ioctl(fd, FS_IOC_GETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_GETFLAGS");
	return flags;
}

static void clear_flags(void)
{
	if (flagged_fd < 0)
		return;
	set_flags(flagged_fd, get_flags(flagged_fd) &
		  ~(FS_APPEND_FL | FS_IMMUTABLE_FL));
	SAFE_CLOSE(flagged_fd);
}

static void mode_order(void)
{
	static const struct {
		int mode;
		const char *name;
	} bad[] = {
		{ FALLOC_FL_COLLAPSE_RANGE | FALLOC_FL_KEEP_SIZE,
		  "COLLAPSE_RANGE | KEEP_SIZE" },
		{ FALLOC_FL_INSERT_RANGE | FALLOC_FL_KEEP_SIZE,
		  "INSERT_RANGE | KEEP_SIZE" },
		{ FALLOC_FL_COLLAPSE_RANGE | FALLOC_FL_INSERT_RANGE,
		  "COLLAPSE_RANGE | INSERT_RANGE" },
		{ FALLOC_FL_COLLAPSE_RANGE | FALLOC_FL_ZERO_RANGE,
		  "COLLAPSE_RANGE | ZERO_RANGE" },
		{ FALLOC_FL_INSERT_RANGE | FALLOC_FL_ZERO_RANGE,
		  "INSERT_RANGE | ZERO_RANGE" },
		{ FALLOC_FL_UNSHARE_RANGE | FALLOC_FL_ZERO_RANGE,
		  "UNSHARE_RANGE | ZERO_RANGE" },
		{ FALLOC_FL_UNSHARE_RANGE | FALLOC_FL_PUNCH_HOLE |
		  FALLOC_FL_KEEP_SIZE, "UNSHARE_RANGE | PUNCH_HOLE | KEEP_SIZE" },
	};
	int exp = tst_kvercmp(6, 12, 0) >= 0 ? EOPNOTSUPP : EINVAL;
	int rd, rw;
	unsigned int i;
	struct stat st;

	make_file();
	rd = SAFE_OPEN(FILE_PATH, O_RDONLY);
	rw = SAFE_OPEN(FILE_PATH, O_RDWR);
	SAFE_FSTAT(rw, &st);

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		TST_EXP_FAIL(fallocate(rd, bad[i].mode, bs, bs), exp,
			     "%s on an O_RDONLY fd", bad[i].name);
		TST_EXP_FAIL(fallocate(rw, bad[i].mode, bs, bs), exp,
			     "%s on an O_RDWR fd", bad[i].name);
	}
	TST_EXP_FAIL(fallocate(rd, FALLOC_FL_PUNCH_HOLE, bs, bs), EOPNOTSUPP,
		     "PUNCH_HOLE without KEEP_SIZE on an O_RDONLY fd");
	TST_EXP_FAIL(fallocate(rd, 0, bs, 0), EINVAL,
		     "len 0 on an O_RDONLY fd");
	TST_EXP_FAIL(fallocate(rd, FALLOC_FL_UNSHARE_RANGE |
			       FALLOC_FL_KEEP_SIZE, bs, bs), EBADF,
		     "UNSHARE_RANGE | KEEP_SIZE on an O_RDONLY fd");
	TST_EXP_FAIL(fallocate(rw, FALLOC_FL_UNSHARE_RANGE |
			       FALLOC_FL_KEEP_SIZE, bs, bs), EOPNOTSUPP,
		     "UNSHARE_RANGE | KEEP_SIZE on ext4");
	TST_EXP_FAIL(fallocate(rd, 0, bs, bs), EBADF,
		     "mode 0 on an O_RDONLY fd");
	check_unchanged(rw, st.st_blocks, "the refused modes");
	SAFE_CLOSE(rd);
	SAFE_CLOSE(rw);
}

/* The largest size ftruncate() accepts: the filesystem's s_maxbytes. */
static loff_t max_file_size(void)
{
	int fd = SAFE_OPEN(MNT "/fallocate06_probe", O_RDWR | O_CREAT, 0644);
	loff_t lo = 0, hi = LLONG_MAX, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2 + 1;
		if (!ftruncate(fd, mid))
			lo = mid;
		else if (errno == EFBIG || errno == EINVAL)
			hi = mid - 1;
		else
			tst_brk(TBROK | TERRNO, "ftruncate(%lld)",
				(long long)mid);
	}
	SAFE_CLOSE(fd);
	SAFE_UNLINK(MNT "/fallocate06_probe");
	return lo;
}

static void shift_ranges(void)
{
	loff_t maxbytes = max_file_size();
	loff_t big = maxbytes / bs * bs;
	struct stat st;
	int fd;

	tst_res(TINFO, "block size %ld, s_maxbytes %lld", bs,
		(long long)maxbytes);
	make_file();
	fd = SAFE_OPEN(FILE_PATH, O_RDWR);
	SAFE_FSTAT(fd, &st);

	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, bs / 2, bs),
		     EINVAL, "COLLAPSE_RANGE at half a block");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, bs, bs + 512),
		     EINVAL, "COLLAPSE_RANGE of a block + 512");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, 2 * bs, 2 * bs),
		     EINVAL, "COLLAPSE_RANGE ending at the end of the file");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, 3 * bs, 2 * bs),
		     EINVAL, "COLLAPSE_RANGE across the end of the file");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, 8 * bs, bs),
		     EINVAL, "COLLAPSE_RANGE past the end of the file");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_INSERT_RANGE, bs / 2, bs),
		     EINVAL, "INSERT_RANGE at half a block");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_INSERT_RANGE, bs, 512),
		     EINVAL, "INSERT_RANGE of 512 bytes");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_INSERT_RANGE, NBLK * bs, bs),
		     EINVAL, "INSERT_RANGE at the end of the file");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_INSERT_RANGE, 8 * bs, bs),
		     EINVAL, "INSERT_RANGE past the end of the file");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_INSERT_RANGE, 0, big), EFBIG,
		     "INSERT_RANGE of %lld bytes (the size would pass "
		     "s_maxbytes)", (long long)big);
	check_unchanged(fd, st.st_blocks, "the refused ranges");

	TST_EXP_PASS(fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, bs, bs),
		     "COLLAPSE_RANGE of block 1");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, (NBLK - 1) * bs);
	SAFE_PREAD(1, fd, buf, (NBLK - 1) * bs, 0);
	TST_EXP_EXPR(!memcmp(buf, pattern, bs) &&
		     !memcmp(buf + bs, pattern + 2 * bs, 2 * bs),
		     "blocks 0, 2 and 3 remain, in order");
	SAFE_CLOSE(fd);
}

static void append_only(void)
{
	static const struct {
		int mode;
		const char *name;
	} refused[] = {
		{ FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
		  "PUNCH_HOLE | KEEP_SIZE" },
		{ FALLOC_FL_ZERO_RANGE, "ZERO_RANGE" },
		{ FALLOC_FL_ZERO_RANGE | FALLOC_FL_KEEP_SIZE,
		  "ZERO_RANGE | KEEP_SIZE" },
		{ FALLOC_FL_COLLAPSE_RANGE, "COLLAPSE_RANGE" },
		{ FALLOC_FL_INSERT_RANGE, "INSERT_RANGE" },
	};
	struct stat st;
	blkcnt_t blocks;
	unsigned int i;
	int fd;

	make_file();
	flagged_fd = SAFE_OPEN(FILE_PATH, O_RDONLY);
	set_flags(flagged_fd, get_flags(flagged_fd) | FS_APPEND_FL);
	fd = SAFE_OPEN(FILE_PATH, O_WRONLY | O_APPEND);
	SAFE_FSTAT(fd, &st);

	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		TST_EXP_FAIL(fallocate(fd, refused[i].mode, bs, bs), EPERM,
			     "%s on an append-only file", refused[i].name);
	}
	check_unchanged(flagged_fd, st.st_blocks, "the refused modes");

	TST_EXP_PASS(fallocate(fd, 0, NBLK * bs, 2 * bs),
		     "mode 0 past the end of an append-only file");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, (NBLK + 2) * bs);
	blocks = st.st_blocks;
	TST_EXP_PASS(fallocate(fd, FALLOC_FL_KEEP_SIZE, (NBLK + 2) * bs,
			       2 * bs),
		     "KEEP_SIZE past the end of an append-only file");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, (NBLK + 2) * bs);
	TST_EXP_EXPR(st.st_blocks >= blocks + 2 * bs / 512,
		     "st_blocks grew by the 2 blocks (%lld -> %lld)",
		     (long long)blocks, (long long)st.st_blocks);
	SAFE_CLOSE(fd);
	clear_flags();
}

static void immutable(void)
{
	struct stat st;
	int fd;

	make_file();
	fd = SAFE_OPEN(FILE_PATH, O_RDWR);
	flagged_fd = SAFE_OPEN(FILE_PATH, O_RDONLY);
	set_flags(flagged_fd, get_flags(flagged_fd) | FS_IMMUTABLE_FL);
	SAFE_FSTAT(fd, &st);

	TST_EXP_FAIL(fallocate(fd, 0, NBLK * bs, bs), EPERM,
		     "mode 0 on an immutable file");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_KEEP_SIZE, NBLK * bs, bs), EPERM,
		     "KEEP_SIZE on an immutable file");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
			       0, bs), EPERM,
		     "PUNCH_HOLE | KEEP_SIZE on an immutable file");
	check_unchanged(fd, st.st_blocks, "the refused calls");
	SAFE_CLOSE(fd);
	clear_flags();
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		mode_order();
		break;
	case 1:
		shift_ranges();
		break;
	case 2:
		append_only();
		break;
	case 3:
		immutable();
		break;
	}
}

static void setup(void)
{
	struct stat st;
	int i;

	SAFE_STAT(MNT, &st);
	bs = st.st_blksize;
	pattern = SAFE_MALLOC(NBLK * bs);
	buf = SAFE_MALLOC(NBLK * bs);
	for (i = 0; i < NBLK * bs; i++)
		pattern[i] = 'A' + (i / bs) * 5 + i % 5;
}

static void cleanup(void)
{
	clear_flags();
	free(pattern);
	free(buf);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
};
