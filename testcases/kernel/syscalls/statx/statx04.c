// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statx() attributes and direct I/O alignment on an ext4 loop device the
 * library mounts:
 *  - stx_attributes_mask announces STATX_ATTR_COMPRESSED, IMMUTABLE,
 *    APPEND and NODUMP (99652ea56a41 "ext4: Add statx support");
 *  - each inode flag set with FS_IOC_SETFLAGS (FS_COMPR_FL,
 *    FS_IMMUTABLE_FL, FS_APPEND_FL, FS_NODUMP_FL) shows as its attribute
 *    in stx_attributes, alone, and is gone once the flag is cleared;
 *  - the flags act: an immutable file cannot be opened for writing
 *    (EPERM), an append-only one only with O_APPEND;
 *  - STATX_DIOALIGN on a regular file reports nonzero powers of two for
 *    stx_dio_mem_align and stx_dio_offset_align, and an O_DIRECT read at
 *    an offset of stx_dio_offset_align works, at half of it is EINVAL;
 *    on a directory it reports no alignment (zeros); on the block device
 *    node it is reported, with the same offset alignment as the file's
 *    (the device's logical block size).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/fs.h>
#include "tst_test.h"

#define MNT "mnt"
#define FILE_NAME MNT "/statx04_file"

static const struct flag {
	int fs_flag;
	unsigned long long attr;
	const char *name;
} flags[] = {
	{ FS_COMPR_FL, STATX_ATTR_COMPRESSED, "FS_COMPR_FL" },
	{ FS_IMMUTABLE_FL, STATX_ATTR_IMMUTABLE, "FS_IMMUTABLE_FL" },
	{ FS_APPEND_FL, STATX_ATTR_APPEND, "FS_APPEND_FL" },
	{ FS_NODUMP_FL, STATX_ATTR_NODUMP, "FS_NODUMP_FL" },
};

#define ALL_ATTRS (STATX_ATTR_COMPRESSED | STATX_ATTR_IMMUTABLE | \
		   STATX_ATTR_APPEND | STATX_ATTR_NODUMP)

static struct statx get(const char *path, unsigned int mask)
{
	struct statx stx;

	if (statx(AT_FDCWD, path, 0, mask, &stx))
		tst_brk(TBROK | TERRNO, "statx(%s)", path);
	return stx;
}

static void set_flags(int fd, int fl)
{
	if (ioctl(fd, FS_IOC_SETFLAGS, &fl))
		tst_brk(TBROK | TERRNO, "FS_IOC_SETFLAGS(0x%x)", fl);
}

static void test_attrs(void)
{
	struct statx stx = get(FILE_NAME, STATX_BASIC_STATS);
	unsigned int i;
	int fd, base = 0;

	TST_EXP_EXPR((stx.stx_attributes_mask & ALL_ATTRS) == ALL_ATTRS,
		     "stx_attributes_mask 0x%llx announces COMPRESSED, "
		     "IMMUTABLE, APPEND, NODUMP",
		     (unsigned long long)stx.stx_attributes_mask);
	TST_EXP_EXPR(!(stx.stx_attributes & ALL_ATTRS),
		     "none is set on a new file");

	fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	if (ioctl(fd, FS_IOC_GETFLAGS, &base))
		tst_brk(TBROK | TERRNO, "FS_IOC_GETFLAGS");
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		set_flags(fd, base | flags[i].fs_flag);
		stx = get(FILE_NAME, STATX_BASIC_STATS);
		TST_EXP_EXPR((stx.stx_attributes & ALL_ATTRS) == flags[i].attr,
			     "%s set: stx_attributes 0x%llx", flags[i].name,
			     (unsigned long long)stx.stx_attributes);
		if (flags[i].fs_flag == FS_IMMUTABLE_FL) {
			TST_EXP_FAIL(open(FILE_NAME, O_WRONLY), EPERM,
				     "open(O_WRONLY) of an immutable file");
		} else if (flags[i].fs_flag == FS_APPEND_FL) {
			TST_EXP_FAIL(open(FILE_NAME, O_WRONLY), EPERM,
				     "open(O_WRONLY) of an append-only file");
			TST_EXP_FD(open(FILE_NAME, O_WRONLY | O_APPEND),
				   "open(O_WRONLY | O_APPEND) of it");
			if (TST_RET >= 0)
				SAFE_CLOSE(TST_RET);
		}
		set_flags(fd, base);
		stx = get(FILE_NAME, STATX_BASIC_STATS);
		TST_EXP_EXPR(!(stx.stx_attributes & ALL_ATTRS),
			     "%s cleared: stx_attributes 0x%llx",
			     flags[i].name,
			     (unsigned long long)stx.stx_attributes);
	}
	SAFE_CLOSE(fd);
}

static int pow2(unsigned int v)
{
	return v && !(v & (v - 1));
}

static void test_dioalign(void)
{
	struct statx stx = get(FILE_NAME, STATX_DIOALIGN);
	unsigned int mem, off;
	char *buf;
	int fd;

	if (!(stx.stx_mask & STATX_DIOALIGN)) {
		tst_res(TFAIL, "STATX_DIOALIGN not in stx_mask 0x%x on ext4",
			stx.stx_mask);
		return;
	}
	mem = stx.stx_dio_mem_align;
	off = stx.stx_dio_offset_align;
	TST_EXP_EXPR(pow2(mem) && pow2(off), "stx_dio_mem_align %u, "
		     "stx_dio_offset_align %u: nonzero powers of two", mem,
		     off);
	if (!pow2(mem) || !pow2(off))
		return;

	buf = SAFE_MMAP(NULL, 2 * 65536, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fd = SAFE_OPEN(FILE_NAME, O_RDONLY | O_DIRECT);
	TST_EXP_VAL(pread(fd, buf, off, off), off,
		    "O_DIRECT pread(%u bytes at %u)", off, off);
	if (off > 1) {
		TST_EXP_FAIL(pread(fd, buf, off, off / 2), EINVAL,
			     "O_DIRECT pread(%u bytes at %u)", off, off / 2);
	}
	SAFE_CLOSE(fd);
	SAFE_MUNMAP(buf, 2 * 65536);

	stx = get(MNT, STATX_DIOALIGN);
	TST_EXP_EXPR(!stx.stx_dio_mem_align && !stx.stx_dio_offset_align,
		     "a directory reports no direct I/O alignment (%u, %u)",
		     stx.stx_dio_mem_align, stx.stx_dio_offset_align);

	/* the block device node itself (6.1: STATX_DIOALIGN for bdevs) */
	stx = get(tst_device->dev, STATX_DIOALIGN);
	TST_EXP_EXPR((stx.stx_mask & STATX_DIOALIGN) &&
		     pow2(stx.stx_dio_mem_align) &&
		     stx.stx_dio_offset_align == off,
		     "%s: STATX_DIOALIGN %s, mem align %u, offset align %u "
		     "(the file's: %u)", tst_device->dev,
		     stx.stx_mask & STATX_DIOALIGN ? "reported" : "missing",
		     stx.stx_dio_mem_align, stx.stx_dio_offset_align, off);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_attrs();
	else
		test_dioalign();
}

static void setup(void)
{
	char data[65536];
	int fd;

	memset(data, 'd', sizeof(data));
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, data, sizeof(data));
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.tags = (const struct tst_tag[]) {
		/* ext4: Add statx support */
		{"linux-git", "99652ea56a41"},
		{}
	},
};
