// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statx() inode attributes on every filesystem of the matrix that has
 * inode flags (each filesystem's getattr fills stx_attributes and
 * stx_attributes_mask from its own flags):
 *  - stx_attributes_mask announces STATX_ATTR_IMMUTABLE, APPEND and NODUMP
 *    on ext2, ext3, ext4, xfs, btrfs and tmpfs, and STATX_ATTR_COMPRESSED
 *    too where FS_COMPR_FL exists (ext2/3/4, btrfs); xfs and tmpfs do not
 *    announce COMPRESSED and refuse FS_COMPR_FL with EOPNOTSUPP; ntfs3
 *    (ntfs_getattr(), ntfs_fileattr_set()) announces COMPRESSED,
 *    IMMUTABLE, APPEND and ENCRYPTED but not NODUMP, and refuses
 *    FS_NODUMP_FL with EOPNOTSUPP;
 *  - a new file has none of them in stx_attributes;
 *  - each flag set with FS_IOC_SETFLAGS shows as its attribute, alone,
 *    with the mask unchanged, on a file and on a directory, and is gone
 *    once cleared;
 *  - while immutable, write opening, unlink and truncate are EPERM; while
 *    append-only, a plain write opening, unlink and truncate are EPERM and
 *    O_APPEND writes work.
 * A filesystem that leaves an attribute out of the mask or out of
 * stx_attributes (the per-filesystem statx fixes tagged below) fails.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/fs.h>
#include "tst_test.h"

#define FILE_NAME "statx_attrs01_file"
#define DIR_NAME "statx_attrs01_dir"

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

#define NFLAGS (sizeof(flags) / sizeof(flags[0]))
#define ALL_ATTRS (STATX_ATTR_COMPRESSED | STATX_ATTR_IMMUTABLE | \
		   STATX_ATTR_APPEND | STATX_ATTR_NODUMP)

static unsigned long long expect_mask;

static void get(const char *path, struct statx *stx)
{
	if (statx(AT_FDCWD, path, 0, STATX_BASIC_STATS, stx))
		tst_brk(TBROK | TERRNO, "statx(%s)", path);
}

static void set_flags(int fd, int fl)
{
	if (ioctl(fd, FS_IOC_SETFLAGS, &fl))
		tst_brk(TBROK | TERRNO, "FS_IOC_SETFLAGS(0x%x)", fl);
}

static void check_refusals(const struct flag *f)
{
	int fd;

	if (f->fs_flag != FS_IMMUTABLE_FL && f->fs_flag != FS_APPEND_FL)
		return;

	TST_EXP_FAIL(open(FILE_NAME, O_WRONLY), EPERM,
		     "open(O_WRONLY) with %s", f->name);
	TST_EXP_FAIL(unlink(FILE_NAME), EPERM, "unlink() with %s", f->name);
	TST_EXP_FAIL(truncate(FILE_NAME, 0), EPERM, "truncate() with %s",
		     f->name);
	if (f->fs_flag == FS_IMMUTABLE_FL) {
		TST_EXP_FAIL(open(FILE_NAME, O_WRONLY | O_APPEND), EPERM,
			     "open(O_WRONLY | O_APPEND) with %s", f->name);
		return;
	}
	fd = open(FILE_NAME, O_WRONLY | O_APPEND);
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "open(O_WRONLY | O_APPEND) with %s",
			f->name);
		return;
	}
	TST_EXP_VAL(write(fd, "a", 1), 1, "O_APPEND write with %s", f->name);
	SAFE_CLOSE(fd);
}

