// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * quotactl(2), raw, on a freshly made ext4 filesystem without quota
 * (fs/quota/quota.c, same in 6.1 and 6.12):
 * - Q_GETFMT for user quota is ESRCH (quota not on), also for nobody:
 *   it needs no privilege;
 * - a quota type >= MAXQUOTAS is EINVAL; an unknown command is EINVAL;
 * - with no device, Q_GETFMT is ENODEV and Q_SYNC (all filesystems)
 *   succeeds;
 * - a device path that does not exist is ENOENT, a regular file ENOTBLK;
 * - Q_QUOTAON as root with a quota file that does not exist is ENOENT;
 *   as nobody it is EPERM.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/quota.h>
#include "tst_test.h"
#include "as_nobody.h"

#define MNT "mnt"

static long sys_quotactl(unsigned int cmd, const char *special, int id,
			 void *addr)
{
	return tst_syscall(__NR_quotactl, cmd, special, id, addr);
}

static void as_nobody(void)
{
	unsigned int fmt;

	TST_EXP_FAIL(sys_quotactl(QCMD(Q_GETFMT, USRQUOTA), tst_device->dev,
				  0, &fmt), ESRCH, "Q_GETFMT as nobody");
	TST_EXP_FAIL(sys_quotactl(QCMD(Q_QUOTAON, USRQUOTA), tst_device->dev,
				  QFMT_VFS_V0, "no_such_file"), EPERM,
		     "Q_QUOTAON as nobody");
}

static void run(void)
{
	const char *dev = tst_device->dev;
	unsigned int fmt;

	TST_EXP_FAIL(sys_quotactl(QCMD(Q_GETFMT, USRQUOTA), dev, 0, &fmt),
		     ESRCH, "Q_GETFMT, quota off");
	TST_EXP_FAIL(sys_quotactl(QCMD(Q_GETFMT, 7), dev, 0, &fmt), EINVAL,
		     "Q_GETFMT, quota type 7");
	TST_EXP_FAIL(sys_quotactl(QCMD(0x800100, USRQUOTA), dev, 0, &fmt),
		     EINVAL, "command 0x800100");
	TST_EXP_FAIL(sys_quotactl(QCMD(Q_GETFMT, USRQUOTA), NULL, 0, &fmt),
		     ENODEV, "Q_GETFMT, no device");
	TST_EXP_PASS(sys_quotactl(QCMD(Q_SYNC, USRQUOTA), NULL, 0, NULL),
		     "Q_SYNC, no device");
	TST_EXP_FAIL(sys_quotactl(QCMD(Q_GETFMT, USRQUOTA), "no_such_dev", 0,
				  &fmt), ENOENT, "Q_GETFMT, missing device");
	TST_EXP_FAIL(sys_quotactl(QCMD(Q_GETFMT, USRQUOTA), "file", 0, &fmt),
		     ENOTBLK, "Q_GETFMT, regular file");
	TST_EXP_FAIL(sys_quotactl(QCMD(Q_QUOTAON, USRQUOTA), dev, QFMT_VFS_V0,
				  MNT "/no_such_file"), ENOENT,
		     "Q_QUOTAON, missing quota file");
	run_in_nobody_child(as_nobody, "the unprivileged checks");
}

static void setup(void)
{
	int fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0644);

	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
};
