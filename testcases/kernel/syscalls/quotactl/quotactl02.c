// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * quotactl(2), raw, on ext4 made with the quota and project features
 * (hidden quota inodes, format QFMT_VFS_V1, usage tracked from mount on,
 * dquot_quotactl_sysfile_ops in fs/quota/dquot.c), for user, group and
 * project quota in turn; the ids are nobody's uid, nobody's gid and
 * project 1000 (set on a directory with FS_IOC_FSSETXATTR):
 * - Q_GETFMT is QFMT_VFS_V1, Q_GETINFO has DQF_SYS_FILE, Q_XGETQSTAT
 *   shows accounting on and enforcement off after a plain mount;
 * - Q_SETINFO grace times and Q_SETQUOTA limits read back with Q_GETINFO
 *   and Q_GETQUOTA;
 * - Q_QUOTAON turns enforcement on (Q_XGETQSTAT), a second Q_QUOTAON is
 *   EEXIST (dquot_quota_enable() turns EBUSY into EEXIST for hidden
 *   quota files); nobody (no CAP_SYS_RESOURCE) creating files under the
 *   id gets exactly up to the inode hard limit, the next one is EDQUOT,
 *   and Q_GETQUOTA counts the inodes;
 * - Q_GETNEXTQUOTA from id 1 finds the id with its limits, from id + 1
 *   it is ENOENT (qtree_get_next_id(): no higher id in the quota file);
 * - limits at the edge of the v1 format (7e08da50cf70, "quota: Fix
 *   maximum quota limit settings"): 2^53 - 1 KiB blocks (2^63 - 1024
 *   bytes) and 2^63 - 1 inodes are taken and read back exactly, 2^53
 *   blocks and 2^63 inodes are ERANGE;
 * - Q_QUOTAOFF turns enforcement off but keeps accounting, a second one
 *   is EEXIST, and nobody can create past the limit again;
 * - Q_SYNC, then a remount: limits and grace times read back from disk;
 * - errors: an unknown Q_SETINFO valid bit or flag is EINVAL, quota type
 *   3 EINVAL, a missing special file ENOENT, a regular file ENOTBLK; as
 *   nobody Q_QUOTAON, Q_QUOTAOFF, Q_SETQUOTA, Q_SETINFO and Q_GETQUOTA of
 *   root are EPERM, while Q_GETFMT, Q_GETINFO and Q_GETQUOTA of nobody's
 *   own uid are allowed.
 */
#include <fcntl.h>
#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <linux/fs.h>
#include <linux/quota.h>
#include <linux/dqblk_xfs.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "mount_ns.h"
#include "quota_test.h"

#define MNT "mnt"
#define PROJID 1000
#define NEW_INODES 3

struct qtype {
	int type;
	const char *name;
	const char *dir;
	unsigned int id;
	unsigned int acct, enfd;
	unsigned long long bsoft, bhard;
	unsigned int bgrace, igrace;
};

static struct qtype qtypes[] = {
	{USRQUOTA, "user", MNT "/u", 0, FS_QUOTA_UDQ_ACCT, FS_QUOTA_UDQ_ENFD,
	 1000, 2000, 7200, 5400},
	{GRPQUOTA, "group", MNT "/g", 0, FS_QUOTA_GDQ_ACCT, FS_QUOTA_GDQ_ENFD,
	 1100, 2100, 7300, 5500},
	{PRJQUOTA, "project", MNT "/p", PROJID, FS_QUOTA_PDQ_ACCT,
	 FS_QUOTA_PDQ_ENFD, 1200, 2200, 7400, 5600},
};

static uid_t nobody_uid;
static gid_t nobody_gid;
static int mounted;

static long sys_quotactl(unsigned int cmd, const char *special, int id,
			 void *addr)
{
	return tst_syscall(__NR_quotactl, cmd, special, id, addr);
}

static void mount_fs(void)
{
	if (mount(tst_device->dev, MNT, "ext4", 0, NULL)) {
		if (errno == ESRCH)
			tst_brk(TCONF | TERRNO,
				"ext4 quota: format QFMT_VFS_V1 not available (module quota_v2?)");
		tst_brk(TBROK | TERRNO, "mount(%s, ext4)", tst_device->dev);
	}
	mounted = 1;
}

static void umount_fs(void)
{
	SAFE_UMOUNT(MNT);
	mounted = 0;
}

