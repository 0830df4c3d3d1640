// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * quotactl_fd(2), raw (fs/quota/quota.c, same in 6.1 and 6.12):
 * - on a freshly made ext4 filesystem without quota, Q_GETFMT for user
 *   quota is ESRCH (quota not on), also for nobody;
 * - a quota type >= MAXQUOTAS is EINVAL; an unknown command is EINVAL;
 * - Q_QUOTAON as root is EINVAL: ext4 without the quota feature needs a
 *   quota file path, which quotactl_fd() cannot pass; as nobody EPERM;
 * - a descriptor that is not open is EBADF;
 * - on procfs, which has no quota support (no s_qcop), it is ENOSYS.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/quota.h>
#include "tst_test.h"
#include "as_nobody.h"

#define MNT "mnt"

static int mnt_fd = -1, proc_fd = -1;

static long sys_quotactl_fd(int fd, unsigned int cmd, int id, void *addr)
{
	return syscall(__NR_quotactl_fd, fd, cmd, id, addr);
}

static void as_nobody(void)
{
	unsigned int fmt;

	TST_EXP_FAIL(sys_quotactl_fd(mnt_fd, QCMD(Q_GETFMT, USRQUOTA), 0,
				     &fmt), ESRCH, "Q_GETFMT as nobody");
	TST_EXP_FAIL(sys_quotactl_fd(mnt_fd, QCMD(Q_QUOTAON, USRQUOTA),
				     QFMT_VFS_V0, NULL), EPERM,
		     "Q_QUOTAON as nobody");
}

static void run(void)
{
	unsigned int fmt;

	TST_EXP_FAIL(sys_quotactl_fd(mnt_fd, QCMD(Q_GETFMT, USRQUOTA), 0,
				     &fmt), ESRCH, "Q_GETFMT, quota off");
	TST_EXP_FAIL(sys_quotactl_fd(mnt_fd, QCMD(Q_GETFMT, 7), 0, &fmt),
		     EINVAL, "Q_GETFMT, quota type 7");
	TST_EXP_FAIL(sys_quotactl_fd(mnt_fd, QCMD(0x800100, USRQUOTA), 0,
				     &fmt), EINVAL, "command 0x800100");
	TST_EXP_FAIL(sys_quotactl_fd(mnt_fd, QCMD(Q_QUOTAON, USRQUOTA),
				     QFMT_VFS_V0, NULL), EINVAL,
		     "Q_QUOTAON on ext4 without the quota feature");
	TST_EXP_FAIL(sys_quotactl_fd(proc_fd, QCMD(Q_GETFMT, USRQUOTA), 0,
				     &fmt), ENOSYS, "Q_GETFMT on procfs");
	run_in_nobody_child(as_nobody, "the unprivileged checks");
}

static void setup(void)
{
	unsigned int fmt;
	int fd;

	/* EBADF tells that the call exists: ENOSYS below is procfs' */
	fd = SAFE_OPEN("closed", O_CREAT | O_WRONLY, 0644);
	close(fd);
	errno = 0;
	if (sys_quotactl_fd(fd, QCMD(Q_GETFMT, USRQUOTA), 0, &fmt) == -1 &&
	    errno == ENOSYS)
		tst_brk(TCONF, "quotactl_fd() not supported by the kernel");
	TST_EXP_FAIL(sys_quotactl_fd(fd, QCMD(Q_GETFMT, USRQUOTA), 0, &fmt),
		     EBADF, "Q_GETFMT on a closed fd");
	mnt_fd = SAFE_OPEN(MNT, O_RDONLY | O_DIRECTORY);
	proc_fd = SAFE_OPEN("/proc/self", O_RDONLY | O_DIRECTORY);
}

static void cleanup(void)
{
	if (mnt_fd != -1)
		SAFE_CLOSE(mnt_fd);
	if (proc_fd != -1)
		SAFE_CLOSE(proc_fd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
};
