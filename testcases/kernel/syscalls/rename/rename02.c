// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rename(2) errors, each with its exact errno and both names unchanged:
 * - EISDIR for a file onto an existing directory, ENOTDIR for a directory
 *   onto an existing file, ENOTEMPTY for a directory onto a non-empty
 *   one and for a directory onto its own ancestor, EINVAL for a
 *   directory into its own subdirectory, EBUSY for "." as either name,
 * - ENOENT (missing old name, "", new name in a missing directory),
 *   ENOTDIR (file as directory), ENAMETOOLONG, ELOOP, EFAULT,
 * - EACCES for nobody in a directory it cannot write, EPERM for nobody
 *   moving root's file out of a sticky directory it may write.
 * - EROFS within a read-only bind mount of a writable filesystem and
 *   within a read-only tmpfs (a file, a directory); EBUSY for a
 *   directory that is a mount point as the old name and as the new one,
 *   and for a file that is a mount point; EXDEV from the tmpdir to the
 *   library's ext4 device, and between two mounts of that one device
 *   (mount_errs.h: mounts in a private mount namespace). Every name and
 *   mount stays.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "mount_errs.h"

#define FILE_NAME "rename02_file"
#define DIR_NAME "rename02_dir"
#define FULL_DIR "rename02_full"
#define STICKY "rename02_sticky"

static void *bad_addr;

static struct tcase {
	const char *old;	/* NULL: the unmapped page */
	const char *new;	/* NULL: the unmapped page */
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ FILE_NAME, DIR_NAME, EISDIR, "a file onto a directory" },
	{ DIR_NAME, FILE_NAME, ENOTDIR, "a directory onto a file" },
	{ DIR_NAME, FULL_DIR, ENOTEMPTY, "a directory onto a non-empty one" },
	{ FULL_DIR "/sub", FULL_DIR, ENOTEMPTY,
	  "a directory onto its own parent" },
	{ DIR_NAME, DIR_NAME "/sub", EINVAL,
	  "a directory into its own subdirectory" },
	{ ".", "rename02_dot", EBUSY, "\".\" as old name" },
	{ FILE_NAME, ".", EBUSY, "\".\" as new name" },
	{ "rename02_missing", "rename02_n1", ENOENT, "a missing old name" },
	{ "", "rename02_n2", ENOENT, "an empty old name" },
	{ FILE_NAME, "rename02_nodir/x", ENOENT,
	  "a new name in a missing directory" },
	{ FILE_NAME "/x", "rename02_n3", ENOTDIR, "a file as directory" },
	{ FILE_NAME, "", ENAMETOOLONG, "a new path of PATH_MAX bytes" },
	{ "rename02_loop_a/x", "rename02_n4", ELOOP, "a symlink loop" },
	{ NULL, "rename02_n5", EFAULT, "an unmapped old name" },
	{ FILE_NAME, NULL, EFAULT, "an unmapped new name" },
	{ ME_RO_BIND "/file", ME_RO_BIND "/new", EROFS,
	  "a file within a read-only bind mount" },
	{ ME_RO_FS "/file", ME_RO_FS "/new", EROFS,
	  "a file within a read-only tmpfs" },
	{ ME_RO_FS "/dir", ME_RO_FS "/newdir", EROFS,
	  "a directory within a read-only tmpfs" },
	{ ME_MP_DIR, ME_MNT "/moved", EBUSY, "a mount point directory" },
	{ ME_MNT "/dir", ME_MP_DIR, EBUSY,
	  "a directory onto a mount point directory" },
	{ ME_MP_FILE, ME_MNT "/moved", EBUSY, "a mount point file" },
	{ ME_MNT "/file", ME_MP_FILE, EBUSY, "a file onto a mount point file" },
	{ FILE_NAME, ME_MNT "/new", EXDEV, "the tmpdir's file to the device" },
	{ ME_MNT "/file", FILE_NAME "_back", EXDEV,
	  "a file of the device to the tmpdir" },
	{ ME_MNT "/file", ME_RW_BIND "/new", EXDEV,
	  "a file to another mount of the same filesystem" },
	{ ME_MNT "/dir", ME_RW_BIND "/newdir", EXDEV,
	  "a directory to another mount of the same filesystem" },
};

#define NCASES (sizeof(tcases) / sizeof(tcases[0]))

static void setup(void)
{
	fsm_create_file(FILE_NAME, 0666, "x");
	SAFE_MKDIR(DIR_NAME, 0755);
	SAFE_MKDIR(FULL_DIR, 0755);
	SAFE_MKDIR(FULL_DIR "/sub", 0755);
	SAFE_MKDIR(STICKY, 0777);
	SAFE_CHMOD(STICKY, 01777);
	fsm_create_file(STICKY "/root_file", 0666, "x");
	fsm_make_loop("rename02_loop_a", "rename02_loop_b");
	tcases[11].new = fsm_long_path();
	bad_addr = fsm_bad_addr();
	me_setup();
}

static void expect_layout(void)
{
	struct stat f, d, s;

	TST_EXP_EXPR(!stat(FILE_NAME, &f) && S_ISREG(f.st_mode) &&
		     !stat(DIR_NAME, &d) && S_ISDIR(d.st_mode) &&
		     !stat(FULL_DIR "/sub", &s) && S_ISDIR(s.st_mode),
		     "file, directory and subdirectory unchanged");
	TST_EXP_EXPR(me_layout_intact() && access(ME_MNT "/new", F_OK) &&
		     access(ME_MNT "/moved", F_OK) &&
		     access(ME_RW_BIND "/new", F_OK),
		     "every name and mount of the mounts is still there");
}

static void nobody_cases(void)
{
	struct stat st;

	TST_EXP_FAIL(rename(FILE_NAME, DIR_NAME "/x"), EACCES,
		     "rename() as nobody into root's mode 0755 directory");
	TST_EXP_FAIL(rename(STICKY "/root_file", STICKY "/moved"), EPERM,
		     "rename() as nobody of root's file in a sticky dir");
	TST_EXP_PASS(stat(STICKY "/root_file", &st), "root's file stayed");
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	if (n == NCASES) {
		fsm_as_nobody(nobody_cases);
		return;
	}
	TST_EXP_FAIL(rename(tc->old ? tc->old : bad_addr,
			    tc->new ? tc->new : bad_addr),
		     tc->exp_errno, "rename() of %s", tc->desc);
	expect_layout();
}

static struct tst_test test = {
	.tcnt = NCASES + 1,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = ME_MNT,
	.dev_fs_type = "ext4",
};