static void set_limits(struct qtype *q, unsigned long long bsoft,
		       unsigned long long bhard, unsigned long long isoft,
		       unsigned long long ihard)
{
	if (quota_set_limits(q->type, q->id, bsoft, bhard, isoft, ihard))
		tst_brk(TBROK | TERRNO, "Q_SETQUOTA %s %u", q->name, q->id);
}

static void check_limits(struct qtype *q, const char *when,
			 unsigned long long bsoft, unsigned long long bhard,
			 unsigned long long isoft, unsigned long long ihard)
{
	struct if_dqblk dq;

	quota_get_dqblk(q->type, q->id, q->name, &dq);
	if (dq.dqb_bsoftlimit == bsoft && dq.dqb_bhardlimit == bhard &&
	    dq.dqb_isoftlimit == isoft && dq.dqb_ihardlimit == ihard &&
	    (dq.dqb_valid & (QIF_LIMITS | QIF_USAGE)) ==
	    (QIF_LIMITS | QIF_USAGE)) {
		tst_res(TPASS, "%s %u %s: limits %llu/%llu blocks %llu/%llu inodes",
			q->name, q->id, when, bsoft, bhard, isoft, ihard);
		return;
	}
	tst_res(TFAIL, "%s %u %s: limits %llu/%llu blocks %llu/%llu inodes valid 0x%x, expected %llu/%llu %llu/%llu",
		q->name, q->id, when,
		(unsigned long long)dq.dqb_bsoftlimit,
		(unsigned long long)dq.dqb_bhardlimit,
		(unsigned long long)dq.dqb_isoftlimit,
		(unsigned long long)dq.dqb_ihardlimit, dq.dqb_valid,
		bsoft, bhard, isoft, ihard);
}

static void check_grace(struct qtype *q, const char *when)
{
	struct if_dqinfo info;

	memset(&info, 0, sizeof(info));
	TST_EXP_PASS(quota_ctl(Q_GETINFO, q->type, 0, &info), "Q_GETINFO %s %s",
		     q->name, when);
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(info.dqi_bgrace == q->bgrace &&
		     info.dqi_igrace == q->igrace &&
		     (info.dqi_flags & DQF_SYS_FILE),
		     "%s %s: grace %llu/%llu s (set %u/%u), flags 0x%x has DQF_SYS_FILE",
		     q->name, when, (unsigned long long)info.dqi_bgrace,
		     (unsigned long long)info.dqi_igrace, q->bgrace, q->igrace,
		     info.dqi_flags);
}

static void check_state(struct qtype *q, int enforced, const char *when)
{
	unsigned int flags = quota_xstat_flags();

	TST_EXP_EXPR((flags & q->acct) && !!(flags & q->enfd) == enforced,
		     "%s %s: Q_XGETQSTAT flags 0x%x: accounting on, enforcement %s",
		     q->name, when, flags, enforced ? "on" : "off");
}

static void check_edges(struct qtype *q)
{
	const unsigned long long max_blocks = (1ULL << 53) - 1;
	const unsigned long long max_inodes = (1ULL << 63) - 1;
	struct if_dqblk dq = {.dqb_valid = QIF_BLIMITS};

	dq.dqb_bhardlimit = max_blocks + 1;
	TST_EXP_FAIL(quota_ctl(Q_SETQUOTA, q->type, q->id, &dq), ERANGE,
		     "%s: block hard limit 2^53 KiB (2^63 bytes)", q->name);
	dq.dqb_bhardlimit = 0;
	dq.dqb_bsoftlimit = max_blocks + 1;
	TST_EXP_FAIL(quota_ctl(Q_SETQUOTA, q->type, q->id, &dq), ERANGE,
		     "%s: block soft limit 2^53 KiB", q->name);
	memset(&dq, 0, sizeof(dq));
	dq.dqb_valid = QIF_ILIMITS;
	dq.dqb_ihardlimit = max_inodes + 1;
	TST_EXP_FAIL(quota_ctl(Q_SETQUOTA, q->type, q->id, &dq), ERANGE,
		     "%s: inode hard limit 2^63", q->name);

	set_limits(q, max_blocks, max_blocks, max_inodes, max_inodes);
	check_limits(q, "at the format's maximum", max_blocks, max_blocks,
		     max_inodes, max_inodes);
}

