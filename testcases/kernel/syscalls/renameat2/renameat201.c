// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * renameat2(2) flags:
 * - RENAME_NOREPLACE renames onto a free name, and is EEXIST (both files
 *   unchanged) when the new name exists;
 * - RENAME_EXCHANGE swaps two files (each name now holds the other's
 *   inode and data), swaps a file with a directory, and is ENOENT when
 *   the new name does not exist;
 * - RENAME_WHITEOUT moves the file and leaves a whiteout (a character
 *   device 0:0) at the old name; since Linux 5.8 no CAP_MKNOD is needed,
 *   so nobody may do it in a directory it can write. TCONF where the
 *   tmpdir's filesystem has no whiteouts (EINVAL);
 * - EINVAL for RENAME_NOREPLACE | RENAME_EXCHANGE, RENAME_WHITEOUT |
 *   RENAME_EXCHANGE and an unknown flag bit.
 * ntfs3 takes no rename flag but RENAME_NOREPLACE: RENAME_EXCHANGE and
 * RENAME_WHITEOUT are EINVAL there, nothing changed (asserted).
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/sysmacros.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "fs_matrix.h"

#define PUB_DIR "renameat201_pub"

static void setup(void)
{
	SAFE_MKDIR(PUB_DIR, 0777);
	SAFE_CHMOD(PUB_DIR, 0777);
}

static void check_noreplace(void)
{
	struct stat st;

	fsm_create_file("renameat201_a", 0644, "a");
	TST_EXP_PASS(renameat2(AT_FDCWD, "renameat201_a", AT_FDCWD,
			       "renameat201_b", RENAME_NOREPLACE),
		     "RENAME_NOREPLACE onto a free name");
	TST_EXP_EXPR(fsm_has_data("renameat201_b", "a") &&
		     stat("renameat201_a", &st), "a moved to b");
	fsm_create_file("renameat201_c", 0644, "c");
	TST_EXP_FAIL(renameat2(AT_FDCWD, "renameat201_c", AT_FDCWD,
			       "renameat201_b", RENAME_NOREPLACE), EEXIST,
		     "RENAME_NOREPLACE onto an existing name");
	TST_EXP_EXPR(fsm_has_data("renameat201_b", "a") &&
		     fsm_has_data("renameat201_c", "c"),
		     "both files unchanged");
	SAFE_UNLINK("renameat201_b");
	SAFE_UNLINK("renameat201_c");
}

/*
 * ntfs3's rename takes no flag but RENAME_NOREPLACE (ntfs_rename():
 * "flags & ~RENAME_NOREPLACE" is EINVAL): an exchange of two files or of
 * a file and a directory is EINVAL and changes nothing. A missing new
 * name is ENOENT from the VFS before the filesystem is asked.
 */
static void ntfs3_exchange(void)
{
	struct stat st;

	TST_EXP_FAIL(renameat2(AT_FDCWD, "renameat201_x", AT_FDCWD,
			       "renameat201_y", RENAME_EXCHANGE), EINVAL,
		     "ntfs3: RENAME_EXCHANGE of two files");
	TST_EXP_EXPR(fsm_has_data("renameat201_x", "x-data") &&
		     fsm_has_data("renameat201_y", "y-data"), "both unchanged");
	SAFE_MKDIR("renameat201_d", 0755);
	TST_EXP_FAIL(renameat2(AT_FDCWD, "renameat201_x", AT_FDCWD,
			       "renameat201_d", RENAME_EXCHANGE), EINVAL,
		     "ntfs3: RENAME_EXCHANGE of a file and a directory");
	TST_EXP_EXPR(fsm_has_data("renameat201_x", "x-data") &&
		     !stat("renameat201_d", &st) && S_ISDIR(st.st_mode),
		     "file and directory unchanged");
	TST_EXP_FAIL(renameat2(AT_FDCWD, "renameat201_y", AT_FDCWD,
			       "renameat201_none", RENAME_EXCHANGE), ENOENT,
		     "RENAME_EXCHANGE with a missing new name");
	SAFE_RMDIR("renameat201_d");
	SAFE_UNLINK("renameat201_x");
	SAFE_UNLINK("renameat201_y");
}

