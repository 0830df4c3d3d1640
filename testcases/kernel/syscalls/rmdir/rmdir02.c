// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rmdir(2) errors, each with its exact errno and the directory kept:
 * - ENOTEMPTY for a directory holding a file, and for ".." as the last
 *   component,
 * - EINVAL for "." as the last component,
 * - EBUSY for "/" (the root of the caller's namespace; it is never
 *   removed: the check comes before any lookup),
 * - ENOTDIR for a regular file and for a symlink to a directory,
 * - ENOENT (missing, ""), ENAMETOOLONG, ELOOP, EFAULT,
 * - EACCES for nobody in a directory it cannot write, EPERM for nobody
 *   removing root's directory from a sticky directory it may write.
 * - EBUSY for a directory a tmpfs is mounted on, and the mount stays;
 * - on a read-only tmpfs (ro_tmpfs.h): EROFS for an empty directory, and
 *   also for a missing name and a regular file (the mount is checked
 *   before the last component is looked up) and for nobody (EROFS, not
 *   EACCES); "dir/." is still EINVAL, "dir/.." ENOTEMPTY, a missing
 *   parent ENOENT (those come first), and the read-only mount's own
 *   root is EBUSY; nothing on it changes.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "mount_ns.h"
#include "ro_tmpfs.h"

#define FULL_DIR "rmdir02_full"
#define EMPTY_DIR "rmdir02_empty"
#define STICKY "rmdir02_sticky"
#define MOUNT_POINT "rmdir02_mp"

static void *bad_addr;

static struct tcase {
	const char *path;	/* NULL: the unmapped page */
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ FULL_DIR, ENOTEMPTY, "a directory holding a file" },
	{ EMPTY_DIR "/..", ENOTEMPTY, "\"dir/..\"" },
	{ EMPTY_DIR "/.", EINVAL, "\"dir/.\"" },
	{ "/", EBUSY, "\"/\"" },
	{ MOUNT_POINT, EBUSY, "a directory a tmpfs is mounted on" },
	{ FULL_DIR "/file", ENOTDIR, "a regular file" },
	{ "rmdir02_dirlink", ENOTDIR, "a symlink to a directory" },
	{ "rmdir02_missing", ENOENT, "a missing name" },
	{ "", ENOENT, "an empty path" },
	{ "", ENAMETOOLONG, "a path of PATH_MAX bytes" },
	{ "rmdir02_loop_a/x", ELOOP, "a symlink loop" },
	{ NULL, EFAULT, "an unmapped path" },
};

#define NCASES (sizeof(tcases) / sizeof(tcases[0]))

static void setup(void)
{
	rofs_setup();
	SAFE_MKDIR(FULL_DIR, 0755);
	fsm_create_file(FULL_DIR "/file", 0644, "x");
	SAFE_MKDIR(EMPTY_DIR, 0755);
	SAFE_MKDIR(EMPTY_DIR "/sub", 0755);
	FSM_SAFE(symlink(EMPTY_DIR, "rmdir02_dirlink"));
	SAFE_MKDIR(STICKY, 0777);
	SAFE_CHMOD(STICKY, 01777);
	SAFE_MKDIR(STICKY "/root_dir", 0777);
	fsm_make_loop("rmdir02_loop_a", "rmdir02_loop_b");
	/* the mount goes with the test's private mount namespace */
	mnt_private_ns();
	SAFE_MKDIR(MOUNT_POINT, 0755);
	SAFE_MOUNT("rmdir02", MOUNT_POINT, "tmpfs", 0, NULL);
	tcases[9].path = fsm_long_path();
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	rofs_cleanup();
}

static void nobody_erofs(void)
{
	TST_EXP_FAIL(rmdir(RO_SUBDIR), EROFS,
		     "rmdir() as nobody in root's 0755 directory on a ro fs");
}

static void erofs(void)
{
	if (!rofs_ready())
		return;
	TST_EXP_FAIL(rmdir(RO_SUBDIR), EROFS, "rmdir() on a ro fs");
	TST_EXP_FAIL(rmdir(RO_MISSING), EROFS,
		     "rmdir() of a missing name on a ro fs");
	TST_EXP_FAIL(rmdir(RO_FILE), EROFS,
		     "rmdir() of a regular file on a ro fs");
	TST_EXP_FAIL(rmdir(RO_SUBDIR "/."), EINVAL,
		     "rmdir(\"dir/.\") on a ro fs");
	TST_EXP_FAIL(rmdir(RO_SUBDIR "/.."), ENOTEMPTY,
		     "rmdir(\"dir/..\") on a ro fs");
	TST_EXP_FAIL(rmdir(RO_MISSING "/x"), ENOENT,
		     "rmdir() in a missing directory of a ro fs");
	TST_EXP_FAIL(rmdir(RO_DIR), EBUSY,
		     "rmdir() of the ro mount's mount point");
	fsm_as_nobody(nobody_erofs);
	rofs_unchanged();
}

static void expect_dirs(void)
{
	struct stat a, b, c, d, mp, here;

	TST_EXP_EXPR(!stat(FULL_DIR "/file", &a) &&
		     !stat(EMPTY_DIR "/sub", &b) && S_ISDIR(b.st_mode) &&
		     !lstat("rmdir02_dirlink", &c) && S_ISLNK(c.st_mode) &&
		     !stat(STICKY "/root_dir", &d) &&
		     !stat(MOUNT_POINT, &mp) && !stat(".", &here) &&
		     mp.st_dev != here.st_dev,
		     "every directory, file, link and the mount is still there");
}

static void nobody_cases(void)
{
	TST_EXP_FAIL(rmdir(EMPTY_DIR "/sub"), EACCES,
		     "rmdir() as nobody in root's mode 0755 directory");
	TST_EXP_FAIL(rmdir(STICKY "/root_dir"), EPERM,
		     "rmdir() as nobody of root's dir in a sticky dir");
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	if (n == NCASES) {
		fsm_as_nobody(nobody_cases);
	} else if (n == NCASES + 1) {
		erofs();
	} else {
		TST_EXP_FAIL(rmdir(tc->path ? tc->path : bad_addr),
			     tc->exp_errno, "rmdir() of %s", tc->desc);
	}
	expect_dirs();
}

static struct tst_test test = {
	.tcnt = NCASES + 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
