// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fallocate() space on a full filesystem, on every filesystem of the
 * matrix (.all_filesystems; upstream's fallocate05 and fallocate06):
 * - 2 MiB preallocated, then the filesystem filled by another file until
 *   ENOSPC: writing the whole preallocated range still succeeds, and
 *   reads back, also after a umount and mount; a write past it fails with
 *   ENOSPC, and so does a new fallocate() (the size is unchanged by it);
 * - misaligned punch holes (start and end inside blocks) in a file
 *   written with a pattern zero exactly the punched bytes and keep every
 *   other byte, also with the filesystem full and after a umount and
 *   mount; punching frees blocks, so afterwards a write that failed with
 *   ENOSPC fits. On btrfs the file is NOCOW (FS_NOCOW_FL): zeroing the
 *   partial blocks at a misaligned hole's ends must then not need new
 *   data space; before 6d4572a9d71d btrfs_truncate_block() reserved it
 *   anyway and the punch failed with ENOSPC on a full filesystem (a
 *   copy-on-write file may legitimately fail so). btrfs frees only whole
 *   extents (a partly punched extent stays referenced): there the rest of
 *   the file is punched too before the append, and lseek(SEEK_DATA) must
 *   then find no data.
 * What a filesystem lacks is asserted as EOPNOTSUPP (fs_lacks()): ext2,
 * ext3 (the ext4 driver's block-mapped files) and exFAT have no
 * preallocation (ext4_fallocate(), no ->fallocate for exFAT), vfat and
 * exFAT no PUNCH_HOLE (fat_fallocate() takes mode 0 and KEEP_SIZE only),
 * ntfs3 punches only sparse files (ntfs_fallocate()), ours is not.
 * To keep the fill short, where fallocate() works it takes all but 4 MB
 * of the free space first; write() fills the rest.
 * Syscalls: fallocate
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <sys/ioctl.h>
#include <linux/falloc.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "fs_sync.h"

#define PREALLOC (2 << 20)
#define CHUNK 65536
#define WRITE_ROOM (4LL << 20)
#define PUNCH (FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE)

static char buf[CHUNK], rd[CHUNK];
static int iter;

static void fill_fs(void)
{
	int fd = SAFE_OPEN("filler", O_CREAT | O_WRONLY | O_TRUNC, 0600);
	struct statvfs sv;
	long long room;
	ssize_t n;

	if (fstatvfs(fd, &sv))
		tst_brk(TBROK | TERRNO, "fstatvfs()");
	room = (long long)sv.f_bavail * sv.f_frsize - WRITE_ROOM;
	/* btrfs's f_bavail is an estimate: halve the ballast on ENOSPC */
	while (room > WRITE_ROOM && fallocate(fd, 0, 0, room)) {
		if (errno == EOPNOTSUPP)
			break;
		if (errno != ENOSPC)
			tst_brk(TBROK | TERRNO, "fallocate(filler, %lld)",
				room);
		room /= 2;
	}
	SAFE_LSEEK(fd, 0, SEEK_END);
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

static long check_pattern(int fd, char c, off_t len)
{
	long bad = 0;
	off_t off;

	memset(buf, c, sizeof(buf));
	for (off = 0; off < len; off += CHUNK) {
		SAFE_PREAD(1, fd, rd, CHUNK, off);
		if (memcmp(rd, buf, CHUNK))
			bad++;
	}
	return bad;
}

static void test_prealloc(void)
{
	char c = 'a' + iter % 26;
	struct stat st;
	long bad = 0;
	off_t off;
	int fd;

	fd = SAFE_OPEN("pre", O_CREAT | O_RDWR | O_TRUNC, 0600);
	if (fallocate(fd, 0, 0, PREALLOC)) {
		SAFE_CLOSE(fd);
		SAFE_UNLINK("pre");
		if (errno == EOPNOTSUPP && fs_is("ext2 ext3 exfat")) {
			tst_res(TPASS, "%s has no preallocation: EOPNOTSUPP",
				tst_fs_type);
			return;
		}
		tst_res(TFAIL | TERRNO, "fallocate(2 MiB)");
		return;
	}
	if (fs_is("ext2 ext3 exfat"))
		tst_res(TFAIL, "%s preallocated, expected EOPNOTSUPP",
			tst_fs_type);
	fill_fs();
	memset(buf, c, sizeof(buf));
	for (off = 0; off < PREALLOC; off += CHUNK) {
		if (pwrite(fd, buf, CHUNK, off) != CHUNK)
			bad++;
	}
	TST_EXP_EXPR(!bad, "writes into the preallocated range on a full "
		     "filesystem (%ld failed)", bad);
	SAFE_FSYNC(fd);
	bad = check_pattern(fd, c, PREALLOC);
	TST_EXP_EXPR(!bad, "they read back (%ld chunks wrong)", bad);
	TST_EXP_FAIL(pwrite(fd, buf, CHUNK, PREALLOC + (1 << 20)), ENOSPC,
		     "a write beyond the preallocation");
	TST_EXP_FAIL(fallocate(fd, 0, PREALLOC, 1 << 20), ENOSPC,
		     "fallocate() of more on the full filesystem");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_size == PREALLOC, "size still 2 MiB (%ld)",
		     (long)st.st_size);
	SAFE_CLOSE(fd);
	if (fs_remount()) {
		fd = SAFE_OPEN("pre", O_RDONLY);
		bad = check_pattern(fd, c, PREALLOC);
		TST_EXP_EXPR(!bad, "they read back after umount and mount "
			     "(%ld chunks wrong)", bad);
		SAFE_CLOSE(fd);
	}
	SAFE_UNLINK("pre");
	SAFE_UNLINK("filler");
}

static char pattern(off_t off)
{
	return 'A' + (off + iter) % 23;
}

static long compare(int fd, const char *data, char *got, size_t size)
{
	long bad = 0;
	size_t i;

	SAFE_PREAD(1, fd, got, size, 0);
	for (i = 0; i < size; i++)
		bad += got[i] != data[i];
	return bad;
}

static void test_punch(void)
{
	static const struct {
		off_t off, len;
	} holes[] = {
		{1000, 5000}, {70001, 3}, {200000, 131072 + 17},
	};
	size_t size = 512 * 1024, i, j;
	char *data, *got;
	long bad;
	int fd;

	fd = SAFE_OPEN("punch", O_CREAT | O_RDWR | O_TRUNC, 0600);
	if (fallocate(fd, PUNCH, 0, 1)) {
		SAFE_CLOSE(fd);
		SAFE_UNLINK("punch");
		if (errno == EOPNOTSUPP && fs_is("vfat exfat ntfs3")) {
			tst_res(TPASS, "%s has no PUNCH_HOLE (on this file): "
				"EOPNOTSUPP", tst_fs_type);
			return;
		}
		tst_res(TFAIL | TERRNO, "fallocate(PUNCH_HOLE) of an empty "
			"file");
		return;
	}
	if (fs_is("vfat exfat ntfs3"))
		tst_res(TFAIL, "%s punched a hole, expected EOPNOTSUPP",
			tst_fs_type);
	if (fs_is("btrfs")) {
		int flags = 0;

		SAFE_FTRUNCATE(fd, 0);
		if (ioctl(fd, FS_IOC_GETFLAGS, &flags))
			tst_brk(TBROK | TERRNO, "FS_IOC_GETFLAGS");
		flags |= FS_NOCOW_FL;
		if (ioctl(fd, FS_IOC_SETFLAGS, &flags))
			tst_brk(TBROK | TERRNO, "FS_IOC_SETFLAGS(FS_NOCOW_FL)");
	}
	data = SAFE_MALLOC(size);
	got = SAFE_MALLOC(size);
	for (i = 0; i < size; i++)
		data[i] = pattern(i);
	SAFE_WRITE(1, fd, data, size);
	SAFE_FSYNC(fd);
	fill_fs();
	TST_EXP_FAIL(pwrite(fd, data, CHUNK, size), ENOSPC,
		     "appending 64 KiB to the full filesystem");
	for (i = 0; i < ARRAY_SIZE(holes); i++) {
		TST_EXP_PASS(fallocate(fd, PUNCH, holes[i].off, holes[i].len),
			     "punch %ld+%ld", (long)holes[i].off,
			     (long)holes[i].len);
		for (j = 0; j < (size_t)holes[i].len; j++)
			data[holes[i].off + j] = 0;
	}
	bad = compare(fd, data, got, size);
	TST_EXP_EXPR(!bad, "exactly the punched bytes read zero, the rest "
		     "kept (%ld bytes wrong)", bad);
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
	if (fs_remount()) {
		fd = SAFE_OPEN("punch", O_RDWR);
		bad = compare(fd, data, got, size);
		TST_EXP_EXPR(!bad, "and after umount and mount (%ld bytes "
			     "wrong)", bad);
	} else {
		fd = SAFE_OPEN("punch", O_RDWR);
	}
	if (fs_is("btrfs")) {
		TST_EXP_PASS(fallocate(fd, PUNCH, 0, size), "btrfs: punch "
			     "the whole 512 KiB (whole extents are freed)");
		TST_EXP_FAIL(lseek(fd, 0, SEEK_DATA), ENXIO,
			     "lseek(SEEK_DATA) finds no data left");
	}
	TST_EXP_VAL(pwrite(fd, data, CHUNK, size), CHUNK, "the freed blocks "
		    "take the 64 KiB append now");
	SAFE_CLOSE(fd);
	SAFE_UNLINK("punch");
	SAFE_UNLINK("filler");
	free(data);
	free(got);
}

static void run(unsigned int n)
{
	iter++;
	if (!n)
		test_prealloc();
	else
		test_punch();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = fs_sync_setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.timeout = 60,
	.tags = (const struct tst_tag[]) {
		/* btrfs: btrfs_truncate_block() falls back to NOCOW */
		{"linux-git", "6d4572a9d71d"},
		{}
	},
};
