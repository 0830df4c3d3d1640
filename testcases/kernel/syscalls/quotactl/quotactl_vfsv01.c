// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * quotactl(2), raw, with visible quota files: ext4 without the quota
 * feature, mounted with usrquota,grpquota, and aquota.user/aquota.group
 * written by the test as quotacheck leaves empty ones (fs/quota/
 * quotaio_v2.h: the type's magic and the format's version, the info
 * header with 7-day grace times and 2 blocks of 1 KiB, block 1 the empty
 * tree root). Once with QFMT_VFS_V0 files (version 0, 32-bit limits),
 * once with QFMT_VFS_V1 files (version 1, 64-bit limits); user and group
 * quota for nobody's uid and gid in turn:
 * - quota off: Q_GETFMT, Q_GETQUOTA, Q_SETQUOTA and Q_GETNEXTQUOTA are
 *   ESRCH; Q_QUOTAON with a directory is EACCES (not a regular file), a
 *   missing file ENOENT, format 999 ESRCH, the other version's format
 *   EINVAL (v2_read_file_info()), the other quota type's file EINVAL
 *   (wrong magic), an unknown command EINVAL; as nobody EPERM;
 * - Q_QUOTAON: Q_GETFMT is the format; Q_GETINFO has the file's grace
 *   times, without DQF_SYS_FILE; the file is immutable (writing EPERM);
 *   a second Q_QUOTAON with the file is EBUSY, and so is one with the
 *   other file; Q_SETQUOTA and Q_GETQUOTA with an unmapped buffer are
 *   EFAULT;
 * - Q_SETINFO grace times and Q_SETQUOTA limits read back (Q_GETINFO,
 *   Q_GETQUOTA); nobody gets exactly up to the inode hard limit, then
 *   EDQUOT; Q_GETQUOTA counts the inodes; Q_GETNEXTQUOTA from 1 finds
 *   the id, past it ENOENT; nobody's Q_QUOTAON, Q_SETQUOTA, Q_QUOTAOFF
 *   are EPERM;
 * - the format's limits (7e08da50cf70, "quota: Fix maximum quota limit
 *   settings"): v0 takes 2^32 - 1 blocks and inodes, 2^32 is ERANGE; v1
 *   takes 2^53 - 1 KiB blocks and 2^63 - 1 inodes, 2^53 and 2^63 are
 *   ERANGE;
 * - Q_SYNC, Q_QUOTAOFF: the file's info header holds the grace times
 *   and a block count above the empty file's 2 (the ids' entries went
 *   into new blocks); Q_GETFMT is ESRCH again, the file is writable;
 *   Q_QUOTAON again reads the limits, usage and grace times back from it.
 */
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <linux/quota.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "mount_ns.h"
#include "quota_test.h"

#define MNT "mnt"
#define NEW_INODES 3
#define DQ_BLOCK 1024
#define GRACE_DEFAULT (7 * 24 * 3600)

struct qtype {
	int type;
	const char *name;
	const char *file;
	const char *dir;
	unsigned int magic;
	unsigned int id;
	unsigned int bgrace, igrace;
	unsigned long long bsoft, bhard;
};

static struct qtype qtypes[] = {
	{USRQUOTA, "user", MNT "/aquota.user", MNT "/u", 0xd9c01f11, 0,
	 7200, 5400, 1000, 2000},
	{GRPQUOTA, "group", MNT "/aquota.group", MNT "/g", 0xd9c01927, 0,
	 7300, 5500, 1100, 2100},
};

static const struct variant {
	const char *name;
	int fmt, other_fmt;
	unsigned int version;
	unsigned long long max_blocks, max_inodes;
} variants[] = {
	{"vfsv0", QFMT_VFS_V0, QFMT_VFS_V1, 0, 0xffffffffULL, 0xffffffffULL},
	{"vfsv1", QFMT_VFS_V1, QFMT_VFS_V0, 1, (1ULL << 53) - 1,
	 (1ULL << 63) - 1},
};

static const struct variant *var;
static int mounted;
static void *bad_addr;

