// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fsync() and fdatasync() write a file's dirty pages to its block device,
 * on every filesystem of the matrix (.all_filesystems; upstream's fsync04
 * and fdatasync03), seen in the device's own statistics
 * (/sys/block/<dev>/stat, sectors written): after 4 MiB of buffered
 * writes each call returns 0 with at least 4 MiB more written to the
 * device, and the data reads back after a umount and mount.
 * A sparse file of 8 GiB with one written 4 KiB block every 256 MiB is
 * synced in bounded time (not page by page over the holes: under 30 s,
 * scaled; upstream's fsync02), its data read back afterwards. vfat,
 * exFAT and ntfs3 (a file without the sparse attribute) have no holes: a
 * write at 256 MiB would fill the gap on the 64 MB image, so that case is
 * TCONF there. tmpfs has no device: the calls must return 0 and keep the
 * data, the device count is not checked (said once).
 * Syscalls: fsync, fdatasync
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "fs_sync.h"

#define SIZE (4 << 20)
#define SPARSE_STEP (256LL << 20)
#define SPARSE_BLOCKS 32

static char *buf, *rd;

static void test_writeback(unsigned int n)
{
	const char *name = n ? "fdatasync" : "fsync";
	unsigned long long before, after;
	static int iter;
	int fd, i;

	iter++;
	fd = SAFE_OPEN("file", O_CREAT | O_RDWR | O_TRUNC, 0600);
	for (i = 0; i < SIZE; i++)
		buf[i] = 'a' + (i / 512 + n + iter) % 26;
	before = fs_dev_sectors();
	SAFE_WRITE(1, fd, buf, SIZE);
	TST_EXP_PASS(n ? fdatasync(fd) : fsync(fd), "%s()", name);
	after = fs_dev_sectors();
	if (tst_device)
		TST_EXP_EXPR(after - before >= SIZE / 512, "%s(): %llu "
			     "sectors written to the device (want at least "
			     "%d)", name, after - before, SIZE / 512);
	else if (!n)
		tst_res(TINFO, "tmpfs: no device, no count of sectors");
	SAFE_CLOSE(fd);
	fs_remount();
	fd = SAFE_OPEN("file", O_RDONLY);
	SAFE_READ(1, fd, rd, SIZE);
	TST_EXP_EXPR(!memcmp(rd, buf, SIZE), "%s(): the data reads back%s",
		     name, tst_device ? " after umount and mount" : "");
	SAFE_CLOSE(fd);
	SAFE_UNLINK("file");
}

static void test_sparse(void)
{
	long long t0, ms, limit = 30000 * tst_timeout_mul();
	int fd, i, bad = 0;

	if (fs_is("vfat exfat ntfs3")) {
		tst_res(TCONF, "%s has no holes: a write 256 MiB into the "
			"file fills the gap", tst_fs_type);
		return;
	}
	fd = SAFE_OPEN("sparse", O_CREAT | O_RDWR | O_TRUNC, 0600);
	for (i = 0; i < SPARSE_BLOCKS; i++) {
		memset(buf, 'A' + i % 26, 4096);
		SAFE_PWRITE(1, fd, buf, 4096, i * SPARSE_STEP);
	}
	t0 = tst_mono_ms();
	TST_EXP_PASS(fsync(fd), "fsync() of an 8 GiB sparse file");
	ms = tst_mono_ms() - t0;
	TST_EXP_EXPR(ms < limit, "it took %lld ms (limit %lld ms)", ms, limit);
	SAFE_CLOSE(fd);
	fs_remount();
	fd = SAFE_OPEN("sparse", O_RDONLY);
	for (i = 0; i < SPARSE_BLOCKS; i++) {
		memset(buf, 'A' + i % 26, 4096);
		SAFE_PREAD(1, fd, rd, 4096, i * SPARSE_STEP);
		bad += !!memcmp(rd, buf, 4096);
	}
	TST_EXP_EXPR(!bad, "the %d written blocks read back (%d wrong)",
		     SPARSE_BLOCKS, bad);
	SAFE_CLOSE(fd);
	SAFE_UNLINK("sparse");
}

static void run(unsigned int n)
{
	if (n < 2)
		test_writeback(n);
	else
		test_sparse();
}

static void setup(void)
{
	fs_sync_setup();
	buf = SAFE_MALLOC(SIZE);
	rd = SAFE_MALLOC(SIZE);
}

static void cleanup(void)
{
	free(buf);
	free(rd);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
	.timeout = 60,
};
