// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fsmount(): its mount attributes take effect, and each error has its
 * exact errno (fs/namespace.c):
 * - MOUNT_ATTR_RDONLY: the attached mount refuses file creation (EROFS)
 *   though the superblock is read-write; MOUNT_ATTR_NOEXEC: execve() of
 *   a script there is EACCES, not the ENOENT of its missing interpreter;
 * - each of MOUNT_ATTR_NOSUID, NODEV, NOEXEC, NOATIME, NODIRATIME,
 *   RELATIME, STRICTATIME and RDONLY, alone or together, shows as that
 *   option of the mount in /proc/self/mountinfo;
 * - a context whose superblock is not created yet (no CMD_CREATE): EINVAL;
 * - a context that was already mounted once: EBUSY;
 * - a flag other than FSMOUNT_CLOEXEC, an unknown attribute bit, two
 *   atime modes at once: EINVAL;
 * - an fd that is not open: EBADF; an open fd that is not a context:
 *   EINVAL.
 * The test process runs in a private mount namespace.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
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

/* The per-mount options of the last mount on MNT in mountinfo. */
static void mount_opts(char *opts, size_t len)
{
	char path[PATH_MAX], line[4096], mp[PATH_MAX], o[1024];
	FILE *f;

	if (!realpath(MNT, path))
		tst_brk(TBROK | TERRNO, "realpath(" MNT ")");
	opts[0] = 0;
	f = fopen("/proc/self/mountinfo", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/mountinfo)");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*d %*d %*s %*s %4095s %1023s", mp, o) == 2 &&
		    !strcmp(mp, path))
			snprintf(opts, len, ",%s,", o);
	}
	fclose(f);
}

static void check_attrs(void)
{
	static const struct {
		unsigned int attr;
		const char *has, *lacks;
	} a[] = {
		{MOUNT_ATTR_NOSUID, ",nosuid,", ",noexec,"},
		{MOUNT_ATTR_NODEV, ",nodev,", ",nosuid,"},
		{MOUNT_ATTR_NOEXEC, ",noexec,", ",nodev,"},
		{MOUNT_ATTR_NOATIME, ",noatime,", ",relatime,"},
		{MOUNT_ATTR_NODIRATIME, ",nodiratime,", ",noatime,"},
		{MOUNT_ATTR_RELATIME, ",relatime,", ",noatime,"},
		{MOUNT_ATTR_STRICTATIME, ",rw,", ",relatime,"},
		{MOUNT_ATTR_RDONLY, ",ro,", ",rw,"},
		{MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC,
		 ",nosuid,nodev,noexec,", ",ro,"},
	};
	char opts[1100];
	unsigned int i;

	for (i = 0; i < sizeof(a) / sizeof(a[0]); i++) {
		mount_with(a[i].attr);
		mount_opts(opts, sizeof(opts));
		TST_EXP_EXPR(strstr(opts, a[i].has) && !strstr(opts, a[i].lacks),
			     "attr 0x%x: mount options '%s' have '%s', not "
			     "'%s'", a[i].attr, opts, a[i].has, a[i].lacks);
		if (umount2(MNT, 0))
			tst_brk(TBROK | TERRNO, "umount2(" MNT ")");
	}
}

static void (*const checks[])(void) = {
	check_rdonly, check_noexec, check_errors, check_attrs,
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
