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
 * EXDEV needs two filesystems: not tested.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "rename02_file"
#define DIR_NAME "rename02_dir"
#define FULL_DIR "rename02_full"
#define STICKY "rename02_sticky"

static void *bad_addr;

/*
 * rename(2): "ENOTEMPTY or EEXIST: newpath is a nonempty directory". xfs
 * answers EEXIST (xfs_rename()); the VFS's own check of a target that is
 * the source's ancestor (the next case) is ENOTEMPTY everywhere.
 */
#define XFS_EEXIST_CASE 2

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
}

static void expect_layout(void)
{
	struct stat f, d, s;

	TST_EXP_EXPR(!stat(FILE_NAME, &f) && S_ISREG(f.st_mode) &&
		     !stat(DIR_NAME, &d) && S_ISDIR(d.st_mode) &&
		     !stat(FULL_DIR "/sub", &s) && S_ISDIR(s.st_mode),
		     "file, directory and subdirectory unchanged");
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
		     n == XFS_EEXIST_CASE && tst_fs_type &&
		     !strcmp(tst_fs_type, "xfs") ? EEXIST : tc->exp_errno,
		     "rename() of %s", tc->desc);
	expect_layout();
}

static struct tst_test test = {
	.tcnt = NCASES + 1,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no per-file owner or mode: they come from "
			 "the mount options (chmod/chown: EPERM)"},
		{"exfat", "exFAT has no per-file owner or mode: they come "
			  "from the mount options (chmod/chown: EPERM)"},
		{}
	},
	.forks_child = 1,
};
