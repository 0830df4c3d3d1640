// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fallocate() space on a full filesystem (an ext4 of its own, 64 MiB):
 * - 4 MiB preallocated, then the filesystem filled by another file until
 *   ENOSPC: writing the whole preallocated range still succeeds, and
 *   reads back; a write past it fails with ENOSPC, and so does a new
 *   fallocate() (the file is unchanged by it);
 * - misaligned punch holes (start and end inside blocks) in a file
 *   written with a pattern zero exactly the punched bytes and keep every
 *   other byte, also with the filesystem full; punching frees blocks, so
 *   afterwards a write that failed with ENOSPC fits.
 * Syscalls: fallocate
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include "tst_test.h"

#define MNT "mnt"
#define PREALLOC (4 << 20)
#define CHUNK 65536

static char buf[CHUNK];

static void fill_fs(void)
{
	int fd = SAFE_OPEN(MNT "/filler", O_CREAT | O_WRONLY | O_TRUNC, 0600);
	ssize_t n;

	memset(buf, 'f', sizeof(buf));
	do {
		n = write(fd, buf, sizeof(buf));
	} while (n > 0);
	if (errno != ENOSPC)
		tst_brk(TBROK | TERRNO, "filling the filesystem");
	/* the last partial blocks too */
	while (write(fd, buf, 1) == 1)
		;
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
}

static void test_prealloc(void)
{
	struct stat st;
	long bad = 0;
	off_t off;
	int fd;

	fd = SAFE_OPEN(MNT "/pre", O_CREAT | O_RDWR | O_TRUNC, 0600);
	TST_EXP_PASS(fallocate(fd, 0, 0, PREALLOC), "fallocate(4 MiB)");
	fill_fs();
	memset(buf, 'p', sizeof(buf));
	for (off = 0; off < PREALLOC; off += CHUNK) {
		if (pwrite(fd, buf, CHUNK, off) != CHUNK)
			bad++;
	}
	TST_EXP_EXPR(!bad, "writes into the preallocated range on a full "
		     "filesystem (%ld failed)", bad);
	SAFE_FSYNC(fd);
	for (off = 0, bad = 0; off < PREALLOC; off += CHUNK) {
		char rd[CHUNK];

		SAFE_PREAD(1, fd, rd, CHUNK, off);
		if (memcmp(rd, buf, CHUNK))
			bad++;
	}
	TST_EXP_EXPR(!bad, "they read back (%ld chunks wrong)", bad);
	TST_EXP_FAIL(pwrite(fd, buf, CHUNK, PREALLOC + (1 << 20)), ENOSPC,
		     "a write beyond the preallocation");
	TST_EXP_FAIL(fallocate(fd, 0, PREALLOC, 1 << 20), ENOSPC,
		     "fallocate() of more on the full filesystem");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_size == PREALLOC, "size still 4 MiB (%ld)",
		     (long)st.st_size);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(MNT "/pre");
	SAFE_UNLINK(MNT "/filler");
}

static char pattern(off_t off)
{
	return 'A' + off % 23;
}

static void test_punch(void)
{
	static const struct {
		off_t off, len;
	} holes[] = {
		{1000, 5000}, {70001, 3}, {200000, 131072 + 17},
	};
	char *data, *rd;
	size_t size = 512 * 1024, i, j;
	long bad = 0;
	int fd;

	data = SAFE_MALLOC(size);
	rd = SAFE_MALLOC(size);
	for (i = 0; i < size; i++)
		data[i] = pattern(i);
	fd = SAFE_OPEN(MNT "/punch", O_CREAT | O_RDWR | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, data, size);
	SAFE_FSYNC(fd);
	fill_fs();
	TST_EXP_FAIL(pwrite(fd, data, CHUNK, size), ENOSPC,
		     "appending 64 KiB to the full filesystem");
	for (i = 0; i < ARRAY_SIZE(holes); i++) {
		TST_EXP_PASS(fallocate(fd, FALLOC_FL_PUNCH_HOLE |
				       FALLOC_FL_KEEP_SIZE, holes[i].off,
				       holes[i].len), "punch %ld+%ld",
			     (long)holes[i].off, (long)holes[i].len);
		for (j = 0; j < (size_t)holes[i].len; j++)
			data[holes[i].off + j] = 0;
	}
	SAFE_PREAD(1, fd, rd, size, 0);
	for (i = 0; i < size; i++) {
		if (rd[i] != data[i])
			bad++;
	}
	TST_EXP_EXPR(!bad, "exactly the punched bytes read zero, the rest "
		     "kept (%ld bytes wrong)", bad);
	TST_EXP_VAL(pwrite(fd, data, CHUNK, size), CHUNK, "the freed blocks "
		    "take the 64 KiB append now");
	SAFE_CLOSE(fd);
	SAFE_UNLINK(MNT "/punch");
	SAFE_UNLINK(MNT "/filler");
	free(data);
	free(rd);
}

static void run(unsigned int n)
{
	if (!n)
		test_prealloc();
	else
		test_punch();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.dev_min_size_mb = 64,
	/* no reserved blocks: root fills the filesystem like anyone */
	.dev_fs_opts = (const char *const[]) {"-m", "0", NULL},
};
