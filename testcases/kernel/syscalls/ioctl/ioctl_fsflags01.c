// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * FS_IOC_GETFLAGS/FS_IOC_SETFLAGS (fs/ioctl.c, each filesystem's
 * fileattr_set) on every filesystem of the matrix that has inode flags
 * (ext2 ext3 ext4 xfs btrfs ntfs3 tmpfs; FAT and exFAT have none), and
 * what the append-only and immutable flags refuse (fs/namei.c,
 * fs/attr.c, fs/open.c):
 * - a flag set is read back;
 * - append-only file: opening for writing without O_APPEND, truncate,
 *   unlink, rename, chmod and setxattr are EPERM; O_APPEND writes
 *   append;
 * - append-only directory: new entries can be made, removing one is
 *   EPERM;
 * - immutable file: opening for writing, unlink, link, rename, chmod,
 *   utimes and setxattr are EPERM; reading works;
 * - the owner without CAP_LINUX_IMMUTABLE may set FS_NODUMP_FL (ntfs3,
 *   which has no such flag and says EOPNOTSUPP: FS_COMPR_FL), the file
 *   reads back its data, but not FS_IMMUTABLE_FL or FS_APPEND_FL (EPERM);
 *   someone else cannot set any flag (EPERM); FS_IOC_GETFLAGS into an
 *   unmapped address is EFAULT.
 */
#include <pwd.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/xattr.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "fs_matrix.h"

#define MNT "."
#define APPEND_F MNT "/append"
#define APPEND_D MNT "/append_dir"
#define IMMUT_F MNT "/immutable"
#define NOBODY_F MNT "/nobodys"
#define ROOT_F MNT "/roots"

static void *unmapped;

