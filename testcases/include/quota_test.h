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

#endif /* QUOTA_TEST_H */