static void check_exchange(void)
{
	struct stat st;

	fsm_create_file("renameat201_x", 0644, "x-data");
	fsm_create_file("renameat201_y", 0644, "y-data");
	if (fs_is("ntfs3")) {
		ntfs3_exchange();
		return;
	}
	TST_EXP_PASS(renameat2(AT_FDCWD, "renameat201_x", AT_FDCWD,
			       "renameat201_y", RENAME_EXCHANGE),
		     "RENAME_EXCHANGE of two files");
	TST_EXP_EXPR(fsm_has_data("renameat201_x", "y-data") &&
		     fsm_has_data("renameat201_y", "x-data"),
		     "contents swapped");

	SAFE_MKDIR("renameat201_d", 0755);
	TST_EXP_PASS(renameat2(AT_FDCWD, "renameat201_x", AT_FDCWD,
			       "renameat201_d", RENAME_EXCHANGE),
		     "RENAME_EXCHANGE of a file and a directory");
	TST_EXP_EXPR(!stat("renameat201_x", &st) && S_ISDIR(st.st_mode) &&
		     fsm_has_data("renameat201_d", "y-data"), "types swapped");

	TST_EXP_FAIL(renameat2(AT_FDCWD, "renameat201_y", AT_FDCWD,
			       "renameat201_none", RENAME_EXCHANGE), ENOENT,
		     "RENAME_EXCHANGE with a missing new name");
	TST_EXP_EXPR(fsm_has_data("renameat201_y", "x-data"), "y unchanged");
	SAFE_RMDIR("renameat201_x");
	SAFE_UNLINK("renameat201_d");
	SAFE_UNLINK("renameat201_y");
}

static void whiteout(const char *dir, const char *who)
{
	char old[64], new[64];
	struct stat st;

	snprintf(old, sizeof(old), "%s/wo_old", dir);
	snprintf(new, sizeof(new), "%s/wo_new", dir);
	fsm_create_file(old, 0644, "w");
	TEST(renameat2(AT_FDCWD, old, AT_FDCWD, new, RENAME_WHITEOUT));
	if (fs_is("ntfs3")) {
		/* ntfs_rename() refuses every flag but RENAME_NOREPLACE */
		if (TST_RET == -1 && TST_ERR == EINVAL)
			tst_res(TPASS, "ntfs3: RENAME_WHITEOUT as %s is EINVAL",
				who);
		else
			tst_res(TFAIL | TTERRNO, "ntfs3: RENAME_WHITEOUT as %s "
				"returned %ld, expected EINVAL", who, TST_RET);
		TST_EXP_EXPR(fsm_has_data(old, "w") && lstat(new, &st),
			     "the file stays, no new name");
		SAFE_UNLINK(old);
		return;
	}
	if (TST_RET == -1 && TST_ERR == EINVAL &&
	    (!tst_fs_type || fs_is("tmpdir"))) {
		tst_res(TCONF, "the tmpdir's filesystem has no whiteouts");
		SAFE_UNLINK(old);
		return;
	}
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "RENAME_WHITEOUT as %s failed", who);
		SAFE_UNLINK(old);
		return;
	}
	tst_res(TPASS, "RENAME_WHITEOUT as %s passed", who);
	TST_EXP_EXPR(fsm_has_data(new, "w"), "the file moved");
	FSM_SAFE(lstat(old, &st));
	TST_EXP_EXPR(S_ISCHR(st.st_mode) && st.st_rdev == makedev(0, 0),
		     "a whiteout (char 0:0) is left, mode %o rdev %u:%u",
		     st.st_mode, major(st.st_rdev), minor(st.st_rdev));
	SAFE_UNLINK(old);
	SAFE_UNLINK(new);
}

static void nobody_whiteout(void)
{
	whiteout(PUB_DIR, "nobody");
}

static void check_invalid(void)
{
	fsm_create_file("renameat201_i", 0644, "i");
	fsm_create_file("renameat201_j", 0644, "j");
	TST_EXP_FAIL(renameat2(AT_FDCWD, "renameat201_i", AT_FDCWD,
			       "renameat201_j",
			       RENAME_NOREPLACE | RENAME_EXCHANGE), EINVAL,
		     "RENAME_NOREPLACE | RENAME_EXCHANGE");
	TST_EXP_FAIL(renameat2(AT_FDCWD, "renameat201_i", AT_FDCWD,
			       "renameat201_j",
			       RENAME_WHITEOUT | RENAME_EXCHANGE), EINVAL,
		     "RENAME_WHITEOUT | RENAME_EXCHANGE");
	TST_EXP_FAIL(renameat2(AT_FDCWD, "renameat201_i", AT_FDCWD,
			       "renameat201_k", 1 << 3), EINVAL,
		     "an unknown flag bit");
	TST_EXP_EXPR(fsm_has_data("renameat201_i", "i") &&
		     fsm_has_data("renameat201_j", "j"),
		     "both files unchanged");
	SAFE_UNLINK("renameat201_i");
	SAFE_UNLINK("renameat201_j");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_noreplace();
		break;
	case 1:
		check_exchange();
		break;
	case 2:
		whiteout(".", "root");
		break;
	case 3:
		fsm_as_nobody(nobody_whiteout);
		break;
	case 4:
		check_invalid();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no per-file mode (the test's permission "
			 "cases need one) and no symbolic links"},
		{"exfat", "exFAT has no RENAME_EXCHANGE (renameat2(2): EINVAL) "
			  "and no per-file mode"},
		{}
	},
	.forks_child = 1,
};
