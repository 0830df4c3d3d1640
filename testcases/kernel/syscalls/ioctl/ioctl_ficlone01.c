// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * FICLONE, FICLONERANGE and FIDEDUPERANGE (fs/ioctl.c, fs/remap_range.c)
 * on btrfs, which shares extents:
 * - FICLONE makes the destination read the source's data, and FIEMAP
 *   marks the extents of both FIEMAP_EXTENT_SHARED; writing the clone
 *   leaves the source unchanged (copy on write);
 * - FICLONERANGE clones one block-aligned range to another offset;
 *   unaligned offsets, an unaligned length short of EOF, a source offset
 *   at EOF and an overlapping range within one file are EINVAL;
 * - a source not open for reading, a destination open read-only or with
 *   O_APPEND, and a closed source fd are EBADF; a directory source or
 *   destination is EISDIR; an immutable destination is EPERM;
 * - between two filesystems FICLONE and FICLONERANGE are EXDEV either
 *   way; on tmpfs, which cannot share extents, EOPNOTSUPP;
 * - FIDEDUPERANGE of equal ranges reports FILE_DEDUPE_RANGE_SAME and
 *   the bytes deduplicated, and shares them; of different data
 *   FILE_DEDUPE_RANGE_DIFFERS (also for whole 3-byte files); a length
 *   of -1 and a non-zero reserved field are EINVAL.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <linux/fs.h>
#include <linux/fiemap.h>
#include "tst_test.h"

#define MNT "mnt"
#define TMPFS "tmpfs"
#define BLK 65536
#define NBLK 4

static char *data;
static int tmpfs_mounted;

