// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * 1000 hard links to one file, on ext4 and on tmpfs: after each link()
 * the new name has the file's inode and st_nlink (through the new name,
 * the first name and an open fd) counts it; unlinking the names one by
 * one counts st_nlink down to 1, unlinking the last leaves 0 on the open
 * fd, and closing it frees the inode.
 * Free inodes (statvfs f_ffree): ext4 spends none on a link; tmpfs
 * reserves an inode slot for every link (its dentries cannot be pruned),
 * so on a tmpfs mounted with nr_inodes=1002 (root, file, 1000 links) the
 * 1000th link takes the last slot, the next is ENOSPC, and each unlink
 * gives a slot back.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include "tst_test.h"
#include "mount_ns.h"

#define EXT4 "ext4"
#define TMPFS "tmpfs"
#define NLINKS 1000

static unsigned long free_inodes(const char *dir)
{
	struct statvfs sv;

	if (statvfs(dir, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(%s)", dir);
	return sv.f_ffree;
}

static void link_name(char *buf, size_t size, const char *dir, int i)
{
	snprintf(buf, size, "%s/link%04d", dir, i);
}

static void run(unsigned int n)
{
	const char *dir = n ? TMPFS : EXT4;
	int on_tmpfs = n;
	char file[64], name[64];
	unsigned long ffree0, ffree;
	struct stat st, st_name, st_file;
	int fd, i, bad = 0;

	tst_res(TINFO, "%s", dir);
	ffree0 = free_inodes(dir);
	snprintf(file, sizeof(file), "%s/file", dir);
	fd = SAFE_OPEN(file, O_RDWR | O_CREAT | O_EXCL, 0644);
	SAFE_FSTAT(fd, &st);
	ffree = free_inodes(dir);
	if (ffree != ffree0 - 1)
		tst_res(TFAIL, "%s: creating a file took %lu inodes, "
			"expected 1", dir, ffree0 - ffree);
	ffree0 = ffree;

	for (i = 1; i <= NLINKS; i++) {
		link_name(name, sizeof(name), dir, i);
		if (link(file, name)) {
			tst_res(TFAIL | TERRNO, "%s: link() number %d", dir, i);
			bad = 1;
			break;
		}
		SAFE_STAT(name, &st_name);
		SAFE_STAT(file, &st_file);
		SAFE_FSTAT(fd, &st);
		if (st_name.st_ino != st.st_ino ||
		    st_name.st_dev != st.st_dev ||
		    st_name.st_nlink != (nlink_t)(i + 1) ||
		    st_file.st_nlink != (nlink_t)(i + 1) ||
		    st.st_nlink != (nlink_t)(i + 1)) {
			tst_res(TFAIL, "%s: after link %d: ino %lu (file %lu), "
				"st_nlink %lu / %lu / %lu, expected %d", dir, i,
				(unsigned long)st_name.st_ino,
				(unsigned long)st.st_ino,
				(unsigned long)st_name.st_nlink,
				(unsigned long)st_file.st_nlink,
				(unsigned long)st.st_nlink, i + 1);
			bad = 1;
			break;
		}
	}
	if (!bad)
		tst_res(TPASS, "%s: %d links, each name the same inode, "
			"st_nlink counted 2..%d", dir, NLINKS, NLINKS + 1);

	ffree = free_inodes(dir);
	if (on_tmpfs) {
		TST_EXP_EQ_LU(ffree, 0);
		link_name(name, sizeof(name), dir, NLINKS + 1);
		TST_EXP_FAIL(link(file, name), ENOSPC, "%s: link number %d "
			     "with no inode slot left", dir, NLINKS + 1);
	} else {
		TST_EXP_EQ_LU(ffree, ffree0);
	}

	for (i = NLINKS; i >= 1 && !bad; i--) {
		link_name(name, sizeof(name), dir, i);
		SAFE_UNLINK(name);
		SAFE_FSTAT(fd, &st);
		SAFE_STAT(file, &st_file);
		ffree = free_inodes(dir);
		if (st.st_nlink != (nlink_t)i ||
		    st_file.st_nlink != (nlink_t)i ||
		    (on_tmpfs && ffree != (unsigned long)(NLINKS - i + 1)) ||
		    (!on_tmpfs && ffree != ffree0)) {
			tst_res(TFAIL, "%s: after unlinking link %d: st_nlink "
				"%lu / %lu, expected %d; %lu free inodes",
				dir, i, (unsigned long)st.st_nlink,
				(unsigned long)st_file.st_nlink, i, ffree);
			bad = 1;
		}
		if (on_tmpfs && i == NLINKS && !bad) {
			TST_EXP_PASS(link(file, name), "%s: link() again into "
				     "the slot the unlink freed", dir);
			TST_EXP_FAIL(link(file, "tmpfs/extra"), ENOSPC,
				     "%s: and the next one", dir);
			SAFE_UNLINK(name);
		}
	}
	if (!bad)
		tst_res(TPASS, "%s: unlinking the links counted st_nlink down "
			"%d..1%s", dir, NLINKS,
			on_tmpfs ? ", each freeing an inode slot" :
			", free inodes unchanged");

	SAFE_UNLINK(file);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LU(st.st_nlink, 0);
	SAFE_CLOSE(fd);
	ffree = free_inodes(dir);
	if (ffree == ffree0 + 1)
		tst_res(TPASS, "%s: closing the unlinked file freed its inode",
			dir);
	else
		tst_res(TFAIL, "%s: %lu free inodes after the file is gone, "
			"expected %lu", dir, ffree, ffree0 + 1);

	/* a failed check may have left names behind for -i */
	for (i = 1; i <= NLINKS + 1; i++) {
		link_name(name, sizeof(name), dir, i);
		unlink(name);
	}
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR(TMPFS, 0755);
	SAFE_MOUNT("ltp_link_nlink01", TMPFS, "tmpfs", 0,
		   "nr_inodes=" "1002");
	if (free_inodes(TMPFS) != NLINKS + 1)
		tst_brk(TBROK, "tmpfs with nr_inodes=1002 has %lu free "
			"inodes, expected %d", free_inodes(TMPFS), NLINKS + 1);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.mount_device = 1,
	.mntpoint = EXT4,
	.dev_fs_type = "ext4",
	.dev_min_size_mb = 64,
};