static void test_one(const char *path, int is_dir)
{
	struct statx stx;
	unsigned int i;
	int fd, base = 0;
	const char *what = is_dir ? "directory" : "file";

	get(path, &stx);
	TST_EXP_EXPR((stx.stx_attributes_mask & ALL_ATTRS) == expect_mask,
		     "%s: stx_attributes_mask 0x%llx, expected 0x%llx of "
		     "these four", what,
		     (unsigned long long)(stx.stx_attributes_mask & ALL_ATTRS),
		     expect_mask);
	TST_EXP_EXPR(!(stx.stx_attributes & ALL_ATTRS),
		     "new %s: stx_attributes 0x%llx has none of them", what,
		     (unsigned long long)stx.stx_attributes);
	if (!strcmp(tst_fs_type, "ntfs3"))
		TST_EXP_EXPR(stx.stx_attributes_mask & STATX_ATTR_ENCRYPTED,
			     "ntfs3 %s: ENCRYPTED in stx_attributes_mask 0x%llx",
			     what, (unsigned long long)stx.stx_attributes_mask);

	fd = SAFE_OPEN(path, O_RDONLY | (is_dir ? O_DIRECTORY : 0));
	if (ioctl(fd, FS_IOC_GETFLAGS, &base))
		tst_brk(TBROK | TERRNO, "FS_IOC_GETFLAGS(%s)", path);

	for (i = 0; i < NFLAGS; i++) {
		const struct flag *f = &flags[i];
		int fl = base | f->fs_flag;

		if (!(expect_mask & f->attr)) {
			TST_EXP_FAIL(ioctl(fd, FS_IOC_SETFLAGS, &fl),
				     EOPNOTSUPP, "%s: FS_IOC_SETFLAGS(%s)",
				     what, f->name);
			if (!TST_RET)
				set_flags(fd, base);
			continue;
		}

		set_flags(fd, fl);
		get(path, &stx);
		TST_EXP_EXPR((stx.stx_attributes & ALL_ATTRS) == f->attr &&
			     (stx.stx_attributes_mask & ALL_ATTRS) ==
			     expect_mask,
			     "%s with %s: stx_attributes 0x%llx, mask 0x%llx",
			     what, f->name,
			     (unsigned long long)(stx.stx_attributes &
						  ALL_ATTRS),
			     (unsigned long long)(stx.stx_attributes_mask &
						  ALL_ATTRS));
		if (!is_dir)
			check_refusals(f);

		set_flags(fd, base);
		get(path, &stx);
		TST_EXP_EXPR(!(stx.stx_attributes & ALL_ATTRS),
			     "%s with %s cleared: stx_attributes 0x%llx",
			     what, f->name,
			     (unsigned long long)stx.stx_attributes);
	}
	SAFE_CLOSE(fd);
}

static void run(void)
{
	if (!strcmp(tst_fs_type, "xfs") || !strcmp(tst_fs_type, "tmpfs"))
		expect_mask = ALL_ATTRS & ~STATX_ATTR_COMPRESSED;
	else if (!strcmp(tst_fs_type, "ntfs3"))
		expect_mask = ALL_ATTRS & ~STATX_ATTR_NODUMP;
	else
		expect_mask = ALL_ATTRS;

	test_one(FILE_NAME, 0);
	test_one(DIR_NAME, 1);
}

static void setup(void)
{
	int fd;

	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, "statx", 5);
	SAFE_CLOSE(fd);
	SAFE_MKDIR(DIR_NAME, 0755);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no inode flags (FS_IOC_GETFLAGS: ENOTTY)"},
		{"exfat", "exFAT has no inode flags (FS_IOC_GETFLAGS: ENOTTY)"},
		{}
	},
	.tags = (const struct tst_tag[]) {
		/* statx: the generic attributes */
		{"linux-git", "93bc420ed41d"},
		/* ext4: Add statx support */
		{"linux-git", "99652ea56a41"},
		/* per-filesystem attributes_mask and attributes fixes */
		{"linux-git", "04a87e347282"},
		{"linux-git", "5f955f26f3d4"},
		{"linux-git", "e408e695f5f1"},
		{"linux-git", "27e0b573dd4a"},
		{"linux-git", "c92db2ca726f"},
		{}
	},
};
