/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the quotactl tests on the test device (tst_device): the raw
 * quotactl(2) of one quota type, Q_GETQUOTA and Q_XGETQSTAT that must
 * succeed, and files created as nobody up to an inode limit and past it.
 */
#ifndef QUOTA_TEST_H
#define QUOTA_TEST_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/quota.h>
#include <linux/dqblk_xfs.h>
#include "tst_test.h"
#include "lapi/syscalls.h"

static inline long quota_ctl(unsigned int cmd, int type, unsigned int id,
			     void *addr)
{
	return tst_syscall(__NR_quotactl, QCMD(cmd, type), tst_device->dev,
			   id, addr);
}

/* Q_SETQUOTA of the four limits of @id (QIF_LIMITS): its return. */
static inline long quota_set_limits(int type, unsigned int id,
				    unsigned long long bsoft,
				    unsigned long long bhard,
				    unsigned long long isoft,
				    unsigned long long ihard)
{
	struct if_dqblk dq = {
		.dqb_bsoftlimit = bsoft,
		.dqb_bhardlimit = bhard,
		.dqb_isoftlimit = isoft,
		.dqb_ihardlimit = ihard,
		.dqb_valid = QIF_LIMITS,
	};

	return quota_ctl(Q_SETQUOTA, type, id, &dq);
}

/* Q_GETQUOTA of @id, which must succeed; @name is the quota type's. */
static inline void quota_get_dqblk(int type, unsigned int id,
				   const char *name, struct if_dqblk *dq)
{
	memset(dq, 0, sizeof(*dq));
	if (quota_ctl(Q_GETQUOTA, type, id, dq))
		tst_brk(TBROK | TERRNO, "Q_GETQUOTA %s %u", name, id);
}

/* qs_flags of Q_XGETQSTAT (accounting and enforcement of each type). */
static inline unsigned int quota_xstat_flags(void)
{
	struct fs_quota_stat st;

	memset(&st, 0, sizeof(st));
	if (quota_ctl(Q_XGETQSTAT, USRQUOTA, 0, &st))
		tst_brk(TBROK | TERRNO, "Q_XGETQSTAT");
	return st.qs_flags;
}

/* Q_GETQUOTA of @id counts @inodes inodes. */
static inline void quota_check_icount(int type, unsigned int id,
				      const char *name,
				      unsigned long long inodes)
{
	struct if_dqblk dq;

	quota_get_dqblk(type, id, name, &dq);
	TST_EXP_EXPR(dq.dqb_curinodes == inodes,
		     "%s: Q_GETQUOTA counts %llu inodes (hard limit %llu)",
		     name, (unsigned long long)dq.dqb_curinodes, inodes);
}

/*
 * Q_GETNEXTQUOTA from id 1 finds @id, the only id with limits, with its
 * inode and block hard limits; from @id + 1 it is ENOENT.
 */
static inline void quota_check_next(int type, unsigned int id,
				    const char *name, unsigned long long ihard,
				    unsigned long long bhard)
{
	struct if_nextdqblk next;

	memset(&next, 0, sizeof(next));
	TST_EXP_PASS(quota_ctl(Q_GETNEXTQUOTA, type, 1, &next),
		     "%s: Q_GETNEXTQUOTA from id 1", name);
	if (TST_PASS)
		TST_EXP_EXPR(next.dqb_id == id &&
			     next.dqb_ihardlimit == ihard &&
			     next.dqb_bhardlimit == bhard,
			     "%s: next id from 1 is %u (expected %u), inode hard limit %llu, block hard limit %llu",
			     name, next.dqb_id, id,
			     (unsigned long long)next.dqb_ihardlimit,
			     (unsigned long long)next.dqb_bhardlimit);
	TST_EXP_FAIL(quota_ctl(Q_GETNEXTQUOTA, type, id + 1, &next), ENOENT,
		     "%s: Q_GETNEXTQUOTA past the last id", name);
}

/*
 * As nobody, in @dir: files f<first> .. f<first + ok - 1> must be
 * created; then, unless @err is 0, one more must fail with @err. @who
 * opens each message.
 */
static inline void quota_create_as_nobody(const char *who, const char *dir,
					  int first, int ok, int err)
{
	char path[64];
	int i, fd;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		for (i = first; i < first + ok; i++) {
			snprintf(path, sizeof(path), "%s/f%d", dir, i);
			fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
			if (fd < 0) {
				tst_res(TFAIL | TERRNO,
					"%s: nobody creating %s, within the limit",
					who, path);
				exit(0);
			}
			close(fd);
		}
		tst_res(TPASS, "%s: nobody created %d files within the limits",
			who, ok);
		if (err) {
			snprintf(path, sizeof(path), "%s/f%d", dir, i);
			TST_EXP_FAIL(open(path, O_CREAT | O_EXCL | O_WRONLY,
					  0644), err,
				     "%s: nobody creating one past the inode hard limit",
				     who);
		}
		exit(0);
	}
	reap_child(pid);
}

/* Remove what quota_create_as_nobody() may have left: f0 .. f<last>. */
static inline void quota_remove_files(const char *dir, int last)
{
	char path[64];
	int i;

	for (i = 0; i <= last; i++) {
		snprintf(path, sizeof(path), "%s/f%d", dir, i);
		if (unlink(path) && errno != ENOENT)
			tst_brk(TBROK | TERRNO, "unlink(%s)", path);
	}
}

#endif /* QUOTA_TEST_H */