static void run_type(struct qtype *q)
{
	struct if_dqinfo info;
	struct if_dqblk dq;
	unsigned int fmt = 0;
	unsigned long long used, isoft, ihard;

	TST_EXP_PASS(quota_ctl(Q_GETFMT, q->type, 0, &fmt), "Q_GETFMT %s",
		     q->name);
	TST_EXP_EQ_LI(fmt, QFMT_VFS_V1);
	check_state(q, 0, "after mount");

	memset(&info, 0, sizeof(info));
	info.dqi_bgrace = q->bgrace;
	info.dqi_igrace = q->igrace;
	info.dqi_valid = IIF_BGRACE | IIF_IGRACE;
	TST_EXP_PASS(quota_ctl(Q_SETINFO, q->type, 0, &info), "Q_SETINFO %s",
		     q->name);
	check_grace(q, "after Q_SETINFO");

	quota_get_dqblk(q->type, q->id, q->name, &dq);
	used = dq.dqb_curinodes;
	isoft = used + NEW_INODES - 1;
	ihard = used + NEW_INODES;

	check_edges(q);

	set_limits(q, q->bsoft, q->bhard, isoft, ihard);
	check_limits(q, "after Q_SETQUOTA", q->bsoft, q->bhard, isoft, ihard);

	TST_EXP_PASS(quota_ctl(Q_QUOTAON, q->type, QFMT_VFS_V1, NULL),
		     "Q_QUOTAON %s", q->name);
	check_state(q, 1, "after Q_QUOTAON");
	TST_EXP_FAIL(quota_ctl(Q_QUOTAON, q->type, QFMT_VFS_V1, NULL), EEXIST,
		     "Q_QUOTAON %s, limits already on", q->name);

	quota_create_as_nobody(q->name, q->dir, 0, NEW_INODES, EDQUOT);
	quota_check_icount(q->type, q->id, q->name, ihard);
	quota_check_next(q->type, q->id, q->name, ihard, q->bhard);

	TST_EXP_PASS(quota_ctl(Q_QUOTAOFF, q->type, 0, NULL), "Q_QUOTAOFF %s",
		     q->name);
	check_state(q, 0, "after Q_QUOTAOFF");
	TST_EXP_FAIL(quota_ctl(Q_QUOTAOFF, q->type, 0, NULL), EEXIST,
		     "Q_QUOTAOFF %s, limits already off", q->name);
	quota_create_as_nobody(q->name, q->dir, NEW_INODES, 1, 0);
	quota_get_dqblk(q->type, q->id, q->name, &dq);
	TST_EXP_EXPR(dq.dqb_curinodes == ihard + 1,
		     "%s: past the limit with enforcement off, Q_GETQUOTA counts %llu inodes",
		     q->name, (unsigned long long)dq.dqb_curinodes);

	quota_remove_files(q->dir, NEW_INODES);
	quota_get_dqblk(q->type, q->id, q->name, &dq);
	TST_EXP_EXPR(dq.dqb_curinodes == used,
		     "%s: back to %llu inodes after unlinking", q->name,
		     (unsigned long long)dq.dqb_curinodes);
}

static void as_nobody(void)
{
	struct if_dqinfo info = {.dqi_valid = IIF_BGRACE, .dqi_bgrace = 1};
	struct if_dqblk dq = {.dqb_valid = QIF_ILIMITS, .dqb_ihardlimit = 5};
	unsigned int fmt;

	TST_EXP_PASS(quota_ctl(Q_GETFMT, USRQUOTA, 0, &fmt), "Q_GETFMT as nobody");
	TST_EXP_PASS(quota_ctl(Q_GETINFO, USRQUOTA, 0, &info),
		     "Q_GETINFO as nobody");
	TST_EXP_PASS(quota_ctl(Q_GETQUOTA, USRQUOTA, nobody_uid, &dq),
		     "Q_GETQUOTA of its own uid as nobody");
	TST_EXP_FAIL(quota_ctl(Q_GETQUOTA, USRQUOTA, 0, &dq), EPERM,
		     "Q_GETQUOTA of root as nobody");
	TST_EXP_FAIL(quota_ctl(Q_SETQUOTA, USRQUOTA, nobody_uid, &dq), EPERM,
		     "Q_SETQUOTA as nobody");
	info.dqi_valid = IIF_BGRACE;
	TST_EXP_FAIL(quota_ctl(Q_SETINFO, USRQUOTA, 0, &info), EPERM,
		     "Q_SETINFO as nobody");
	TST_EXP_FAIL(quota_ctl(Q_QUOTAON, USRQUOTA, QFMT_VFS_V1, NULL), EPERM,
		     "Q_QUOTAON as nobody");
	TST_EXP_FAIL(quota_ctl(Q_QUOTAOFF, USRQUOTA, 0, NULL), EPERM,
		     "Q_QUOTAOFF as nobody");
}

