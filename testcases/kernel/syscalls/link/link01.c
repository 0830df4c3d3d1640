// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * link(2) makes a second name for the same inode:
 * - the new name has the old one's inode, st_nlink is 2 on both, data
 *   written through one name reads back through the other, and the
 *   inode's ctime moves forward;
 * - removing the old name leaves the file reachable with st_nlink 1;
 * - a symlink is not followed: the new name is a hard link to the
 *   symlink itself (S_IFLNK, same inode as the link);
 * - fs.protected_hardlinks, set to 1 and then to 0 (saved and restored
 *   by the library), decides whether nobody may link to root's files it
 *   cannot both read and write (mode 0600, mode 0644) or that are setuid
 *   (mode 04777): with 1 it is EPERM, with 0 it succeeds; root's mode
 *   0666 file may be linked either way.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "link01_file"
#define NEW_NAME "link01_new"
#define SYMLINK "link01_symlink"
#define SYMLINK_LINK "link01_symlink_link"
#define SHARED "link01_shared"
#define PUB_DIR "link01_pub"
#define PROTECTED "/proc/sys/fs/protected_hardlinks"

/* root's files nobody may link to only with protected_hardlinks 0 */
static const char *const guarded[] = {
	"link01_secret", "link01_readable", "link01_setuid"
};
static const int guarded_mode[] = { 0600, 0644, 04777 };

static void setup(void)
{
	FSM_SAFE(symlink("link01_anything", SYMLINK));
	unsigned int i;

	for (i = 0; i < 3; i++) {
		fsm_create_file(guarded[i], guarded_mode[i], "x");
		SAFE_CHMOD(guarded[i], guarded_mode[i]);
	}
	fsm_create_file(SHARED, 0666, "x");
	SAFE_MKDIR(PUB_DIR, 0777);
	SAFE_CHMOD(PUB_DIR, 0777);
}

static void check_link(void)
{
	struct stat before, st_old, st_new;
	char buf[8];
	int fd;

	fsm_create_file(FILE_NAME, 0644, NULL);
	SAFE_STAT(FILE_NAME, &before);
	fsm_next_tick();
	TST_EXP_PASS(link(FILE_NAME, NEW_NAME));
	SAFE_STAT(FILE_NAME, &st_old);
	SAFE_STAT(NEW_NAME, &st_new);
	TST_EXP_EXPR(st_old.st_ino == st_new.st_ino &&
		     st_old.st_dev == st_new.st_dev, "same inode");
	TST_EXP_EQ_LI(st_new.st_nlink, 2);
	TST_EXP_EXPR(fsm_ts_cmp(&st_new.st_ctim, &before.st_ctim) > 0,
		     "ctime moved forward");

	fd = SAFE_OPEN(NEW_NAME, O_WRONLY);
	SAFE_WRITE(1, fd, "shared", 6);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	TST_EXP_EXPR(SAFE_READ(0, fd, buf, sizeof(buf)) == 6 &&
		     !memcmp(buf, "shared", 6),
		     "data written through the new name reads through the old");
	SAFE_CLOSE(fd);

	SAFE_UNLINK(FILE_NAME);
	SAFE_STAT(NEW_NAME, &st_new);
	TST_EXP_EQ_LI(st_new.st_nlink, 1);
	SAFE_UNLINK(NEW_NAME);
}

static void check_symlink(void)
{
	struct stat lst, lst_new;

	TST_EXP_PASS(link(SYMLINK, SYMLINK_LINK), "link() of a symlink");
	FSM_SAFE(lstat(SYMLINK, &lst));
	FSM_SAFE(lstat(SYMLINK_LINK, &lst_new));
	TST_EXP_EXPR(S_ISLNK(lst_new.st_mode) && lst_new.st_ino == lst.st_ino,
		     "the new name is the symlink itself, not its target");
	TST_EXP_EQ_LI(lst.st_nlink, 2);
	SAFE_UNLINK(SYMLINK_LINK);
}

static long protected_hardlinks;

static void nobody_protected(void)
{
	char dst[64];
	unsigned int i;

	for (i = 0; i < 3; i++) {
		snprintf(dst, sizeof(dst), PUB_DIR "/l%u", i);
		if (protected_hardlinks) {
			TST_EXP_FAIL(link(guarded[i], dst), EPERM,
				     "link() of root's mode %04o file as "
				     "nobody, fs.protected_hardlinks = 1",
				     guarded_mode[i]);
		} else {
			TST_EXP_PASS(link(guarded[i], dst),
				     "link() of root's mode %04o file as "
				     "nobody, fs.protected_hardlinks = 0",
				     guarded_mode[i]);
		}
		if (!access(dst, F_OK))
			SAFE_UNLINK(dst);
	}
	TST_EXP_PASS(link(SHARED, PUB_DIR "/shared"),
		     "link() of root's mode 0666 file as nobody, "
		     "fs.protected_hardlinks = %ld", protected_hardlinks);
	if (TST_PASS)
		SAFE_UNLINK(PUB_DIR "/shared");
}

static void check_protected(long val)
{
	protected_hardlinks = val;
	SAFE_FILE_PRINTF(PROTECTED, "%ld", val);
	fsm_as_nobody(nobody_protected);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_link();
		break;
	case 1:
		check_symlink();
		break;
	case 2:
		check_protected(1);
		break;
	case 3:
		check_protected(0);
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
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
	.save_restore = (const struct tst_path_val[]) {
		{ PROTECTED, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
};