/* A file of NBLK blocks, block i filled with seed + i, fsynced. */
static int make_file(const char *path, int seed)
{
	int fd = SAFE_OPEN(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	int i;

	for (i = 0; i < NBLK; i++)
		memset(data + i * BLK, seed + i, BLK);
	SAFE_WRITE(1, fd, data, NBLK * BLK);
	SAFE_FSYNC(fd);
	return fd;
}

static int reads_as(int fd, off_t off, size_t len, int seed_at_off)
{
	char *buf = SAFE_MALLOC(len);
	size_t i;
	int ok = 1;

	SAFE_PREAD(1, fd, buf, len, off);
	for (i = 0; i < len; i++) {
		if (buf[i] != (char)(seed_at_off + i / BLK)) {
			ok = 0;
			break;
		}
	}
	free(buf);
	return ok;
}

/* 1 when every extent FIEMAP reports for the first len bytes is shared. */
static int all_shared(int fd, size_t len)
{
	struct fiemap *fm = SAFE_MALLOC(sizeof(*fm) +
					64 * sizeof(struct fiemap_extent));
	unsigned int i;
	int shared = 1;

	memset(fm, 0, sizeof(*fm));
	fm->fm_length = len;
	fm->fm_flags = FIEMAP_FLAG_SYNC;
	fm->fm_extent_count = 64;
	if (ioctl(fd, FS_IOC_FIEMAP, fm))
		tst_brk(TBROK | TERRNO, "FS_IOC_FIEMAP");
	if (!fm->fm_mapped_extents)
		shared = 0;
	for (i = 0; i < fm->fm_mapped_extents; i++) {
		if (!(fm->fm_extents[i].fe_flags & FIEMAP_EXTENT_SHARED))
			shared = 0;
	}
	free(fm);
	return shared;
}

static void check(int cond, const char *what)
{
	tst_res(cond ? TPASS : TFAIL, "%s", what);
}

static void clone_whole(void)
{
	int src = make_file(MNT "/src", 'a');
	int dst = SAFE_OPEN(MNT "/dst", O_RDWR | O_CREAT | O_TRUNC, 0600);

	TST_EXP_PASS(ioctl(dst, FICLONE, src), "FICLONE");
	check(reads_as(dst, 0, NBLK * BLK, 'a'), "the clone reads the source's data");
	check(all_shared(src, NBLK * BLK), "FIEMAP: the source's extents are shared");
	check(all_shared(dst, NBLK * BLK), "FIEMAP: the clone's extents are shared");
	SAFE_PWRITE(1, dst, "zzzz", 4, 0);
	check(reads_as(src, 0, NBLK * BLK, 'a'),
	      "a write to the clone leaves the source as it was");
	SAFE_CLOSE(src);
	SAFE_CLOSE(dst);
}

static void clone_range(void)
{
	int src = make_file(MNT "/src", 'a');
	int dst = make_file(MNT "/dst", 'k');
	struct file_clone_range r = {
		.src_fd = src, .src_offset = BLK, .src_length = 2 * BLK,
		.dest_offset = 0,
	};

	TST_EXP_PASS(ioctl(dst, FICLONERANGE, &r), "FICLONERANGE 2 blocks");
	check(reads_as(dst, 0, 2 * BLK, 'a' + 1),
	      "the cloned range reads the source's blocks 1 and 2");
	check(reads_as(dst, 2 * BLK, 2 * BLK, 'k' + 2),
	      "the rest of the destination is unchanged");

	r.src_offset = 1000;
	TST_EXP_FAIL(ioctl(dst, FICLONERANGE, &r), EINVAL,
		     "FICLONERANGE unaligned src_offset");
	r.src_offset = 0;
	r.dest_offset = 1000;
	TST_EXP_FAIL(ioctl(dst, FICLONERANGE, &r), EINVAL,
		     "FICLONERANGE unaligned dest_offset");
	r.dest_offset = 0;
	r.src_length = BLK + 1000;
	TST_EXP_FAIL(ioctl(dst, FICLONERANGE, &r), EINVAL,
		     "FICLONERANGE unaligned length short of EOF");
	r.src_offset = NBLK * BLK;
	r.src_length = BLK;
	TST_EXP_FAIL(ioctl(dst, FICLONERANGE, &r), EINVAL,
		     "FICLONERANGE src_offset at EOF");
	r.src_fd = dst;
	r.src_offset = 0;
	r.src_length = 2 * BLK;
	r.dest_offset = BLK;
	TST_EXP_FAIL(ioctl(dst, FICLONERANGE, &r), EINVAL,
		     "FICLONERANGE overlapping ranges in one file");
	SAFE_CLOSE(src);
	SAFE_CLOSE(dst);
}

static int immutable_fd = -1;

static void set_flags(int fd, int flags)
{
	if (ioctl(fd, FS_IOC_SETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_SETFLAGS 0x%x", flags);
}

static void immutable(int src)
{
	int flags = 0;

	immutable_fd = SAFE_OPEN(MNT "/immutable", O_RDWR | O_CREAT, 0600);
	if (ioctl(immutable_fd, FS_IOC_GETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_GETFLAGS");
	set_flags(immutable_fd, flags | FS_IMMUTABLE_FL);
	TST_EXP_FAIL(ioctl(immutable_fd, FICLONE, src), EPERM,
		     "FICLONE into an immutable file");
	set_flags(immutable_fd, flags);
	SAFE_CLOSE(immutable_fd);
}

static void bad_fds(void)
{
	int src = make_file(MNT "/src", 'a');
	int src_wr = SAFE_OPEN(MNT "/src", O_WRONLY);
	int dst_ro = SAFE_OPEN(MNT "/dst", O_RDONLY);
	int dst_app = SAFE_OPEN(MNT "/dst", O_WRONLY | O_APPEND);
	int dst = SAFE_OPEN(MNT "/dst", O_WRONLY);
	int dir = SAFE_OPEN(MNT, O_RDONLY | O_DIRECTORY);
	int tmpfs_src = SAFE_OPEN(TMPFS "/src", O_RDWR | O_CREAT, 0600);
	int tmpfs_dst = SAFE_OPEN(TMPFS "/dst", O_RDWR | O_CREAT, 0600);
	struct file_clone_range r = { .src_length = BLK };
	SAFE_WRITE(1, tmpfs_src, data, BLK);
	TST_EXP_FAIL(ioctl(dst, FICLONE, src_wr), EBADF,
		     "FICLONE from a source open O_WRONLY");
	TST_EXP_FAIL(ioctl(dst_ro, FICLONE, src), EBADF,
		     "FICLONE into a destination open O_RDONLY");
	TST_EXP_FAIL(ioctl(dst_app, FICLONE, src), EBADF,
		     "FICLONE into a destination open O_APPEND");
	TST_EXP_FAIL(ioctl(dst, FICLONE, 1000), EBADF,
		     "FICLONE from a closed fd");
	TST_EXP_FAIL(ioctl(dst, FICLONE, dir), EISDIR,
		     "FICLONE from a directory");
	TST_EXP_FAIL(ioctl(dir, FICLONE, src), EISDIR,
		     "FICLONE into a directory");
	TST_EXP_FAIL(ioctl(dst, FICLONE, tmpfs_src), EXDEV,
		     "FICLONE from another filesystem");
	TST_EXP_FAIL(ioctl(tmpfs_dst, FICLONE, src), EXDEV,
		     "FICLONE into another filesystem");
	r.src_fd = tmpfs_src;
	TST_EXP_FAIL(ioctl(dst, FICLONERANGE, &r), EXDEV,
		     "FICLONERANGE from another filesystem");
	TST_EXP_FAIL(ioctl(tmpfs_dst, FICLONE, tmpfs_src), EOPNOTSUPP,
		     "FICLONE on tmpfs");
	TST_EXP_FAIL(ioctl(tmpfs_dst, FICLONERANGE, &r), EOPNOTSUPP,
		     "FICLONERANGE on tmpfs");
	immutable(src);
	SAFE_CLOSE(src);
	SAFE_CLOSE(src_wr);
	SAFE_CLOSE(dst_ro);
	SAFE_CLOSE(dst_app);
	SAFE_CLOSE(dst);
	SAFE_CLOSE(dir);
	SAFE_CLOSE(tmpfs_src);
	SAFE_CLOSE(tmpfs_dst);
}

/* Whole 3-byte files: unaligned lengths are fine when they end at EOF. */
static void small_files(struct file_dedupe_range *r)
{
	int a = SAFE_OPEN(MNT "/small_a", O_RDWR | O_CREAT | O_TRUNC, 0600);
	int b = SAFE_OPEN(MNT "/small_b", O_RDWR | O_CREAT | O_TRUNC, 0600);
	int c = SAFE_OPEN(MNT "/small_c", O_RDWR | O_CREAT | O_TRUNC, 0600);

	SAFE_WRITE(1, a, "AAA", 3);
	SAFE_WRITE(1, b, "AAA", 3);
	SAFE_WRITE(1, c, "AAB", 3);
	r->src_length = 3;
	r->info[0].dest_fd = b;
	r->info[1].dest_fd = c;
	TST_EXP_PASS(ioctl(a, FIDEDUPERANGE, r), "FIDEDUPERANGE 3-byte files");
	TST_EXP_EQ_LI(r->info[0].status, FILE_DEDUPE_RANGE_SAME);
	TST_EXP_EQ_LI(r->info[0].bytes_deduped, 3);
	TST_EXP_EQ_LI(r->info[1].status, FILE_DEDUPE_RANGE_DIFFERS);
	TST_EXP_EQ_LI(r->info[1].bytes_deduped, 0);
	SAFE_CLOSE(a);
	SAFE_CLOSE(b);
	SAFE_CLOSE(c);
}

static void dedupe(void)
{
	int src = make_file(MNT "/src", 'a');
	int same = make_file(MNT "/same", 'a');
	int other = make_file(MNT "/other", 'k');
	struct file_dedupe_range *r = SAFE_MALLOC(sizeof(*r) +
					2 * sizeof(struct file_dedupe_range_info));

	memset(r, 0, sizeof(*r) + 2 * sizeof(struct file_dedupe_range_info));
	r->src_length = NBLK * BLK;
	r->dest_count = 2;
	r->info[0].dest_fd = same;
	r->info[1].dest_fd = other;
	TST_EXP_PASS(ioctl(src, FIDEDUPERANGE, r), "FIDEDUPERANGE");
	TST_EXP_EQ_LI(r->info[0].status, FILE_DEDUPE_RANGE_SAME);
	TST_EXP_EQ_LI(r->info[0].bytes_deduped, NBLK * BLK);
	TST_EXP_EQ_LI(r->info[1].status, FILE_DEDUPE_RANGE_DIFFERS);
	TST_EXP_EQ_LI(r->info[1].bytes_deduped, 0);
	check(all_shared(same, NBLK * BLK),
	      "FIEMAP: the deduplicated file's extents are shared");
	check(reads_as(other, 0, NBLK * BLK, 'k'),
	      "the differing file is unchanged");
	r->src_length = -1ULL;
	TST_EXP_FAIL(ioctl(src, FIDEDUPERANGE, r), EINVAL,
		     "FIDEDUPERANGE src_length -1");
	r->src_length = NBLK * BLK;
	r->reserved1 = 1;
	TST_EXP_FAIL(ioctl(src, FIDEDUPERANGE, r), EINVAL,
		     "FIDEDUPERANGE reserved1 != 0");
	r->reserved1 = 0;
	small_files(r);
	free(r);
	SAFE_CLOSE(src);
	SAFE_CLOSE(same);
	SAFE_CLOSE(other);
}

static void run(void)
{
	clone_whole();
	clone_range();
	bad_fds();
	dedupe();
}

static void setup(void)
{
	data = SAFE_MALLOC(NBLK * BLK);
	SAFE_MKDIR(TMPFS, 0700);
	SAFE_MOUNT("tmpfs", TMPFS, "tmpfs", 0, NULL);
	tmpfs_mounted = 1;
}

static void cleanup(void)
{
	int flags = 0;

	if (immutable_fd >= 0) {
		ioctl(immutable_fd, FS_IOC_SETFLAGS, &flags);
		SAFE_CLOSE(immutable_fd);
	}
	if (tmpfs_mounted)
		SAFE_UMOUNT(TMPFS);
	free(data);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "btrfs",
	.needs_fs_type = "btrfs",
};