static void check_errors(void)
{
	struct if_dqinfo info;
	unsigned int fmt;

	memset(&info, 0, sizeof(info));
	info.dqi_valid = IIF_ALL << 1;
	TST_EXP_FAIL(quota_ctl(Q_SETINFO, USRQUOTA, 0, &info), EINVAL,
		     "Q_SETINFO with an unknown valid bit");
	info.dqi_valid = IIF_FLAGS;
	info.dqi_flags = DQF_SYS_FILE;
	TST_EXP_FAIL(quota_ctl(Q_SETINFO, USRQUOTA, 0, &info), EINVAL,
		     "Q_SETINFO setting DQF_SYS_FILE");
	TST_EXP_FAIL(sys_quotactl(QCMD(Q_GETFMT, 3), tst_device->dev, 0,
				  &fmt), EINVAL, "Q_GETFMT, quota type 3");
	TST_EXP_FAIL(sys_quotactl(QCMD(Q_GETINFO, USRQUOTA), "no_such_dev",
				  0, &info), ENOENT, "Q_GETINFO, missing device");
	TST_EXP_FAIL(sys_quotactl(QCMD(Q_GETINFO, USRQUOTA), "file", 0,
				  &info), ENOTBLK, "Q_GETINFO, regular file");
	run_in_nobody_child(as_nobody, "the unprivileged checks");
}

static void run(void)
{
	unsigned int i;

	check_errors();
	for (i = 0; i < ARRAY_SIZE(qtypes); i++)
		run_type(&qtypes[i]);

	TST_EXP_PASS(sys_quotactl(QCMD(Q_SYNC, USRQUOTA), tst_device->dev, 0,
				  NULL), "Q_SYNC");
	umount_fs();
	mount_fs();
	for (i = 0; i < ARRAY_SIZE(qtypes); i++) {
		struct qtype *q = &qtypes[i];
		struct if_dqblk dq;

		quota_get_dqblk(q->type, q->id, q->name, &dq);
		check_limits(q, "after a remount", q->bsoft, q->bhard,
			     dq.dqb_curinodes + NEW_INODES - 1,
			     dq.dqb_curinodes + NEW_INODES);
		check_grace(q, "after a remount");
		set_limits(q, 0, 0, 0, 0);
	}
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");
	struct fsxattr fsx;
	int fd;

	nobody_uid = pw ? pw->pw_uid : 65534;
	nobody_gid = pw ? pw->pw_gid : 65534;
	qtypes[0].id = nobody_uid;
	qtypes[1].id = nobody_gid;

	fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);

	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	mount_fs();
	SAFE_MKDIR(qtypes[0].dir, 0777);
	SAFE_MKDIR(qtypes[1].dir, 0777);
	SAFE_MKDIR(qtypes[2].dir, 0777);
	SAFE_CHMOD(qtypes[0].dir, 0777);
	SAFE_CHMOD(qtypes[1].dir, 0777);
	SAFE_CHMOD(qtypes[2].dir, 0777);

	fd = SAFE_OPEN(qtypes[2].dir, O_RDONLY | O_DIRECTORY);
	if (ioctl(fd, FS_IOC_FSGETXATTR, &fsx))
		tst_brk(TBROK | TERRNO, "FS_IOC_FSGETXATTR(%s)", qtypes[2].dir);
	fsx.fsx_projid = PROJID;
	fsx.fsx_xflags |= FS_XFLAG_PROJINHERIT;
	if (ioctl(fd, FS_IOC_FSSETXATTR, &fsx))
		tst_brk(TBROK | TERRNO, "FS_IOC_FSSETXATTR(%s, project %d)",
			qtypes[2].dir, PROJID);
	SAFE_CLOSE(fd);
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
	.dev_fs_type = "ext4",
	.dev_fs_opts = (const char *const[]) {
		"-O", "quota,project", "-I", "256", NULL
	},
	.needs_kconfigs = (const char *const[]) {"CONFIG_QUOTA", NULL},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "7e08da50cf70"},
		{}
	},
};
