// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fsync() and fdatasync() write a file's dirty pages to its block device,
 * seen in the device's own statistics (/sys/block/<dev>/stat, sectors
 * written), on an ext4 of its own: after 8 MiB of buffered writes each
 * call returns 0 with at least 8 MiB more written to the device, and the
 * data reads back after the caches were dropped. A sparse file of 32 GiB
 * with one written block per GiB is synced in bounded time (not page by
 * page over the holes: under 30 s, scaled).
 * Syscalls: fsync, fdatasync
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tst_test.h"

#define MNT "mnt"
#define SIZE (8 << 20)

static char stat_path[256];
static char *buf;

static unsigned long long sectors_written(void)
{
	unsigned long long f[7];

	SAFE_FILE_SCANF(stat_path, "%llu %llu %llu %llu %llu %llu %llu",
			&f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6]);
	return f[6];
}

static void test_writeback(unsigned int n)
{
	const char *name = n ? "fdatasync" : "fsync";
	unsigned long long before, after;
	char *rd;
	int fd, i;

	fd = SAFE_OPEN(MNT "/file", O_CREAT | O_RDWR | O_TRUNC, 0600);
	for (i = 0; i < SIZE; i++)
		buf[i] = 'a' + (i + n) % 26;
	SAFE_WRITE(1, fd, buf, SIZE);
	before = sectors_written();
	TST_EXP_PASS(n ? fdatasync(fd) : fsync(fd), "%s()", name);
	after = sectors_written();
	TST_EXP_EXPR(after - before >= SIZE / 512, "%s(): %llu sectors "
		     "written to the device (want at least %d)", name,
		     after - before, SIZE / 512);
	SAFE_CLOSE(fd);
	SAFE_FILE_PRINTF("/proc/sys/vm/drop_caches", "3");
	rd = SAFE_MALLOC(SIZE);
	fd = SAFE_OPEN(MNT "/file", O_RDONLY);
	SAFE_READ(1, fd, rd, SIZE);
	TST_EXP_EXPR(!memcmp(rd, buf, SIZE), "%s(): the data reads back from "
		     "the device", name);
	SAFE_CLOSE(fd);
	free(rd);
	SAFE_UNLINK(MNT "/file");
}

static void test_sparse(void)
{
	struct timespec t0, t1;
	double secs;
	int fd, i;

	fd = SAFE_OPEN(MNT "/sparse", O_CREAT | O_RDWR | O_TRUNC, 0600);
	for (i = 0; i < 32; i++)
		SAFE_PWRITE(1, fd, buf, 4096, (off_t)i << 30);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	TST_EXP_PASS(fsync(fd), "fsync() of a 32 GiB sparse file");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = t1.tv_sec - t0.tv_sec + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	TST_EXP_EXPR(secs < 30 * tst_timeout_mul(), "it took %.2f s (limit "
		     "%.0f s)", secs, 30 * tst_timeout_mul());
	SAFE_CLOSE(fd);
	SAFE_UNLINK(MNT "/sparse");
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
	char dev[256];

	snprintf(dev, sizeof(dev), "%s", tst_device->dev);
	snprintf(stat_path, sizeof(stat_path), "/sys/block/%s/stat",
		 basename(dev));
	if (access(stat_path, R_OK))
		tst_brk(TCONF | TERRNO, "no %s", stat_path);
	buf = SAFE_MALLOC(SIZE);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_min_size_mb = 64,
	.timeout = 120,
};