static int get_flags(const char *path)
{
	int fd = SAFE_OPEN(path, O_RDONLY);
	int flags = 0;

	if (ioctl(fd, FS_IOC_GETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_GETFLAGS %s", path);
	SAFE_CLOSE(fd);
	return flags;
}

/* Set or clear flag, keeping the others; 0 or -1 with errno. */
static int change_flag(const char *path, int flag, int on)
{
	int fd = SAFE_OPEN(path, O_RDONLY);
	int flags = 0, ret;

	if (ioctl(fd, FS_IOC_GETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_GETFLAGS %s", path);
	flags = on ? flags | flag : flags & ~flag;
	ret = ioctl(fd, FS_IOC_SETFLAGS, &flags);
	SAFE_CLOSE(fd);
	return ret;
}

static void set_flag(const char *path, int flag, const char *name)
{
	TST_EXP_PASS(change_flag(path, flag, 1), "FS_IOC_SETFLAGS %s on %s",
		     name, path);
	TST_EXP_EQ_LI(get_flags(path) & flag, flag);
}

static void append_only(void)
{
	struct stat st;
	char tail[4];
	off_t size;
	int fd;

	set_flag(APPEND_F, FS_APPEND_FL, "FS_APPEND_FL");
	TST_EXP_FAIL(open(APPEND_F, O_WRONLY), EPERM,
		     "open(O_WRONLY) of an append-only file");
	TST_EXP_FAIL(truncate(APPEND_F, 0), EPERM,
		     "truncate of an append-only file");
	TST_EXP_FAIL(unlink(APPEND_F), EPERM, "unlink of an append-only file");
	TST_EXP_FAIL(rename(APPEND_F, MNT "/renamed"), EPERM,
		     "rename of an append-only file");
	TST_EXP_FAIL(chmod(APPEND_F, 0600), EPERM,
		     "chmod of an append-only file");
	TST_EXP_FAIL(setxattr(APPEND_F, "user.test", "v", 1, 0), EPERM,
		     "setxattr of an append-only file");
	/* the size before: each iteration (-i) appends once more */
	SAFE_STAT(APPEND_F, &st);
	size = st.st_size;
	fd = SAFE_OPEN(APPEND_F, O_WRONLY | O_APPEND);
	SAFE_WRITE(1, fd, "more", 4);
	SAFE_CLOSE(fd);
	SAFE_STAT(APPEND_F, &st);
	TST_EXP_EQ_LI(st.st_size, size + 4);
	fd = SAFE_OPEN(APPEND_F, O_RDONLY);
	SAFE_PREAD(1, fd, tail, 4, size);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!memcmp(tail, "more", 4), "the O_APPEND write is at the "
		     "old end, %ld", (long)size);
	TST_EXP_PASS(change_flag(APPEND_F, FS_APPEND_FL, 0),
		     "clearing FS_APPEND_FL");

	set_flag(APPEND_D, FS_APPEND_FL, "FS_APPEND_FL");
	fd = SAFE_OPEN(APPEND_D "/new", O_WRONLY | O_CREAT, 0600);
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(unlink(APPEND_D "/new"), EPERM,
		     "unlink in an append-only directory");
	TST_EXP_PASS(change_flag(APPEND_D, FS_APPEND_FL, 0),
		     "clearing FS_APPEND_FL of the directory");
}

static void immutable(void)
{
	char buf[4];
	int fd;

	set_flag(IMMUT_F, FS_IMMUTABLE_FL, "FS_IMMUTABLE_FL");
	TST_EXP_FAIL(open(IMMUT_F, O_WRONLY), EPERM,
		     "open(O_WRONLY) of an immutable file");
	TST_EXP_FAIL(open(IMMUT_F, O_WRONLY | O_APPEND), EPERM,
		     "open(O_APPEND) of an immutable file");
	TST_EXP_FAIL(unlink(IMMUT_F), EPERM, "unlink of an immutable file");
	TST_EXP_FAIL(link(IMMUT_F, MNT "/link"), EPERM,
		     "link to an immutable file");
	TST_EXP_FAIL(rename(IMMUT_F, MNT "/renamed"), EPERM,
		     "rename of an immutable file");
	TST_EXP_FAIL(chmod(IMMUT_F, 0600), EPERM,
		     "chmod of an immutable file");
	TST_EXP_FAIL(utimes(IMMUT_F, NULL), EPERM,
		     "utimes of an immutable file");
	TST_EXP_FAIL(setxattr(IMMUT_F, "user.test", "v", 1, 0), EPERM,
		     "setxattr of an immutable file");
	fd = SAFE_OPEN(IMMUT_F, O_RDONLY);
	TST_EXP_VAL(read(fd, buf, 4), 4, "read of an immutable file");
	SAFE_CLOSE(fd);
	TST_EXP_PASS(change_flag(IMMUT_F, FS_IMMUTABLE_FL, 0),
		     "clearing FS_IMMUTABLE_FL");
}

/*
 * The flag the owner may set without CAP_LINUX_IMMUTABLE: FS_NODUMP_FL,
 * but ntfs3 keeps only FS_IMMUTABLE_FL, FS_APPEND_FL and FS_COMPR_FL
 * (ntfs_fileattr_set(): any other flag is EOPNOTSUPP), so there it is
 * FS_COMPR_FL, and FS_NODUMP_FL is asserted as EOPNOTSUPP.
 */
static int owner_flag(void)
{
	return fs_is("ntfs3") ? FS_COMPR_FL : FS_NODUMP_FL;
}

static void unprivileged(void)
{
	if (fs_is("ntfs3")) {
		TST_EXP_FAIL(change_flag(NOBODY_F, FS_NODUMP_FL, 1), EOPNOTSUPP,
			     "ntfs3: FS_NODUMP_FL by the owner");
		TST_EXP_PASS(change_flag(NOBODY_F, FS_COMPR_FL, 1),
			     "ntfs3: FS_COMPR_FL by the owner");
	} else {
		TST_EXP_PASS(change_flag(NOBODY_F, FS_NODUMP_FL, 1),
			     "FS_NODUMP_FL by the owner");
	}
	TST_EXP_FAIL(change_flag(NOBODY_F, FS_IMMUTABLE_FL, 1), EPERM,
		     "FS_IMMUTABLE_FL by the owner without CAP_LINUX_IMMUTABLE");
	TST_EXP_FAIL(change_flag(NOBODY_F, FS_APPEND_FL, 1), EPERM,
		     "FS_APPEND_FL by the owner without CAP_LINUX_IMMUTABLE");
	TST_EXP_FAIL(change_flag(ROOT_F, FS_NODUMP_FL, 1), EPERM,
		     "FS_NODUMP_FL on root's file by nobody");
}

static void read_back(const char *path)
{
	char buf[8] = "";
	int fd = SAFE_OPEN(path, O_RDONLY);

	TST_EXP_VAL(read(fd, buf, sizeof(buf)), 4, "read of %s", path);
	TST_EXP_EXPR(!memcmp(buf, "data", 4), "%s still holds its data", path);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	int fd = SAFE_OPEN(ROOT_F, O_RDONLY);

	append_only();
	immutable();
	run_in_nobody_child(unprivileged, "the owner checks");
	TST_EXP_EQ_LI(get_flags(NOBODY_F) & owner_flag(), owner_flag());
	if (fs_is("ntfs3"))
		TST_EXP_EQ_LI(get_flags(NOBODY_F) & FS_NODUMP_FL, 0);
	read_back(NOBODY_F);
	TST_EXP_FAIL(ioctl(fd, FS_IOC_GETFLAGS, unmapped), EFAULT,
		     "FS_IOC_GETFLAGS into an unmapped address");
	SAFE_CLOSE(fd);
}

static void make_file(const char *path, uid_t uid)
{
	int fd = SAFE_OPEN(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	SAFE_WRITE(1, fd, "data", 4);
	SAFE_CLOSE(fd);
	SAFE_CHOWN(path, uid, -1);
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	if (!pw)
		tst_brk(TBROK, "no user nobody");
	make_file(APPEND_F, 0);
	make_file(IMMUT_F, 0);
	make_file(ROOT_F, 0);
	make_file(NOBODY_F, pw->pw_uid);
	SAFE_MKDIR(APPEND_D, 0755);
	unmapped = SAFE_MMAP(NULL, 4096, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, 4096);
}

/* The flags would keep the files (and the test) from being removed. */
static void cleanup(void)
{
	static const char *const paths[] = { APPEND_F, APPEND_D, IMMUT_F };
	unsigned int i;
	int fd, flags;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		fd = open(paths[i], O_RDONLY);
		if (fd < 0)
			continue;
		flags = 0;
		if (!ioctl(fd, FS_IOC_GETFLAGS, &flags)) {
			flags &= ~(FS_APPEND_FL | FS_IMMUTABLE_FL);
			ioctl(fd, FS_IOC_SETFLAGS, &flags);
		}
		close(fd);
	}
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no inode flags (FS_IOC_GETFLAGS: ENOTTY)"},
		{"exfat", "exFAT has no inode flags (FS_IOC_GETFLAGS: ENOTTY)"},
		{}
	},
};
