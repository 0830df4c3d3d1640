// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * quotactl(2), raw, XFS quota commands on XFS (fs/xfs/xfs_quotaops.c),
 * user quota for nobody's uid and project quota for project 1000 (set on
 * a directory with FS_IOC_FSSETXATTR):
 * - mounted with usrquota,prjquota, Q_XGETQSTAT shows user and project
 *   accounting and enforcement, no group quota, and so does Q_XGETQSTATV
 *   for version FS_QSTATV_VERSION1; another version is EINVAL;
 * - Q_XSETQLIM block and inode limits read back with Q_XGETQUOTA (id,
 *   limits); nobody creating files gets exactly up to the inode hard
 *   limit, then EDQUOT for user quota and ENOSPC for project quota (XFS
 *   reports an exceeded project quota as ENOSPC);
 * - Q_XQUOTAOFF of user enforcement: accounting stays, enforcement goes
 *   (Q_XGETQSTAT), nobody can create past the limit; a second one is
 *   EEXIST; Q_XQUOTAON brings enforcement back, a second one is EEXIST;
 * - Q_XGETNEXTQUOTA from id 1 finds nobody's uid; from the id after it,
 *   and from 0xfffffffc, where the search runs off the end of the id
 *   space, it is ENOENT: before 657bdfb7f5e6 ("xfs: don't wrap ID in
 *   xfs_dq_get_next_id") the id wrapped to 0 and root's quota came back;
 * - Q_XQUOTARM while quota is on is EINVAL; mounted again with noquota,
 *   Q_XQUOTARM with a flag beyond user, group and project is EINVAL
 *   (3dd4d40b4208, "xfs: Sanity check flags of Q_XQUOTARM call": before
 *   it, the user quota file was truncated and the call succeeded), with
 *   FS_USER_QUOTA it succeeds and frees no less than nothing; mounted
 *   with quota again, nobody's user limits are gone while project 1000's
 *   are kept.
 */
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/statfs.h>
#include <linux/fs.h>
#include <linux/quota.h>
#include <linux/dqblk_xfs.h>
#include "tst_test.h"
#include "mount_ns.h"
#include "quota_test.h"

#define MNT "mnt"
#define PROJID 1000
#define NEW_INODES 3
#define BSOFT 2048ULL	/* 512-byte basic blocks */
#define BHARD 4096ULL

static uid_t nobody_uid;
static int mounted;

static void mount_fs(const char *opts)
{
	if (mount(tst_device->dev, MNT, "xfs", 0, opts))
		tst_brk(TBROK | TERRNO, "mount(%s, xfs, %s)", tst_device->dev,
			opts);
	mounted = 1;
}

static void umount_fs(void)
{
	SAFE_UMOUNT(MNT);
	mounted = 0;
}

static void set_limits(int type, unsigned int id, unsigned long long ihard)
{
	struct fs_disk_quota d;

	memset(&d, 0, sizeof(d));
	d.d_version = FS_DQUOT_VERSION;
	d.d_flags = type == USRQUOTA ? FS_USER_QUOTA : FS_PROJ_QUOTA;
	d.d_fieldmask = FS_DQ_BSOFT | FS_DQ_BHARD | FS_DQ_ISOFT | FS_DQ_IHARD;
	d.d_id = id;
	d.d_blk_softlimit = BSOFT;
	d.d_blk_hardlimit = BHARD;
	d.d_ino_softlimit = ihard;
	d.d_ino_hardlimit = ihard;
	TST_EXP_PASS(quota_ctl(Q_XSETQLIM, type, id, &d), "Q_XSETQLIM %s %u",
		     type == USRQUOTA ? "user" : "project", id);
}

static int get_quota(int type, unsigned int id, struct fs_disk_quota *d)
{
	memset(d, 0, sizeof(*d));
	return quota_ctl(Q_XGETQUOTA, type, id, d);
}

static void check_limits(int type, unsigned int id,
			 unsigned long long ihard, const char *when)
{
	struct fs_disk_quota d;

	if (get_quota(type, id, &d)) {
		tst_res(TFAIL | TERRNO, "Q_XGETQUOTA %u %s", id, when);
		return;
	}
	TST_EXP_EXPR(d.d_id == id && d.d_blk_softlimit == BSOFT &&
		     d.d_blk_hardlimit == BHARD &&
		     d.d_ino_softlimit == ihard && d.d_ino_hardlimit == ihard,
		     "%s: Q_XGETQUOTA %u: id %u, blocks %llu/%llu, inodes %llu/%llu (expected %llu/%llu, %llu)",
		     when, id, d.d_id, (unsigned long long)d.d_blk_softlimit,
		     (unsigned long long)d.d_blk_hardlimit,
		     (unsigned long long)d.d_ino_softlimit,
		     (unsigned long long)d.d_ino_hardlimit, BSOFT, BHARD, ihard);
}

static unsigned long long icount(int type, unsigned int id)
{
	struct fs_disk_quota d;

	if (get_quota(type, id, &d)) {
		if (errno == ENOENT)
			return 0;
		tst_brk(TBROK | TERRNO, "Q_XGETQUOTA %u", id);
	}
	return d.d_icount;
}

static void set_project(const char *dir)
{
	struct fsxattr fsx;
	int fd = SAFE_OPEN(dir, O_RDONLY | O_DIRECTORY);

	if (ioctl(fd, FS_IOC_FSGETXATTR, &fsx))
		tst_brk(TBROK | TERRNO, "FS_IOC_FSGETXATTR(%s)", dir);
	fsx.fsx_projid = PROJID;
	fsx.fsx_xflags |= FS_XFLAG_PROJINHERIT;
	if (ioctl(fd, FS_IOC_FSSETXATTR, &fsx))
		tst_brk(TBROK | TERRNO, "FS_IOC_FSSETXATTR(%s)", dir);
	SAFE_CLOSE(fd);
}

static void check_next(unsigned int from, int exp_err, unsigned int exp_id)
{
	struct fs_disk_quota d;

	memset(&d, 0, sizeof(d));
	d.d_id = 12345;
	TEST(quota_ctl(Q_XGETNEXTQUOTA, USRQUOTA, from, &d));
	if (exp_err) {
		if (TST_RET == 0)
			tst_res(TFAIL, "Q_XGETNEXTQUOTA from %u found id %u, expected ENOENT",
				from, d.d_id);
		else if (TST_ERR != exp_err)
			tst_res(TFAIL | TTERRNO, "Q_XGETNEXTQUOTA from %u, expected %s",
				from, tst_strerrno(exp_err));
		else
			tst_res(TPASS | TTERRNO, "Q_XGETNEXTQUOTA from %u",
				from);
		return;
	}
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "Q_XGETNEXTQUOTA from %u", from);
		return;
	}
	TST_EXP_EXPR(d.d_id == exp_id,
		     "Q_XGETNEXTQUOTA from %u found id %u (expected %u)",
		     from, d.d_id, exp_id);
}

