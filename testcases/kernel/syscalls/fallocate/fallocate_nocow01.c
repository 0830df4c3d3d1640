// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A hole punched into a NOCOW file (FS_NOCOW_FL, chattr +C) on a full
 * btrfs, with ends inside blocks: btrfs zeroes the partial blocks in
 * place (btrfs_truncate_block()), which needs no new data space for a
 * NOCOW extent. Until 6d4572a9d71d ("Allow btrfs_truncate_block() to
 * fallback to nocow for data space reservation") it reserved data space
 * anyway and the punch failed with ENOSPC on a full filesystem.
 * Asserted, on a 16-block NOCOW file written with a pattern and synced:
 * - the filesystem is then filled with fallocate() of another file, until
 *   a one-block write to a third (COW) file fails with ENOSPC;
 * - a buffered overwrite of a whole block of the NOCOW file still works
 *   (its extent is written in place);
 * - FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE of bs/2 + 3*bs (both ends
 *   inside a block) succeeds, the size stays, and after a sync exactly
 *   the punched bytes read zero, every other byte keeps its pattern.
 * Syscalls: fallocate, ioctl (FS_IOC_SETFLAGS)
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/statvfs.h>
#include <linux/fs.h>
#include "tst_test.h"

#define MNT "mnt"
#define NOCOW MNT "/nocow"
#define FILLER MNT "/filler"
#define PROBE MNT "/probe"
#define NBLOCKS 16

static unsigned long bs;
static char *data, *rd;

static char pattern(size_t i)
{
	return 'a' + i % 23;
}

/* 1 if a new one-block buffered write fails with ENOSPC */
static int probe_full(void)
{
	int fd = SAFE_OPEN(PROBE, O_CREAT | O_WRONLY | O_TRUNC, 0600);
	ssize_t n = write(fd, data, bs);
	int err = errno;

	SAFE_CLOSE(fd);
	SAFE_UNLINK(PROBE);
	if (n < 0 && err != ENOSPC)
		tst_brk(TBROK | TERRNO, "write(%s)", PROBE);
	return n < 0;
}

/* Preallocate all free data space, in ever smaller pieces. */
static void fill_fs(void)
{
	int fd = SAFE_OPEN(FILLER, O_CREAT | O_RDWR | O_TRUNC, 0600);
	off_t off = 0, chunk = 64 << 20;
	int round;

	for (round = 0; round < 4; round++) {
		for (chunk = 64 << 20; chunk >= (off_t)bs; chunk /= 2) {
			while (!fallocate(fd, 0, off, chunk))
				off += chunk;
			if (errno != ENOSPC)
				tst_brk(TBROK | TERRNO, "fallocate(%s, %ld)",
					FILLER, (long)chunk);
		}
		/* space held by the transaction in flight comes back */
		SAFE_FSYNC(fd);
		sync();
		if (probe_full())
			break;
	}
	SAFE_CLOSE(fd);
	if (round == 4)
		tst_brk(TBROK, "btrfs still takes a one-block write after "
			"%ld bytes were preallocated", (long)off);
	tst_res(TINFO, "filled with %ld preallocated bytes", (long)off);
}

static void run(void)
{
	size_t size = NBLOCKS * bs, hole_off = bs / 2, hole_len = 3 * bs, i;
	long bad = 0;
	struct stat st;
	int fd, flags = 0;

	fd = SAFE_OPEN(NOCOW, O_CREAT | O_RDWR | O_TRUNC, 0600);
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_GETFLAGS");
	flags |= FS_NOCOW_FL;
	if (ioctl(fd, FS_IOC_SETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_SETFLAGS");
	flags = 0;
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_GETFLAGS");
	if (!(flags & FS_NOCOW_FL))
		tst_brk(TBROK, "FS_NOCOW_FL did not stick (flags 0x%x)", flags);
	for (i = 0; i < size; i++)
		data[i] = pattern(i);
	SAFE_WRITE(1, fd, data, size);
	SAFE_FSYNC(fd);

	fill_fs();

	memset(rd, 'W', bs);
	TST_EXP_VAL(pwrite(fd, rd, bs, 8 * bs), (ssize_t)bs,
		    "overwrite of block 8 of the NOCOW file on the full btrfs");
	if (TST_PASS)
		memset(data + 8 * bs, 'W', bs);

	TST_EXP_PASS(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
			       hole_off, hole_len),
		     "punch %zu+%zu in the NOCOW file on the full btrfs",
		     hole_off, hole_len);
	if (TST_PASS)
		memset(data + hole_off, 0, hole_len);

	SAFE_FSYNC(fd);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_size == (off_t)size, "size still %zu (%ld)", size,
		     (long)st.st_size);
	SAFE_PREAD(1, fd, rd, size, 0);
	for (i = 0; i < size; i++)
		bad += rd[i] != data[i];
	TST_EXP_EXPR(!bad, "exactly the punched bytes read zero, the others "
		     "as written (%ld bytes wrong)", bad);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(NOCOW);
	SAFE_UNLINK(FILLER);
	sync();
}

static void setup(void)
{
	struct statvfs sv;

	if (statvfs(MNT, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(%s)", MNT);
	bs = sv.f_bsize;
	if (bs < 4)
		tst_brk(TBROK, "unexpected block size %lu", bs);
	tst_res(TINFO, "btrfs block size %lu", bs);
	data = SAFE_MALLOC(NBLOCKS * bs);
	rd = SAFE_MALLOC(NBLOCKS * bs);
}

static void cleanup(void)
{
	free(data);
	free(rd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "btrfs",
	.dev_min_size_mb = 128,
	.needs_fs_type = "btrfs",
	.tags = (const struct tst_tag[]) {
		/* Allow btrfs_truncate_block() to fallback to nocow for data
		 * space reservation */
		{"linux-git", "6d4572a9d71d"},
		{}
	},
};
