// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * umount2(2) errors, each with its exact errno, the mount staying in
 * place after every one:
 * - EPERM: nobody unmounting a tmpfs (with flags 0 and MNT_DETACH);
 * - EINVAL: an unknown flag bit; a directory that is no mount point (also
 *   the mount point once unmounted); MNT_EXPIRE with MNT_DETACH or with
 *   MNT_FORCE;
 * - EBUSY: a file open on the mount; the cwd of a child inside it;
 *   MNT_EXPIRE while a file is open there;
 * - ENOENT: a missing path, an empty path; ENOTDIR: a regular file as a
 *   path component; ENAMETOOLONG: PATH_MAX bytes, a NAME_MAX + 1 name;
 *   ELOOP: a symlink loop; EFAULT: an unmapped path.
 * All in the test process's own private mount namespace (unshare
 * CLONE_NEWNS in setup), below its tmpdir; cleanup() unmounts leftovers.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "mount_ns.h"

#define MNT "mnt"

static void *bad;

static void still_mounted(void)
{
	TST_EXP_PASS(access(MNT "/file", F_OK), "the mount is still there");
}

static void errors_nobody(void)
{
	TST_EXP_FAIL(umount2(MNT, 0), EPERM, "umount2(" MNT ", 0) as nobody");
	TST_EXP_FAIL(umount2(MNT, MNT_DETACH), EPERM,
		     "umount2(" MNT ", MNT_DETACH) as nobody");
}

static void check_nobody(void)
{
	fsm_as_nobody(errors_nobody);
	still_mounted();
}

static void check_einval(void)
{
	TST_EXP_FAIL(umount2(MNT, 0x80000000), EINVAL,
		     "umount2() with unknown flag 0x80000000");
	TST_EXP_FAIL(umount2(MNT, 0x10), EINVAL,
		     "umount2() with unknown flag 0x10");
	TST_EXP_FAIL(umount2("dir", 0), EINVAL,
		     "umount2() of a directory that is no mount point");
	TST_EXP_FAIL(umount2(MNT, MNT_EXPIRE | MNT_DETACH), EINVAL,
		     "umount2(MNT_EXPIRE | MNT_DETACH)");
	TST_EXP_FAIL(umount2(MNT, MNT_EXPIRE | MNT_FORCE), EINVAL,
		     "umount2(MNT_EXPIRE | MNT_FORCE)");
	still_mounted();
}

static void check_ebusy(void)
{
	int fd = SAFE_OPEN(MNT "/file", O_RDONLY);
	pid_t pid;

	TST_EXP_FAIL(umount2(MNT, 0), EBUSY,
		     "umount2() with a file open there");
	TST_EXP_FAIL(umount2(MNT, MNT_EXPIRE), EBUSY,
		     "umount2(MNT_EXPIRE) with a file open there");
	SAFE_CLOSE(fd);

	pid = SAFE_FORK();
	if (!pid) {
		if (chdir(MNT))
			tst_brk(TBROK | TERRNO, "chdir(" MNT ")");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_FAIL(umount2(MNT, 0), EBUSY,
		     "umount2() while a child's cwd is there");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	still_mounted();
}

static void check_paths(void)
{
	TST_EXP_FAIL(umount2("missing", 0), ENOENT, "umount2() of a missing "
		     "path");
	TST_EXP_FAIL(umount2("", 0), ENOENT, "umount2() of an empty path");
	TST_EXP_FAIL(umount2("file/x", 0), ENOTDIR,
		     "umount2() below a regular file");
	TST_EXP_FAIL(umount2(fsm_long_path(), 0), ENAMETOOLONG,
		     "umount2() of a path of PATH_MAX bytes");
	TST_EXP_FAIL(umount2(fsm_long_name(), 0), ENAMETOOLONG,
		     "umount2() of a name of NAME_MAX + 1 bytes");
	TST_EXP_FAIL(umount2("loop_a", 0), ELOOP,
		     "umount2() through a symlink loop");
	TST_EXP_FAIL(umount2(bad, 0), EFAULT, "umount2() of an unmapped "
		     "path");
	still_mounted();
}

static void check_unmounted(void)
{
	SAFE_MOUNT("ltp_umount202", "dir", "tmpfs", 0, NULL);
	SAFE_UMOUNT("dir");
	TST_EXP_FAIL(umount2("dir", 0), EINVAL,
		     "umount2() of a mount point already unmounted");
}

static void (*const checks[])(void) = {
	check_nobody, check_einval, check_ebusy, check_paths,
	check_unmounted,
};

static void run(unsigned int n)
{
	checks[n]();
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	SAFE_MKDIR("dir", 0755);
	fsm_create_file("file", 0644, "x");
	fsm_make_loop("loop_a", "loop_b");
	bad = fsm_bad_addr();
	SAFE_MOUNT("ltp_umount202", MNT, "tmpfs", 0, NULL);
	fsm_create_file(MNT "/file", 0644, "x");
}

static void cleanup(void)
{
	mnt_umount_all("dir");
	mnt_umount_all(MNT);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(checks),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
