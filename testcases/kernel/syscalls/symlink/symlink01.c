// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * symlink(2) stores the target string verbatim:
 * - readlink() returns it byte for byte (no "//" or ".." folded), lstat()
 *   shows S_IFLNK, mode 0777, st_size the string's length, and the
 *   caller as owner;
 * - the target need not exist (a dangling link), and a relative target is
 *   resolved from the link's directory, not from the caller's cwd;
 * - the longest target the filesystem takes (PATH_MAX - 1; ext2/3/4 the
 *   block size - 1; xfs 1023; ntfs3 4091) is accepted and read back
 *   whole, one byte more is ENAMETOOLONG (ntfs3: EFBIG) and leaves no
 *   link;
 * - nobody may create a link in a directory it can write, and owns it.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"

#define PUB_DIR "symlink01_pub"
#define ODD_TARGET "a//b/../c/./d"

static char long_target[PATH_MAX];
static char buf[PATH_MAX + 1];

static void setup(void)
{
	SAFE_MKDIR("symlink01_dir", 0755);
	fsm_create_file("symlink01_file", 0644, "found");
	SAFE_MKDIR(PUB_DIR, 0777);
	SAFE_CHMOD(PUB_DIR, 0777);
}

/*
 * ntfs3 stores a target as a symlink reparse point: a 20-byte header and
 * the target twice in UTF-16 (substitute and print name), 4 bytes an
 * ASCII character, within $AttrDef's largest $REPARSE_POINT, the 16 KiB
 * mkfs.ntfs writes (sbi->reparse.max_size). Over that
 * ntfs_create_reparse_buffer() says EFBIG, below the VFS's PATH_MAX.
 */
#define NTFS3_MAX ((16384 - 20) / 4)

/*
 * The longest target the filesystem stores: PATH_MAX - 1 where only the
 * VFS limits it; ext2/3/4 keep a target in one block (with its NUL),
 * xfs below XFS_SYMLINK_MAXLEN (1024), ntfs3 NTFS3_MAX. One byte more
 * is ENAMETOOLONG (ntfs3: EFBIG).
 */
static size_t max_target(void)
{
	struct statvfs sv;

	if (!tst_fs_type)
		return PATH_MAX - 1;
	if (!strncmp(tst_fs_type, "ext", 3)) {
		if (statvfs(".", &sv))
			tst_brk(TBROK | TERRNO, "statvfs(.)");
		return sv.f_bsize < PATH_MAX ? sv.f_bsize - 1 : PATH_MAX - 1;
	}
	if (!strcmp(tst_fs_type, "xfs"))
		return 1023;
	if (!strcmp(tst_fs_type, "ntfs3"))
		return NTFS3_MAX;
	return PATH_MAX - 1;
}

/* The errno of a target one byte over max_target(). */
static int too_long_errno(void)
{
	return tst_fs_type && !strcmp(tst_fs_type, "ntfs3") ? EFBIG :
	       ENAMETOOLONG;
}

static void expect_link(const char *path, const char *target, uid_t uid)
{
	struct stat st;
	ssize_t len;

	FSM_SAFE(lstat(path, &st));
	TST_EXP_EXPR(S_ISLNK(st.st_mode) && (st.st_mode & 07777) == 0777 &&
		     st.st_size == (off_t)strlen(target) && st.st_uid == uid,
		     "%s: mode %06o size %ld uid %d", path, st.st_mode,
		     (long)st.st_size, (int)st.st_uid);
	len = readlink(path, buf, sizeof(buf));
	TST_EXP_EXPR(len == (ssize_t)strlen(target) &&
		     !memcmp(buf, target, len),
		     "%s reads back its target verbatim (%zd bytes)", path,
		     len);
}

static void check_verbatim(void)
{
	struct stat st;

	TST_EXP_PASS(symlink(ODD_TARGET, "symlink01_odd"),
		     "symlink(\"%s\")", ODD_TARGET);
	expect_link("symlink01_odd", ODD_TARGET, geteuid());
	size_t max = max_target();

	memset(long_target, 0, sizeof(long_target));
	memset(long_target, 't', max);
	TST_EXP_PASS(symlink(long_target, "symlink01_long"),
		     "symlink() of a target of %zu bytes, the most %s takes",
		     max, tst_fs_type ? tst_fs_type : "the VFS");
	expect_link("symlink01_long", long_target, geteuid());
	long_target[max] = 't';
	TST_EXP_FAIL(symlink(long_target, "symlink01_long2"), too_long_errno(),
		     "symlink() of a target of %zu bytes", max + 1);
	TST_EXP_FAIL(lstat("symlink01_long2", &st), ENOENT,
		     "no link left by the refused symlink()");
	SAFE_UNLINK("symlink01_odd");
	SAFE_UNLINK("symlink01_long");
}

static void check_resolution(void)
{
	char data[8] = "";
	int fd;

	TST_EXP_PASS(symlink("../symlink01_file", "symlink01_dir/up"),
		     "symlink(\"../file\", \"dir/up\")");
	fd = SAFE_OPEN("symlink01_dir/up", O_RDONLY);
	SAFE_READ(1, fd, data, 5);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!memcmp(data, "found", 5),
		     "a relative target resolves from the link's directory");
	TST_EXP_PASS(symlink("symlink01_nowhere", "symlink01_dangling"),
		     "symlink() to a missing target");
	TST_EXP_FAIL(open("symlink01_dangling", O_RDONLY), ENOENT,
		     "opening the dangling link");
	SAFE_UNLINK("symlink01_dir/up");
	SAFE_UNLINK("symlink01_dangling");
}

static void nobody_creates(void)
{
	uid_t uid;
	gid_t gid;

	fsm_nobody_ids(&uid, &gid);
	TST_EXP_PASS(symlink("x", PUB_DIR "/mine"),
		     "symlink() as nobody in a mode 0777 directory");
	expect_link(PUB_DIR "/mine", "x", uid);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_verbatim();
		break;
	case 1:
		check_resolution();
		break;
	case 2:
		fsm_as_nobody(nobody_creates);
		SAFE_UNLINK(PUB_DIR "/mine");
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no symbolic links (symlink(2): EPERM)"},
		{"exfat", "exFAT has no symbolic links (symlink(2): EPERM)"},
		{}
	},
	.forks_child = 1,
};
