// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File block mapping ioctls (fs/ioctl.c, iomap) on ext4 with 4 KiB
 * blocks:
 * - FIGETBSZ gives the block size (st_blksize);
 * - FS_IOC_FIEMAP of an empty file maps no extent; of a file with one
 *   block one extent at 0, one block long, flagged FIEMAP_EXTENT_LAST;
 *   of blocks 0, 2 and 4 with holes between three extents at those
 *   offsets, the last one flagged LAST; with fm_extent_count 0 it only
 *   counts them;
 * - an unknown fm_flags bit is EBADR and fm_flags comes back holding
 *   just that bit; fm_extent_count above FIEMAP_MAX_EXTENTS and
 *   fm_length 0 are EINVAL; an unmapped argument is EFAULT;
 * - FIBMAP maps a written block to a non-zero device block and a hole
 *   to 0; a negative block is EINVAL; without CAP_SYS_RAWIO it is EPERM.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <linux/fs.h>
#include <linux/fiemap.h>
#include "tst_test.h"
#include "as_nobody.h"

#define MNT "mnt"
#define BS 4096
#define MAX_EXT 8
/* include/linux/fiemap.h, not exported to user space */
#define FIEMAP_MAX_EXTENTS (UINT32_MAX / sizeof(struct fiemap_extent))

static struct fiemap *fm;
static void *unmapped;
static int sparse_fd = -1;

static int fiemap(int fd, unsigned int count)
{
	memset(fm, 0, sizeof(*fm) + MAX_EXT * sizeof(struct fiemap_extent));
	fm->fm_length = FIEMAP_MAX_OFFSET;
	fm->fm_flags = FIEMAP_FLAG_SYNC;
	fm->fm_extent_count = count;
	return ioctl(fd, FS_IOC_FIEMAP, fm);
}

static int make_file(const char *path, const int *blocks, int n)
{
	char buf[BS];
	int fd = SAFE_OPEN(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	int i;

	memset(buf, 'x', sizeof(buf));
	for (i = 0; i < n; i++)
		SAFE_PWRITE(1, fd, buf, BS, (off_t)blocks[i] * BS);
	SAFE_FSYNC(fd);
	return fd;
}

static void check_extents(int fd, const int *blocks, int n, const char *what)
{
	unsigned int i;
	int ok = 1;

	TST_EXP_PASS(fiemap(fd, MAX_EXT), "FS_IOC_FIEMAP %s", what);
	TST_EXP_EQ_LI(fm->fm_mapped_extents, n);
	if ((int)fm->fm_mapped_extents != n)
		return;
	for (i = 0; i < fm->fm_mapped_extents; i++) {
		struct fiemap_extent *e = &fm->fm_extents[i];
		int last = i == fm->fm_mapped_extents - 1;

		if (e->fe_logical != (unsigned long long)blocks[i] * BS ||
		    e->fe_length != BS || !e->fe_physical ||
		    !!(e->fe_flags & FIEMAP_EXTENT_LAST) != last) {
			tst_res(TFAIL, "%s extent %u: logical %llu length %llu "
				"physical %llu flags 0x%x", what, i,
				e->fe_logical, e->fe_length, e->fe_physical,
				e->fe_flags);
			ok = 0;
		}
	}
	if (ok)
		tst_res(TPASS, "%s: %d extents at the written blocks", what, n);
}

static void fibmap_unprivileged(void)
{
	int block = 0;

	TST_EXP_FAIL(ioctl(sparse_fd, FIBMAP, &block), EPERM,
		     "FIBMAP as nobody");
}

static void run(void)
{
	static const int one[] = { 0 }, sparse[] = { 0, 2, 4 };
	int empty_fd = make_file(MNT "/empty", NULL, 0);
	int one_fd = make_file(MNT "/one", one, 1);
	int bsz = 0, block;
	struct stat st;

	sparse_fd = make_file(MNT "/sparse", sparse, 3);

	SAFE_FSTAT(one_fd, &st);
	TST_EXP_PASS(ioctl(one_fd, FIGETBSZ, &bsz), "FIGETBSZ");
	TST_EXP_EQ_LI(bsz, st.st_blksize);
	TST_EXP_EQ_LI(bsz, BS);

	check_extents(empty_fd, NULL, 0, "empty file");
	check_extents(one_fd, one, 1, "one block");
	check_extents(sparse_fd, sparse, 3, "blocks 0, 2, 4");
	TST_EXP_PASS(fiemap(sparse_fd, 0), "FS_IOC_FIEMAP fm_extent_count 0");
	TST_EXP_EQ_LI(fm->fm_mapped_extents, 3);

	fiemap(sparse_fd, MAX_EXT);
	fm->fm_flags = 0x40000000;
	TST_EXP_FAIL(ioctl(sparse_fd, FS_IOC_FIEMAP, fm), EBADR,
		     "FS_IOC_FIEMAP unknown flag 0x40000000");
	TST_EXP_EQ_LU(fm->fm_flags, 0x40000000);
	fiemap(sparse_fd, MAX_EXT);
	fm->fm_extent_count = FIEMAP_MAX_EXTENTS + 1;
	TST_EXP_FAIL(ioctl(sparse_fd, FS_IOC_FIEMAP, fm), EINVAL,
		     "FS_IOC_FIEMAP fm_extent_count FIEMAP_MAX_EXTENTS + 1");
	fiemap(sparse_fd, MAX_EXT);
	fm->fm_length = 0;
	TST_EXP_FAIL(ioctl(sparse_fd, FS_IOC_FIEMAP, fm), EINVAL,
		     "FS_IOC_FIEMAP fm_length 0");
	TST_EXP_FAIL(ioctl(sparse_fd, FS_IOC_FIEMAP, unmapped), EFAULT,
		     "FS_IOC_FIEMAP unmapped argument");

	block = 2;
	TST_EXP_PASS(ioctl(sparse_fd, FIBMAP, &block), "FIBMAP written block 2");
	if (block > 0)
		tst_res(TPASS, "block 2 is at device block %d", block);
	else
		tst_res(TFAIL, "FIBMAP of written block 2 gave %d", block);
	block = 1;
	TST_EXP_PASS(ioctl(sparse_fd, FIBMAP, &block), "FIBMAP hole block 1");
	TST_EXP_EQ_LI(block, 0);
	block = -1;
	TST_EXP_FAIL(ioctl(sparse_fd, FIBMAP, &block), EINVAL, "FIBMAP block -1");
	run_in_nobody_child(fibmap_unprivileged, "the EPERM check");

	SAFE_CLOSE(empty_fd);
	SAFE_CLOSE(one_fd);
	SAFE_CLOSE(sparse_fd);
}

static void setup(void)
{
	fm = SAFE_MALLOC(sizeof(*fm) + MAX_EXT * sizeof(struct fiemap_extent));
	unmapped = SAFE_MMAP(NULL, 4096, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, 4096);
}

static void cleanup(void)
{
	if (sparse_fd >= 0)
		SAFE_CLOSE(sparse_fd);
	free(fm);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.dev_fs_opts = (const char *const []) {"-b", "4096", NULL},
};