static void run(void)
{
	unsigned int rm_type = FS_USER_QUOTA;
	unsigned int bad_type = FS_GROUP_QUOTA << 1 | FS_USER_QUOTA;
	unsigned int uenfd = FS_QUOTA_UDQ_ENFD;
	unsigned long long pused, ihard_p, count;
	unsigned int flags, want;
	struct fs_disk_quota d;
	struct statfs before, after;
	struct fs_quota_statv stv;

	mount_fs("usrquota,prjquota");
	flags = quota_xstat_flags();
	want = FS_QUOTA_UDQ_ACCT | FS_QUOTA_UDQ_ENFD | FS_QUOTA_PDQ_ACCT |
	       FS_QUOTA_PDQ_ENFD;
	TST_EXP_EXPR(flags == want,
		     "Q_XGETQSTAT flags 0x%x, expected 0x%x (user and project, accounting and enforcement)",
		     flags, want);

	memset(&stv, 0, sizeof(stv));
	stv.qs_version = FS_QSTATV_VERSION1;
	TST_EXP_PASS(quota_ctl(Q_XGETQSTATV, PRJQUOTA, 0, &stv), "Q_XGETQSTATV");
	TST_EXP_EXPR(stv.qs_flags == want && stv.qs_version == FS_QSTATV_VERSION1,
		     "Q_XGETQSTATV flags 0x%x, version %d", stv.qs_flags,
		     stv.qs_version);
	memset(&stv, 0, sizeof(stv));
	stv.qs_version = FS_QSTATV_VERSION1 + 1;
	TST_EXP_FAIL(quota_ctl(Q_XGETQSTATV, PRJQUOTA, 0, &stv), EINVAL,
		     "Q_XGETQSTATV, version %d", FS_QSTATV_VERSION1 + 1);

	set_limits(USRQUOTA, nobody_uid, NEW_INODES);
	check_limits(USRQUOTA, nobody_uid, NEW_INODES, "user");
	quota_create_as_nobody(MNT "/u", MNT "/u", 0, NEW_INODES, EDQUOT);
	count = icount(USRQUOTA, nobody_uid);
	TST_EXP_EXPR(count == NEW_INODES,
		     "Q_XGETQUOTA counts nobody's %llu inodes, the limit %d",
		     count, NEW_INODES);

	pused = icount(PRJQUOTA, PROJID);
	ihard_p = pused + NEW_INODES;
	set_limits(PRJQUOTA, PROJID, ihard_p);
	check_limits(PRJQUOTA, PROJID, ihard_p, "project");
	/* nobody's user limit would stop it first: lift it meanwhile */
	set_limits(USRQUOTA, nobody_uid, 100);
	quota_create_as_nobody(MNT "/p", MNT "/p", 0, NEW_INODES, ENOSPC);
	TST_EXP_EXPR(icount(PRJQUOTA, PROJID) == ihard_p,
		     "Q_XGETQUOTA counts project %d's %llu inodes", PROJID,
		     ihard_p);
	quota_remove_files(MNT "/p", NEW_INODES);
	/*
	 * XFS frees unlinked inodes, and their quota, in the background
	 * (inodegc); an unmount waits for that
	 */
	umount_fs();
	mount_fs("usrquota,prjquota");
	set_limits(USRQUOTA, nobody_uid, NEW_INODES);

	check_next(1, 0, nobody_uid);
	check_next(nobody_uid + 1, ENOENT, 0);
	check_next(0xfffffffc, ENOENT, 0);

	TST_EXP_PASS(quota_ctl(Q_XQUOTAOFF, USRQUOTA, 0, &uenfd),
		     "Q_XQUOTAOFF user enforcement");
	flags = quota_xstat_flags();
	TST_EXP_EXPR((flags & FS_QUOTA_UDQ_ACCT) &&
		     !(flags & FS_QUOTA_UDQ_ENFD) &&
		     (flags & FS_QUOTA_PDQ_ENFD),
		     "after Q_XQUOTAOFF: flags 0x%x, user accounting without enforcement, project enforced",
		     flags);
	TST_EXP_FAIL(quota_ctl(Q_XQUOTAOFF, USRQUOTA, 0, &uenfd), EEXIST,
		     "Q_XQUOTAOFF user enforcement again");
	quota_create_as_nobody(MNT "/u", MNT "/u", NEW_INODES, 1, 0);
	count = icount(USRQUOTA, nobody_uid);
	TST_EXP_EXPR(count == NEW_INODES + 1,
		     "Q_XGETQUOTA counts nobody's %llu inodes past the limit %d",
		     count, NEW_INODES);
	TST_EXP_PASS(quota_ctl(Q_XQUOTAON, USRQUOTA, 0, &uenfd),
		     "Q_XQUOTAON user enforcement");
	TST_EXP_EXPR(quota_xstat_flags() == want, "after Q_XQUOTAON: flags 0x%x",
		     quota_xstat_flags());
	TST_EXP_FAIL(quota_ctl(Q_XQUOTAON, USRQUOTA, 0, &uenfd), EEXIST,
		     "Q_XQUOTAON user enforcement again");
	quota_remove_files(MNT "/u", NEW_INODES);

	TST_EXP_FAIL(quota_ctl(Q_XQUOTARM, USRQUOTA, 0, &rm_type), EINVAL,
		     "Q_XQUOTARM with quota on");
	umount_fs();

	mount_fs("noquota");
	TST_EXP_FAIL(quota_ctl(Q_XQUOTARM, USRQUOTA, 0, &bad_type), EINVAL,
		     "Q_XQUOTARM with an unknown type flag 0x%x", bad_type);
	if (statfs(MNT, &before))
		tst_brk(TBROK | TERRNO, "statfs(%s)", MNT);
	TST_EXP_PASS(quota_ctl(Q_XQUOTARM, USRQUOTA, 0, &rm_type),
		     "Q_XQUOTARM user quota");
	if (statfs(MNT, &after))
		tst_brk(TBROK | TERRNO, "statfs(%s)", MNT);
	TST_EXP_EXPR(after.f_bfree >= before.f_bfree,
		     "free blocks %llu after Q_XQUOTARM, %llu before",
		     (unsigned long long)after.f_bfree,
		     (unsigned long long)before.f_bfree);
	umount_fs();

	mount_fs("usrquota,prjquota");
	if (get_quota(USRQUOTA, nobody_uid, &d))
		TST_EXP_EXPR(errno == ENOENT,
			     "user quota of nobody after Q_XQUOTARM: %s",
			     tst_strerrno(errno));
	else
		TST_EXP_EXPR(!d.d_ino_hardlimit && !d.d_blk_hardlimit,
			     "user limits of nobody after Q_XQUOTARM: inodes %llu, blocks %llu",
			     (unsigned long long)d.d_ino_hardlimit,
			     (unsigned long long)d.d_blk_hardlimit);
	check_limits(PRJQUOTA, PROJID, ihard_p, "project, kept by Q_XQUOTARM of user quota");
	umount_fs();
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	nobody_uid = pw ? pw->pw_uid : 65534;
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	mount_fs(NULL);
	SAFE_MKDIR(MNT "/u", 0777);
	SAFE_MKDIR(MNT "/p", 0777);
	SAFE_CHMOD(MNT "/u", 0777);
	SAFE_CHMOD(MNT "/p", 0777);
	set_project(MNT "/p");
	umount_fs();
}

static void cleanup(void)
{
	if (mounted)
		SAFE_UMOUNT(MNT);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.format_device = 1,
	.dev_fs_type = "xfs",
	.dev_min_size_mb = 300,
	.needs_kconfigs = (const char *const[]) {"CONFIG_XFS_QUOTA", NULL},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "657bdfb7f5e6"},
		{"linux-git", "3dd4d40b4208"},
		{}
	},
};
