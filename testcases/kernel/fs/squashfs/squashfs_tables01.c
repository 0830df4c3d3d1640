// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Squashfs lookup tables that fill their metadata blocks exactly: the
 * sanity checks added for the inode lookup, id and xattr id tables
 * (f37aa4c7366, eabac19e40c, 506220d2ba2) compared the table's length
 * with its blocks off by one block, so a table whose last block was full
 * (8192 bytes) made the mount fail with EINVAL. Fixed by c1b2028315c6
 * ("squashfs: fix inode lookup sanity checks") and 8b44ca2b6345
 * ("squashfs: fix xattr id and id lookup sanity checks").
 *
 * 2048 files, file i owned by uid i and gid i and carrying the xattr
 * security.x = i, make (mksquashfs, uncompressed) an id table of 2048 ids
 * of 4 bytes (one full block), an inode lookup table of 2049 entries of
 * 8 bytes with the root (two full blocks and one entry), and an xattr id
 * table of 2048 entries of 16 bytes (four full blocks). Asserted: the
 * image mounts read-only, and every file reads back its uid, its gid
 * and its xattr through those tables; the file handle of a file (inode
 * lookup, the export path) opens it again (open_by_handle_at()).
 */
#include <stdio.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include "tst_test.h"

#define NFILES 2048
#define DATA "data"
#define MNT "mnt"

static int mounted;

static void setup(void)
{
	const char *const mksquashfs[] = {
		"mksquashfs", DATA, tst_device->dev, "-noappend", "-noI",
		"-noD", "-noX", "-noF", "-quiet", "-no-progress", NULL
	};
	char name[64];
	int i, fd;

	SAFE_MKDIR(DATA, 0755);
	for (i = 0; i < NFILES; i++) {
		snprintf(name, sizeof(name), DATA "/%d", i);
		fd = SAFE_OPEN(name, O_CREAT | O_EXCL | O_WRONLY, 0644);
		if (fchown(fd, i, i))
			tst_brk(TBROK | TERRNO, "fchown(%s, %d)", name, i);
		if (fsetxattr(fd, "security.x", &i, sizeof(i), 0)) {
			if (errno == EOPNOTSUPP)
				tst_brk(TCONF, "no security.* xattrs on $TMPDIR");
			tst_brk(TBROK | TERRNO, "fsetxattr(%s)", name);
		}
		SAFE_CLOSE(fd);
	}
	if (tst_cmd(mksquashfs, 1))
		tst_brk(TBROK, "mksquashfs failed");
	SAFE_MKDIR(MNT, 0755);
}

static void check_files(void)
{
	int i, bad_id = 0, bad_xattr = 0, val;
	char name[64];
	struct stat st;
	ssize_t len;

	for (i = 0; i < NFILES; i++) {
		snprintf(name, sizeof(name), MNT "/%d", i);
		SAFE_STAT(name, &st);
		if (st.st_uid != (uid_t)i || st.st_gid != (gid_t)i) {
			if (!bad_id++)
				tst_res(TFAIL, "%s: uid %u gid %u, expected %d",
					name, st.st_uid, st.st_gid, i);
		}
		val = -1;
		len = getxattr(name, "security.x", &val, sizeof(val));
		if (len != sizeof(val) || val != i) {
			if (!bad_xattr++)
				tst_res(TFAIL | TERRNO, "%s: security.x returned "
					"%zd, value %d, expected %d", name, len,
					val, i);
		}
	}
	if (!bad_id)
		tst_res(TPASS, "%d files: uid and gid from the id table",
			NFILES);
	else
		tst_res(TFAIL, "%d files with a wrong uid or gid", bad_id);
	if (!bad_xattr)
		tst_res(TPASS, "%d files: security.x from the xattr id table",
			NFILES);
	else
		tst_res(TFAIL, "%d files with a wrong security.x", bad_xattr);
}

static void check_handle(void)
{
	struct {
		struct file_handle fh;
		unsigned char buf[MAX_HANDLE_SZ];
	} h;
	int mount_id, mfd, fd;
	struct stat a, b;

	h.fh.handle_bytes = MAX_HANDLE_SZ;
	if (name_to_handle_at(AT_FDCWD, MNT "/2047", &h.fh, &mount_id, 0))
		tst_brk(TBROK | TERRNO, "name_to_handle_at(" MNT "/2047)");
	mfd = SAFE_OPEN(MNT, O_RDONLY | O_DIRECTORY);
	fd = open_by_handle_at(mfd, &h.fh, O_RDONLY);
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "open_by_handle_at() of " MNT "/2047");
	} else {
		SAFE_FSTAT(fd, &a);
		SAFE_STAT(MNT "/2047", &b);
		TST_EXP_EXPR(a.st_ino == b.st_ino && a.st_dev == b.st_dev,
			     "the handle of file 2047 (inode lookup table) "
			     "opens it");
		SAFE_CLOSE(fd);
	}
	SAFE_CLOSE(mfd);
}

static void run(void)
{
	if (mount(tst_device->dev, MNT, "squashfs", MS_RDONLY, NULL)) {
		tst_res(TFAIL | TERRNO, "mount of the squashfs image with full "
			"lookup table blocks");
		return;
	}
	mounted = 1;
	tst_res(TPASS, "the squashfs image with full lookup table blocks "
		"mounts");
	check_files();
	check_handle();
	SAFE_UMOUNT(MNT);
	mounted = 0;
}

static void cleanup(void)
{
	if (mounted)
		SAFE_UMOUNT(MNT);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.dev_min_size_mb = 16,
	.needs_fs_type = "squashfs",
	.needs_cmds = (const char *const []) { "mksquashfs", NULL },
	.tags = (const struct tst_tag[]) {
		/* squashfs: fix inode lookup sanity checks */
		{ "linux-git", "c1b2028315c6" },
		/* squashfs: fix xattr id and id lookup sanity checks */
		{ "linux-git", "8b44ca2b6345" },
		{}
	},
};
