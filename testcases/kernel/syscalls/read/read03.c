// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * O_DIRECT I/O on ext4 on the test device must be aligned to the
 * device's logical block size (BLKSSZGET) in buffer address, file offset
 * and length:
 * - read(), write(), pread(), pwrite() with a buffer one byte off, an
 *   offset one byte off, or a length one byte short fail with EINVAL,
 *   move no data (the file reads back unchanged through the page cache)
 *   and leave the file offset where it was;
 * - aligned to the logical block but not to the page or the filesystem
 *   block, the same calls work and move exactly the bytes asked for.
 * Syscalls: read, write, pread64, pwrite64
 */
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/fs.h>
#include "tst_test.h"

#define MNT "mnt"
#define FNAME MNT "/read03_file"
#define FILE_SIZE (64 * 1024)

static int lbs;
static unsigned char *buf, *expect, *check;
static int dio_fd = -1, plain_fd = -1;

enum call { READ, WRITE, PREAD, PWRITE };
static const char *const call_names[] = { "read", "write", "pread",
					  "pwrite" };

static ssize_t do_call(enum call c, void *p, size_t len, off_t off)
{
	switch (c) {
	case READ:
		SAFE_LSEEK(dio_fd, off, SEEK_SET);
		return read(dio_fd, p, len);
	case WRITE:
		SAFE_LSEEK(dio_fd, off, SEEK_SET);
		return write(dio_fd, p, len);
	case PREAD:
		return pread(dio_fd, p, len, off);
	case PWRITE:
		return pwrite(dio_fd, p, len, off);
	}
	return -1;
}

static void check_file_unchanged(const char *what)
{
	SAFE_PREAD(1, plain_fd, check, FILE_SIZE, 0);
	if (memcmp(check, expect, FILE_SIZE))
		tst_res(TFAIL, "%s: the file content changed", what);
	else
		tst_res(TPASS, "%s: the file content is unchanged", what);
}

static void misaligned(enum call c, size_t buf_off, size_t len, off_t off,
		       const char *how)
{
	char what[128];
	off_t pos;

	snprintf(what, sizeof(what), "%s with %s", call_names[c], how);
	memset(buf, 0x5a, 4 * lbs + 1);
	TEST(do_call(c, buf + buf_off, len, off));
	if (TST_RET == -1 && TST_ERR == EINVAL)
		tst_res(TPASS, "%s: EINVAL", what);
	else
		tst_res(TFAIL | TTERRNO, "%s: returned %ld, expected EINVAL",
			what, TST_RET);
	if (c == READ || c == WRITE) {
		pos = SAFE_LSEEK(dio_fd, 0, SEEK_CUR);
		if (pos != off)
			tst_res(TFAIL, "%s: offset moved to %ld from %ld", what,
				(long)pos, (long)off);
	}
	check_file_unchanged(what);
}

static void aligned(enum call c)
{
	off_t off = 3 * lbs;
	size_t len = lbs;
	char what[64];
	int i;

	/* 512-aligned buffer, offset and length: not page aligned */
	snprintf(what, sizeof(what), "%s of %d bytes at %ld", call_names[c],
		 lbs, (long)off);
	if (c == WRITE || c == PWRITE) {
		for (i = 0; i < lbs; i++)
			buf[lbs + i] = (unsigned char)(i * 7 + c);
		memcpy(expect + off, buf + lbs, len);
	} else {
		memset(buf + lbs, 0, len);
	}
	TEST(do_call(c, buf + lbs, len, off));
	if (TST_RET != (ssize_t)len) {
		tst_res(TFAIL | TTERRNO, "%s: returned %ld", what, TST_RET);
		return;
	}
	if (c == READ || c == PREAD) {
		TST_EXP_EXPR(!memcmp(buf + lbs, expect + off, len),
			     "%s: read the file's bytes", what);
	} else {
		check_file_unchanged(what);
	}
}

static void run(void)
{
	enum call c;

	for (c = READ; c <= PWRITE; c++) {
		misaligned(c, 1, lbs, 0, "the buffer 1 byte off");
		misaligned(c, 0, lbs, 1, "the offset 1 byte off");
		misaligned(c, 0, lbs - 1, 0, "the length 1 byte short");
		misaligned(c, 0, lbs + 1, lbs, "the length 1 byte over");
		aligned(c);
	}
}

static void setup(void)
{
	int dev_fd = SAFE_OPEN(tst_device->dev, O_RDONLY);
	size_t i;

	if (ioctl(dev_fd, BLKSSZGET, &lbs) || lbs < 512)
		tst_brk(TBROK | TERRNO, "BLKSSZGET on %s: %d", tst_device->dev,
			lbs);
	SAFE_CLOSE(dev_fd);
	tst_res(TINFO, "%s: logical block size %d", tst_device->dev, lbs);
	if (lbs >= 4096)
		tst_brk(TCONF, "logical block size %d is the page size: no "
			"offset is block aligned but not page aligned", lbs);

	buf = SAFE_MMAP(NULL, 8 * lbs, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	expect = SAFE_MALLOC(FILE_SIZE);
	check = SAFE_MALLOC(FILE_SIZE);
	for (i = 0; i < FILE_SIZE; i++)
		expect[i] = (unsigned char)(i % 251);
	plain_fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, plain_fd, expect, FILE_SIZE);
	/* allocated blocks, not holes: a hole read skips the checks */
	SAFE_FSYNC(plain_fd);
	dio_fd = open(FNAME, O_RDWR | O_DIRECT);
	if (dio_fd < 0)
		tst_brk(TBROK | TERRNO, "open(O_DIRECT) on ext4");
}

static void cleanup(void)
{
	if (dio_fd >= 0)
		SAFE_CLOSE(dio_fd);
	if (plain_fd >= 0)
		SAFE_CLOSE(plain_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
};
