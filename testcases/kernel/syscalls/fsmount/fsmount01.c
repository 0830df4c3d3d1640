// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fsmount(): its mount attributes take effect, and each error has its
 * exact errno (fs/namespace.c):
 * - MOUNT_ATTR_RDONLY: the attached mount refuses file creation (EROFS)
 *   though the superblock is read-write; MOUNT_ATTR_NOEXEC: execve() of
 *   a script there is EACCES, not the ENOENT of its missing interpreter;
 * - a context whose superblock is not created yet (no CMD_CREATE): EINVAL;
 * - a context that was already mounted once: EBUSY;
 * - a flag other than FSMOUNT_CLOEXEC, an unknown attribute bit, two
 *   atime modes at once: EINVAL;
 * - an fd that is not open: EBADF; an open fd that is not a context:
 *   EINVAL.
 * The test process runs in a private mount namespace.
 */
#include "tst_test.h"
#include "mount_ns.h"
#include "newmount_raw.h"

#define MNT "mnt"

static int filefd = -1;

static void mount_with(unsigned int attr)
{
	int fd = nm_tmpfs_created(NULL), mfd;

	TST_EXP_FD(fsmount_raw(fd, FSMOUNT_CLOEXEC, attr),
		   "fsmount(attr 0x%x)", attr);
	SAFE_CLOSE(fd);
	if (!TST_PASS)
		tst_brk(TBROK, "cannot go on without the mount");
	mfd = TST_RET;
	nm_attach(mfd, MNT);
	SAFE_CLOSE(mfd);
}

static void check_rdonly(void)
{
	mount_with(MOUNT_ATTR_RDONLY);
	TST_EXP_FAIL(open(MNT "/file", O_WRONLY | O_CREAT, 0644), EROFS,
		     "open(O_CREAT) on the MOUNT_ATTR_RDONLY mount");
	if (umount2(MNT, 0))
		tst_brk(TBROK | TERRNO, "umount2(" MNT ")");
}

static void exec_script(void)
{
	char *const argv[] = { MNT "/script", NULL };
	char *const envp[] = { NULL };

	SAFE_FILE_PRINTF(MNT "/script", "#!/ltp_fsmount01_no_such_interp\n");
	SAFE_CHMOD(MNT "/script", 0755);
	execve(argv[0], argv, envp);
}

static void check_noexec(void)
{
	mount_with(0);
	TST_EXP_FAIL((exec_script(), -1), ENOENT,
		     "execve() on a mount without MOUNT_ATTR_NOEXEC reaches "
		     "the missing interpreter");
	if (umount2(MNT, 0))
		tst_brk(TBROK | TERRNO, "umount2(" MNT ")");
	mount_with(MOUNT_ATTR_NOEXEC);
	TST_EXP_FAIL((exec_script(), -1), EACCES,
		     "execve() on the MOUNT_ATTR_NOEXEC mount");
	if (umount2(MNT, 0))
		tst_brk(TBROK | TERRNO, "umount2(" MNT ")");
}

static void check_errors(void)
{
	int fd, mfd, closedfd;

	fd = fsopen_raw("tmpfs", FSOPEN_CLOEXEC);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "fsopen(tmpfs)");
	TST_EXP_FAIL(fsmount_raw(fd, 0, 0), EINVAL,
		     "fsmount() of a context before FSCONFIG_CMD_CREATE");
	SAFE_CLOSE(fd);

	fd = nm_tmpfs_created(NULL);
	TST_EXP_FAIL(fsmount_raw(fd, 0x2, 0), EINVAL, "fsmount(flags 0x2)");
	TST_EXP_FAIL(fsmount_raw(fd, 0, 0x80000000), EINVAL,
		     "fsmount(attr 0x80000000)");
	TST_EXP_FAIL(fsmount_raw(fd, 0, MOUNT_ATTR_NOATIME |
				 MOUNT_ATTR_STRICTATIME), EINVAL,
		     "fsmount(attr NOATIME | STRICTATIME)");
	mfd = fsmount_raw(fd, FSMOUNT_CLOEXEC, 0);
	if (mfd < 0)
		tst_brk(TBROK | TERRNO, "fsmount()");
	TST_EXP_FAIL(fsmount_raw(fd, 0, 0), EBUSY,
		     "a second fsmount() of the same context");
	SAFE_CLOSE(mfd);
	SAFE_CLOSE(fd);

	closedfd = filefd + 1;
	while (fcntl(closedfd, F_GETFD) != -1)
		closedfd++;
	TST_EXP_FAIL(fsmount_raw(closedfd, 0, 0), EBADF,
		     "fsmount(fd not open)");
	TST_EXP_FAIL(fsmount_raw(filefd, 0, 0), EINVAL,
		     "fsmount(fd of a regular file)");
}

static void (*const checks[])(void) = {
	check_rdonly, check_noexec, check_errors,
};

static void run(unsigned int n)
{
	checks[n]();
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	filefd = SAFE_OPEN("file", O_RDWR | O_CREAT, 0644);
}

static void cleanup(void)
{
	if (filefd >= 0)
		SAFE_CLOSE(filefd);
	mnt_umount_all(MNT);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(checks),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
