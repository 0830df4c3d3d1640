// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * syncfs(2) writes back the filesystem holding a descriptor, on every
 * filesystem of the matrix (.all_filesystems; upstream's syncfs01 too):
 * - pages of a file dirty after write() (per /proc/kpageflags) are clean
 *   when syncfs() on a descriptor of the filesystem's root directory
 *   returns 0;
 * - the loop device's own count of sectors written (/sys/block/<dev>/stat)
 *   grew by at least the 2 MiB written to a second file and those pages;
 * - after a umount and mount both files read back byte for byte;
 * - a closed descriptor, -1 and an O_PATH descriptor are EBADF (fdget()
 *   refuses O_PATH files).
 * tmpfs keeps its pages in memory and has no device: there syncfs() must
 * return 0 and leave the data as it was; the writeback checks are not
 * made (said once).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include "page_dirty.h"
#include "fs_sync.h"

#define BIG "syncfs01_big"
#define SMALL "syncfs01_small"
#define SIZE (2 << 20)

static char *data, *rd;

/* A pattern of its own in each iteration and each filesystem's process. */
static void fill(void)
{
	static int iter;
	int i;

	iter++;
	for (i = 0; i < SIZE; i++)
		data[i] = 'a' + (i / 512 + iter + getpid()) % 26;
}

static void check_file(const char *name, const char *want, size_t len,
		       const char *when)
{
	int fd = SAFE_OPEN(name, O_RDONLY);
	struct stat st;

	SAFE_FSTAT(fd, &st);
	SAFE_READ(1, fd, rd, len);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(st.st_size == (off_t)len && !memcmp(rd, want, len),
		     "%s reads back %s (size %ld, want %zu)", name, when,
		     (long)st.st_size, len);
}

static void check_errors(void)
{
	int fd, closed;

	TST_EXP_FAIL(syncfs(-1), EBADF, "syncfs(-1)");
	fd = SAFE_OPEN(".", O_PATH | O_DIRECTORY);
	TST_EXP_FAIL(syncfs(fd), EBADF, "syncfs() of an O_PATH descriptor");
	closed = fd;
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(syncfs(closed), EBADF, "syncfs() of a closed descriptor");
}

static void run_tmpfs(void)
{
	int fd, dirfd;

	fill();
	fd = SAFE_OPEN(BIG, O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, data, SIZE);
	dirfd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	TST_EXP_PASS(syncfs(dirfd), "syncfs(root of the tmpfs)");
	SAFE_CLOSE(dirfd);
	SAFE_CLOSE(fd);
	check_file(BIG, data, SIZE, "after syncfs()");
	tst_res(TINFO, "tmpfs: no device and no writeback, the dirty page "
		"and device checks are not made");
}

static void run(void)
{
	long psz = getpagesize(), npages = DIRTY_PAGES;
	unsigned long long before, after, want;
	char *small_data;
	int fd, small, dirfd, dirty;
	char *map;

	check_errors();
	if (!tst_device) {
		run_tmpfs();
		return;
	}
	fill();
	before = fs_dev_sectors();
	small = SAFE_OPEN(SMALL, O_RDWR | O_CREAT | O_TRUNC, 0644);
	map = dirty_file_pages(small);
	fd = SAFE_OPEN(BIG, O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, data, SIZE);
	dirfd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);

	TST_EXP_PASS(syncfs(dirfd), "syncfs(root directory descriptor)");
	dirty = dirty_pages(map, npages);
	after = fs_dev_sectors();
	TST_EXP_EXPR(dirty == 0, "%d of %ld pages still dirty after syncfs()",
		     dirty, npages);
	want = (SIZE + npages * psz) / 512;
	TST_EXP_EXPR(after - before >= want, "%llu sectors written to %s "
		     "(want at least %llu)", after - before, tst_device->dev,
		     want);

	small_data = SAFE_MALLOC(npages * psz);
	memcpy(small_data, map, npages * psz);
	SAFE_MUNMAP(map, npages * psz);
	SAFE_CLOSE(dirfd);
	SAFE_CLOSE(fd);
	SAFE_CLOSE(small);
	fs_remount();
	check_file(BIG, data, SIZE, "after umount and mount");
	check_file(SMALL, small_data, npages * psz, "after umount and mount");
	free(small_data);
	SAFE_UNLINK(BIG);
	SAFE_UNLINK(SMALL);
}

static void setup(void)
{
	fs_sync_setup();
	data = SAFE_MALLOC(SIZE);
	rd = SAFE_MALLOC(SIZE);
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
	.all_filesystems = 1,
};
