// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * link(2) errors, each with its exact errno and no name created:
 * - EEXIST when the new name exists (a file, a dangling symlink),
 * - ENOENT for a missing old name, an empty old name, and a new name in
 *   a missing directory,
 * - ENOTDIR for a file used as a directory, EPERM for a directory as the
 *   old name, ENAMETOOLONG, ELOOP, EFAULT for either name unmapped,
 * - EACCES for nobody: new name in a directory it cannot write, and old
 *   name below a directory that denies search.
 * EXDEV needs two filesystems and EMLINK tens of thousands of links:
 * neither is tested.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "link02_file"
#define DIR_NAME "link02_dir"
#define PRIV_DIR "link02_private"

static void *bad_addr;

static struct tcase {
	const char *old;	/* NULL: the unmapped page */
	const char *new;	/* NULL: the unmapped page */
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ FILE_NAME, "link02_other", EEXIST, "an existing new name" },
	{ FILE_NAME, "link02_dangling", EEXIST, "a dangling symlink as new" },
	{ "link02_missing", "link02_n1", ENOENT, "a missing old name" },
	{ "", "link02_n2", ENOENT, "an empty old name" },
	{ FILE_NAME, "link02_nodir/new", ENOENT, "a new name in a missing "
	  "directory" },
	{ FILE_NAME "/x", "link02_n3", ENOTDIR, "a file used as directory" },
	{ DIR_NAME, "link02_n4", EPERM, "a directory as old name" },
	{ FILE_NAME, "", ENAMETOOLONG, "a new path of PATH_MAX bytes" },
	{ "link02_loop_a/x", "link02_n5", ELOOP, "a symlink loop" },
	{ NULL, "link02_n6", EFAULT, "an unmapped old name" },
	{ FILE_NAME, NULL, EFAULT, "an unmapped new name" },
};

#define NCASES (sizeof(tcases) / sizeof(tcases[0]))

static void setup(void)
{
	fsm_create_file(FILE_NAME, 0644, "x");
	fsm_create_file("link02_other", 0644, "y");
	/* Readable and writable: fs.protected_hardlinks lets nobody link it. */
	fsm_create_file("link02_shared", 0666, "z");
	FSM_SAFE(symlink("link02_nowhere", "link02_dangling"));
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_make_loop("link02_loop_a", "link02_loop_b");
	SAFE_MKDIR(PRIV_DIR, 0700);
	fsm_create_file(PRIV_DIR "/file", 0666, "x");
	tcases[7].new = fsm_long_path();
	bad_addr = fsm_bad_addr();
}

static void expect_nlink(const char *path, nlink_t nlink)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EXPR(st.st_nlink == nlink, "%s st_nlink %ld, expected %ld",
		     path, (long)st.st_nlink, (long)nlink);
}

static void nobody_cases(void)
{
	TST_EXP_FAIL(link("link02_shared", DIR_NAME "/new"), EACCES,
		     "link() as nobody into root's mode 0755 directory");
	TST_EXP_FAIL(link(PRIV_DIR "/file", "link02_n7"), EACCES,
		     "link() as nobody of a file below a mode 0700 dir");
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	if (n == NCASES) {
		fsm_as_nobody(nobody_cases);
		expect_nlink(PRIV_DIR "/file", 1);
		return;
	}
	TST_EXP_FAIL(link(tc->old ? tc->old : bad_addr,
			  tc->new ? tc->new : bad_addr),
		     tc->exp_errno, "link() with %s", tc->desc);
	expect_nlink(FILE_NAME, 1);
}

static struct tst_test test = {
	.tcnt = NCASES + 1,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no hard links or symbolic links (EPERM)"},
		{"exfat", "exFAT has no hard links or symbolic links (EPERM)"},
		{}
	},
	.forks_child = 1,
};