static uint32_t le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_le32(unsigned char *p, uint32_t v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

/* An empty quota file of type q in format version @version. */
static void write_quota_file(const char *path, unsigned int magic,
			     unsigned int version)
{
	unsigned char buf[2 * DQ_BLOCK];
	int fd;

	memset(buf, 0, sizeof(buf));
	put_le32(buf, magic);			/* dqh_magic */
	put_le32(buf + 4, version);		/* dqh_version */
	put_le32(buf + 8, GRACE_DEFAULT);	/* dqi_bgrace */
	put_le32(buf + 12, GRACE_DEFAULT);	/* dqi_igrace */
	put_le32(buf + 16, 0);			/* dqi_flags */
	put_le32(buf + 20, 2);			/* dqi_blocks */
	put_le32(buf + 24, 0);			/* dqi_free_blk */
	put_le32(buf + 28, 0);			/* dqi_free_entry */
	fd = SAFE_OPEN(path, O_CREAT | O_TRUNC | O_WRONLY, 0600);
	SAFE_WRITE(1, fd, buf, sizeof(buf));
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
}

static void read_header(struct qtype *q, unsigned char *hdr)
{
	int fd = SAFE_OPEN(q->file, O_RDONLY);

	SAFE_READ(1, fd, hdr, 32);
	SAFE_CLOSE(fd);
}

static void check_limits(struct qtype *q, const char *when,
			 unsigned long long bsoft, unsigned long long bhard,
			 unsigned long long isoft, unsigned long long ihard)
{
	struct if_dqblk dq;

	quota_get_dqblk(q->type, q->id, q->name, &dq);
	TST_EXP_EXPR(dq.dqb_bsoftlimit == bsoft && dq.dqb_bhardlimit == bhard &&
		     dq.dqb_isoftlimit == isoft && dq.dqb_ihardlimit == ihard,
		     "%s %s: limits %llu/%llu blocks %llu/%llu inodes (expected %llu/%llu %llu/%llu)",
		     q->name, when, (unsigned long long)dq.dqb_bsoftlimit,
		     (unsigned long long)dq.dqb_bhardlimit,
		     (unsigned long long)dq.dqb_isoftlimit,
		     (unsigned long long)dq.dqb_ihardlimit, bsoft, bhard, isoft,
		     ihard);
}

static void check_info(struct qtype *q, const char *when,
		       unsigned int bgrace, unsigned int igrace)
{
	struct if_dqinfo info;

	memset(&info, 0, sizeof(info));
	TST_EXP_PASS(quota_ctl(Q_GETINFO, q->type, 0, &info), "Q_GETINFO %s %s",
		     q->name, when);
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(info.dqi_bgrace == bgrace && info.dqi_igrace == igrace &&
		     !(info.dqi_flags & DQF_SYS_FILE),
		     "%s %s: grace %llu/%llu s (expected %u/%u), flags 0x%x without DQF_SYS_FILE",
		     q->name, when, (unsigned long long)info.dqi_bgrace,
		     (unsigned long long)info.dqi_igrace, bgrace, igrace,
		     info.dqi_flags);
}

static struct qtype *nobody_q;

static void as_nobody_off(void)
{
	TST_EXP_FAIL(quota_ctl(Q_QUOTAON, nobody_q->type, var->fmt,
			  (void *)nobody_q->file), EPERM,
		     "%s: Q_QUOTAON as nobody", nobody_q->name);
}

static void as_nobody_on(void)
{
	struct if_dqblk dq = {.dqb_valid = QIF_ILIMITS, .dqb_ihardlimit = 100};

	TST_EXP_FAIL(quota_ctl(Q_SETQUOTA, nobody_q->type, nobody_q->id, &dq),
		     EPERM, "%s: Q_SETQUOTA as nobody", nobody_q->name);
	TST_EXP_FAIL(quota_ctl(Q_QUOTAOFF, nobody_q->type, 0, NULL), EPERM,
		     "%s: Q_QUOTAOFF as nobody", nobody_q->name);
	TST_EXP_FAIL(quota_ctl(Q_QUOTAON, nobody_q->type, var->fmt,
			  (void *)nobody_q->file), EPERM,
		     "%s: Q_QUOTAON as nobody, quota on", nobody_q->name);
}

static void errors_off(struct qtype *q, struct qtype *other)
{
	struct if_nextdqblk next;
	struct if_dqblk dq;
	unsigned int fmt;

	TST_EXP_FAIL(quota_ctl(Q_GETFMT, q->type, 0, &fmt), ESRCH,
		     "%s: Q_GETFMT, quota off", q->name);
	TST_EXP_FAIL(quota_ctl(Q_GETQUOTA, q->type, q->id, &dq), ESRCH,
		     "%s: Q_GETQUOTA, quota off", q->name);
	TST_EXP_FAIL(quota_set_limits(q->type, q->id, 1, 1, 1, 1), ESRCH,
		     "%s: Q_SETQUOTA, quota off", q->name);
	TST_EXP_FAIL(quota_ctl(Q_GETNEXTQUOTA, q->type, 0, &next), ESRCH,
		     "%s: Q_GETNEXTQUOTA, quota off", q->name);
	TST_EXP_FAIL(quota_ctl(Q_QUOTAON, q->type, var->fmt, MNT "/dir"), EACCES,
		     "%s: Q_QUOTAON with a directory", q->name);
	TST_EXP_FAIL(quota_ctl(Q_QUOTAON, q->type, var->fmt, MNT "/missing"),
		     ENOENT, "%s: Q_QUOTAON with a missing file", q->name);
	TST_EXP_FAIL(quota_ctl(Q_QUOTAON, q->type, 999, (void *)q->file), ESRCH,
		     "%s: Q_QUOTAON with format 999", q->name);
	TST_EXP_FAIL(quota_ctl(Q_QUOTAON, q->type, var->other_fmt,
			  (void *)q->file), EINVAL,
		     "%s: Q_QUOTAON of a %s file as format %d", q->name,
		     var->name, var->other_fmt);
	TST_EXP_FAIL(quota_ctl(Q_QUOTAON, q->type, var->fmt, (void *)other->file),
		     EINVAL, "%s: Q_QUOTAON with the %s quota file", q->name,
		     other->name);
	TST_EXP_FAIL(quota_ctl(0x800100, q->type, 0, &fmt), EINVAL,
		     "%s: command 0x800100", q->name);
	nobody_q = q;
	run_in_nobody_child(as_nobody_off, "the unprivileged checks");
}

static void check_edges(struct qtype *q)
{
	unsigned long long mb = var->max_blocks, mi = var->max_inodes;

	TST_EXP_FAIL(quota_set_limits(q->type, q->id, 0, mb + 1, 0, 0), ERANGE,
		     "%s: block hard limit %llu", q->name, mb + 1);
	TST_EXP_FAIL(quota_set_limits(q->type, q->id, mb + 1, 0, 0, 0), ERANGE,
		     "%s: block soft limit %llu", q->name, mb + 1);
	TST_EXP_FAIL(quota_set_limits(q->type, q->id, 0, 0, 0, mi + 1), ERANGE,
		     "%s: inode hard limit %llu", q->name, mi + 1);
	TST_EXP_FAIL(quota_set_limits(q->type, q->id, 0, 0, mi + 1, 0), ERANGE,
		     "%s: inode soft limit %llu", q->name, mi + 1);
	TST_EXP_PASS(quota_set_limits(q->type, q->id, mb, mb, mi, mi),
		     "%s: limits at the %s maximum", q->name, var->name);
	check_limits(q, "at the format's maximum", mb, mb, mi, mi);
}

static void run_type(struct qtype *q, struct qtype *other)
{
	struct if_dqinfo info;
	struct if_dqblk dq;
	unsigned char hdr[32];
	unsigned int fmt = 0, blocks;
	unsigned long long used, isoft, ihard;
	int fd;

	errors_off(q, other);

	TST_EXP_PASS(quota_ctl(Q_QUOTAON, q->type, var->fmt, (void *)q->file),
		     "%s: Q_QUOTAON %s with %s", q->name, var->name, q->file);
	if (!TST_PASS)
		return;
	TST_EXP_PASS(quota_ctl(Q_GETFMT, q->type, 0, &fmt), "%s: Q_GETFMT",
		     q->name);
	TST_EXP_EQ_LI(fmt, var->fmt);
	check_info(q, "after Q_QUOTAON", GRACE_DEFAULT, GRACE_DEFAULT);
	TST_EXP_FAIL(open(q->file, O_WRONLY), EPERM,
		     "%s: writing the quota file while quota is on", q->name);
	TST_EXP_FAIL(quota_ctl(Q_QUOTAON, q->type, var->fmt, (void *)q->file),
		     EBUSY, "%s: Q_QUOTAON again with the same file", q->name);
	TST_EXP_FAIL(quota_ctl(Q_QUOTAON, q->type, var->fmt, (void *)other->file),
		     EBUSY, "%s: Q_QUOTAON again with another file", q->name);
	TST_EXP_FAIL(quota_ctl(Q_SETQUOTA, q->type, q->id, bad_addr), EFAULT,
		     "%s: Q_SETQUOTA from an unmapped address", q->name);
	TST_EXP_FAIL(quota_ctl(Q_GETQUOTA, q->type, q->id, bad_addr), EFAULT,
		     "%s: Q_GETQUOTA to an unmapped address", q->name);

	memset(&info, 0, sizeof(info));
	info.dqi_bgrace = q->bgrace;
	info.dqi_igrace = q->igrace;
	info.dqi_valid = IIF_BGRACE | IIF_IGRACE;
	TST_EXP_PASS(quota_ctl(Q_SETINFO, q->type, 0, &info), "%s: Q_SETINFO",
		     q->name);
	check_info(q, "after Q_SETINFO", q->bgrace, q->igrace);

	check_edges(q);

	quota_get_dqblk(q->type, q->id, q->name, &dq);
	used = dq.dqb_curinodes;
	isoft = used + NEW_INODES - 1;
	ihard = used + NEW_INODES;
	TST_EXP_PASS(quota_set_limits(q->type, q->id, q->bsoft, q->bhard,
				      isoft, ihard),
		     "%s: Q_SETQUOTA", q->name);
	check_limits(q, "after Q_SETQUOTA", q->bsoft, q->bhard, isoft, ihard);

	quota_create_as_nobody(q->name, q->dir, 0, NEW_INODES, EDQUOT);
	quota_check_icount(q->type, q->id, q->name, ihard);
	quota_check_next(q->type, q->id, q->name, ihard, q->bhard);

	nobody_q = q;
	run_in_nobody_child(as_nobody_on, "the unprivileged checks");

	TST_EXP_PASS(quota_ctl(Q_SYNC, q->type, 0, NULL), "%s: Q_SYNC", q->name);
	TST_EXP_PASS(quota_ctl(Q_QUOTAOFF, q->type, 0, NULL), "%s: Q_QUOTAOFF",
		     q->name);
	/* the kernel wrote past the page cache, which Q_QUOTAOFF dropped */
	read_header(q, hdr);
	blocks = le32(hdr + 20);
	TST_EXP_EXPR(le32(hdr) == q->magic && le32(hdr + 4) == var->version &&
		     le32(hdr + 8) == q->bgrace && le32(hdr + 12) == q->igrace &&
		     blocks > 2,
		     "%s: file header: magic %#x version %u, grace %u/%u (expected %u/%u), %u blocks (more than the empty file's 2)",
		     q->name, le32(hdr), le32(hdr + 4), le32(hdr + 8),
		     le32(hdr + 12), q->bgrace, q->igrace, blocks);
	TST_EXP_FAIL(quota_ctl(Q_GETFMT, q->type, 0, &fmt), ESRCH,
		     "%s: Q_GETFMT after Q_QUOTAOFF", q->name);
	fd = open(q->file, O_WRONLY);
	TST_EXP_EXPR(fd >= 0, "%s: the quota file opens for writing after Q_QUOTAOFF",
		     q->name);
	if (fd >= 0)
		SAFE_CLOSE(fd);

	TST_EXP_PASS(quota_ctl(Q_QUOTAON, q->type, var->fmt, (void *)q->file),
		     "%s: Q_QUOTAON again", q->name);
	if (!TST_PASS)
		return;
	check_limits(q, "read back from the file", q->bsoft, q->bhard, isoft,
		     ihard);
	check_info(q, "read back from the file", q->bgrace, q->igrace);
	quota_get_dqblk(q->type, q->id, q->name, &dq);
	TST_EXP_EXPR(dq.dqb_curinodes == ihard,
		     "%s: usage read back from the file: %llu inodes",
		     q->name, (unsigned long long)dq.dqb_curinodes);
	quota_remove_files(q->dir, NEW_INODES);
	TST_EXP_PASS(quota_ctl(Q_QUOTAOFF, q->type, 0, NULL), "%s: Q_QUOTAOFF",
		     q->name);
}

static void run(unsigned int n)
{
	unsigned int i;

	var = &variants[n];
	tst_res(TINFO, "quota files in format %s (version %u)", var->name,
		var->version);
	for (i = 0; i < ARRAY_SIZE(qtypes); i++)
		write_quota_file(qtypes[i].file, qtypes[i].magic, var->version);
	run_type(&qtypes[0], &qtypes[1]);
	run_type(&qtypes[1], &qtypes[0]);
	for (i = 0; i < ARRAY_SIZE(qtypes); i++)
		SAFE_UNLINK(qtypes[i].file);
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	qtypes[0].id = pw ? pw->pw_uid : 65534;
	qtypes[1].id = pw ? pw->pw_gid : 65534;

	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	if (mount(tst_device->dev, MNT, "ext4", 0, "usrquota,grpquota"))
		tst_brk(TBROK | TERRNO, "mount(%s, ext4, usrquota,grpquota)",
			tst_device->dev);
	mounted = 1;
	SAFE_MKDIR(qtypes[0].dir, 0777);
	SAFE_MKDIR(qtypes[1].dir, 0777);
	SAFE_CHMOD(qtypes[0].dir, 0777);
	SAFE_CHMOD(qtypes[1].dir, 0777);
	SAFE_MKDIR(MNT "/dir", 0755);
}

static void cleanup(void)
{
	if (mounted) {
		quota_ctl(Q_QUOTAOFF, USRQUOTA, 0, NULL);
		quota_ctl(Q_QUOTAOFF, GRPQUOTA, 0, NULL);
		SAFE_UMOUNT(MNT);
	}
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.tcnt = ARRAY_SIZE(variants),
	.test = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.format_device = 1,
	.dev_fs_type = "ext4",
	.needs_kconfigs = (const char *const[]) {"CONFIG_QFMT_V2", NULL},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "7e08da50cf70"},
		{}
	},
};
