// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount(2) of a new tmpfs, and what each flag visibly changes:
 * - the mount covers the directory: statfs() says TMPFS_MAGIC, the
 *   source name is in /proc/self/mountinfo, a file created under it is
 *   gone after umount2() and the directory is the old filesystem again;
 * - MS_RDONLY: creating a file or a directory there is EROFS, and the
 *   mount is "ro" in mountinfo and ST_RDONLY in statvfs();
 * - data "mode=0710,size=1m": the root directory has mode 0710 and the
 *   filesystem has exactly 1 MiB of blocks;
 * - MS_NODEV: a character device node there cannot be opened (EACCES),
 *   while the same node on a mount without it opens;
 * - MS_NOEXEC: execve() of a file there is EACCES, where the same file on
 *   a mount without it gets as far as its missing interpreter (ENOENT).
 * The test process runs in its own private mount namespace (unshare
 * CLONE_NEWNS in setup), below its tmpdir: nothing it mounts reaches the
 * rest of the system, and cleanup() unmounts what a failure left behind.
 */
#include <fcntl.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <linux/magic.h>
#include "tst_test.h"
#include "mount_ns.h"

#define MNT "mnt"

static void must_umount(void)
{
	if (umount2(MNT, 0))
		tst_brk(TBROK | TERRNO, "umount2(" MNT ", 0)");
}

static void check_tmpfs(void)
{
	struct statfs before, sf;
	char line[4096];
	int found = 0;
	FILE *f;

	if (statfs(MNT, &before))
		tst_brk(TBROK | TERRNO, "statfs(" MNT ")");
	TST_EXP_PASS(mount("ltp_mount01_src", MNT, "tmpfs", 0, NULL),
		     "mount(tmpfs on " MNT ")");
	if (!TST_PASS)
		return;
	if (statfs(MNT, &sf))
		tst_brk(TBROK | TERRNO, "statfs(" MNT ")");
	TST_EXP_EXPR(sf.f_type == TMPFS_MAGIC,
		     "statfs(" MNT ").f_type is TMPFS_MAGIC (0x%lx)",
		     (unsigned long)sf.f_type);
	f = fopen("/proc/self/mountinfo", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/mountinfo)");
	while (fgets(line, sizeof(line), f))
		found |= !!strstr(line, " - tmpfs ltp_mount01_src ");
	fclose(f);
	TST_EXP_EXPR(found && mnt_count(MNT) == 1,
		     "mountinfo has one tmpfs on " MNT " from ltp_mount01_src");
	SAFE_FILE_PRINTF(MNT "/file", "data");
	must_umount();
	TST_EXP_FAIL(access(MNT "/file", F_OK), ENOENT,
		     "the file made on the tmpfs after umount2()");
	if (statfs(MNT, &sf))
		tst_brk(TBROK | TERRNO, "statfs(" MNT ")");
	TST_EXP_EXPR(sf.f_type == before.f_type,
		     MNT " is on its old filesystem again (0x%lx)",
		     (unsigned long)sf.f_type);
}

static void check_rdonly(void)
{
	struct statvfs sv;
	char opts[1024];

	TST_EXP_PASS(mount("ltp_mount01", MNT, "tmpfs", MS_RDONLY, NULL),
		     "mount(tmpfs, MS_RDONLY)");
	if (!TST_PASS)
		return;
	TST_EXP_FAIL(open(MNT "/file", O_WRONLY | O_CREAT, 0644), EROFS,
		     "open(O_CREAT) on the MS_RDONLY mount");
	TST_EXP_FAIL(mkdir(MNT "/dir", 0755), EROFS,
		     "mkdir() on the MS_RDONLY mount");
	mnt_opts(MNT, opts, sizeof(opts));
	if (statvfs(MNT, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(" MNT ")");
	TST_EXP_EXPR(mnt_has_opt(opts, "ro") && (sv.f_flag & ST_RDONLY),
		     "mountinfo options '%s' have ro, statvfs has ST_RDONLY",
		     opts);
	must_umount();
}

static void check_data(void)
{
	struct statfs sf;
	struct stat st;

	TST_EXP_PASS(mount("ltp_mount01", MNT, "tmpfs", 0,
			   "mode=0710,size=1m"),
		     "mount(tmpfs, \"mode=0710,size=1m\")");
	if (!TST_PASS)
		return;
	SAFE_STAT(MNT, &st);
	TST_EXP_EXPR((st.st_mode & 07777) == 0710,
		     "the root of the tmpfs has mode 0710 (0%o)",
		     (unsigned int)(st.st_mode & 07777));
	if (statfs(MNT, &sf))
		tst_brk(TBROK | TERRNO, "statfs(" MNT ")");
	TST_EXP_EXPR((unsigned long long)sf.f_blocks * sf.f_bsize == 1 << 20,
		     "size=1m: f_blocks %llu * f_bsize %lu is 1 MiB",
		     (unsigned long long)sf.f_blocks,
		     (unsigned long)sf.f_bsize);
	must_umount();
}

/* A node like /dev/null's (1:3) on a tmpfs mounted with flags. */
static int open_null_node(unsigned long flags)
{
	int fd, ret, err;

	SAFE_MOUNT("ltp_mount01", MNT, "tmpfs", flags, NULL);
	if (mknod(MNT "/null", S_IFCHR | 0666, makedev(1, 3)))
		tst_brk(TBROK | TERRNO, "mknod(" MNT "/null, 1:3)");
	fd = open(MNT "/null", O_RDWR);
	err = errno;
	ret = fd < 0 ? -1 : 0;
	if (fd >= 0)
		SAFE_CLOSE(fd);
	must_umount();
	errno = err;
	return ret;
}

static void check_nodev(void)
{
	TST_EXP_PASS(open_null_node(0),
		     "open() of a char device node on a mount without MS_NODEV");
	TST_EXP_FAIL(open_null_node(MS_NODEV), EACCES,
		     "open() of a char device node on a MS_NODEV mount");
}

/* execve() of a script whose interpreter does not exist. */
static int exec_script(unsigned long flags)
{
	char *const argv[] = { MNT "/script", NULL };
	char *const envp[] = { NULL };
	int err;

	SAFE_MOUNT("ltp_mount01", MNT, "tmpfs", flags, NULL);
	SAFE_FILE_PRINTF(MNT "/script", "#!/ltp_mount01_no_such_interp\n");
	SAFE_CHMOD(MNT "/script", 0755);
	execve(argv[0], argv, envp);
	err = errno;
	must_umount();
	errno = err;
	return -1;
}

static void check_noexec(void)
{
	TST_EXP_FAIL(exec_script(0), ENOENT,
		     "execve() on a mount without MS_NOEXEC reaches the "
		     "missing interpreter");
	TST_EXP_FAIL(exec_script(MS_NOEXEC), EACCES,
		     "execve() on a MS_NOEXEC mount");
}

static void (*const checks[])(void) = {
	check_tmpfs, check_rdonly, check_data, check_nodev, check_noexec,
};

static void run(unsigned int n)
{
	checks[n]();
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
}

static void cleanup(void)
{
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
