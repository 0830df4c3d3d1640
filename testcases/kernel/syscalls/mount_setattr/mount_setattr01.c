// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount_setattr() changes the attributes of one mount:
 * - attr_set MOUNT_ATTR_RDONLY: creating a file there is EROFS and the
 *   mount is "ro" in mountinfo; attr_clr MOUNT_ATTR_RDONLY: creating works
 *   again and the mount is "rw";
 * - attr_set MOUNT_ATTR_NOEXEC: execve() of a script there is EACCES
 *   where it reached its missing interpreter (ENOENT) before, and is
 *   "noexec" in mountinfo; clearing it gives ENOENT again;
 * - the attributes are the mount's, not the superblock's: a bind mount of
 *   the same tmpfs elsewhere stays writable while the first is read-only.
 * The test process runs in a private mount namespace.
 */
#include "tst_test.h"
#include "mount_ns.h"
#include "newmount_raw.h"

#define MNT "mnt"
#define BIND "bind"

static int setattr(const char *path, uint64_t set, uint64_t clr)
{
	struct mount_attr attr = { .attr_set = set, .attr_clr = clr };

	return mount_setattr_raw(AT_FDCWD, path, 0, &attr, sizeof(attr));
}

static int create(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT, 0644);

	if (fd < 0)
		return -1;
	SAFE_CLOSE(fd);
	SAFE_UNLINK(path);
	return 0;
}

static int exec_script(void)
{
	char *const argv[] = { MNT "/script", NULL };
	char *const envp[] = { NULL };

	execve(argv[0], argv, envp);
	return -1;
}

static void has_opt(const char *path, const char *opt)
{
	char opts[1024];

	mnt_opts(path, opts, sizeof(opts));
	TST_EXP_EXPR(mnt_has_opt(opts, opt), "mountinfo options of %s '%s' "
		     "have %s", path, opts, opt);
}

static void run(void)
{
	char opts[1024];

	SAFE_MOUNT("ltp_mount_setattr01", MNT, "tmpfs", 0, NULL);
	SAFE_MOUNT(MNT, BIND, NULL, MS_BIND, NULL);
	SAFE_FILE_PRINTF(MNT "/script", "#!/ltp_mount_setattr01_no_interp\n");
	SAFE_CHMOD(MNT "/script", 0755);

	TST_EXP_PASS(setattr(MNT, MOUNT_ATTR_RDONLY, 0),
		     "mount_setattr(attr_set MOUNT_ATTR_RDONLY)");
	TST_EXP_FAIL(create(MNT "/file"), EROFS,
		     "open(O_CREAT) on the MOUNT_ATTR_RDONLY mount");
	has_opt(MNT, "ro");
	TST_EXP_PASS(create(BIND "/file"),
		     "open(O_CREAT) on the other mount of the same tmpfs");
	TST_EXP_PASS(setattr(MNT, 0, MOUNT_ATTR_RDONLY),
		     "mount_setattr(attr_clr MOUNT_ATTR_RDONLY)");
	TST_EXP_PASS(create(MNT "/file"),
		     "open(O_CREAT) after clearing MOUNT_ATTR_RDONLY");
	has_opt(MNT, "rw");

	TST_EXP_FAIL(exec_script(), ENOENT,
		     "execve() before MOUNT_ATTR_NOEXEC reaches the missing "
		     "interpreter");
	TST_EXP_PASS(setattr(MNT, MOUNT_ATTR_NOEXEC, 0),
		     "mount_setattr(attr_set MOUNT_ATTR_NOEXEC)");
	TST_EXP_FAIL(exec_script(), EACCES,
		     "execve() on the MOUNT_ATTR_NOEXEC mount");
	has_opt(MNT, "noexec");
	TST_EXP_PASS(setattr(MNT, 0, MOUNT_ATTR_NOEXEC),
		     "mount_setattr(attr_clr MOUNT_ATTR_NOEXEC)");
	TST_EXP_FAIL(exec_script(), ENOENT,
		     "execve() after clearing MOUNT_ATTR_NOEXEC");
	mnt_opts(MNT, opts, sizeof(opts));
	TST_EXP_EXPR(!mnt_has_opt(opts, "noexec"),
		     "mountinfo options '%s' lack noexec", opts);

	if (umount2(BIND, 0) || umount2(MNT, 0))
		tst_brk(TBROK | TERRNO, "umount2()");
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	SAFE_MKDIR(BIND, 0755);
}

static void cleanup(void)
{
	mnt_umount_all(BIND);
	mnt_umount_all(MNT);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
