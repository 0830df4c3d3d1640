// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Idmapped mounts on each filesystem of the matrix. A detached clone of
 * the filesystem's mount (open_tree(OPEN_TREE_CLONE)) gets
 * mount_setattr(MOUNT_ATTR_IDMAP) with a user namespace whose uid_map
 * and gid_map are "0 10000 1000": on-disk id k (0..999) shows as
 * 10000 + k through the mount. Which filesystems allow it is their
 * FS_ALLOW_IDMAP flag: ext4, xfs, btrfs, vfat and ntfs3 in 6.1 and 6.12,
 * tmpfs since 6.3, exfat in 6.12 (not in 6.1); ext2 and ext3, which the
 * ext4 driver serves under types without the flag, never: EINVAL
 * (can_idmap_mount() in fs/namespace.c). Where it is allowed:
 * - stat() through the mount shows the shifted owner (10000 for 0,
 *   10005 for 5), the overflow id for an owner outside the map (2000);
 * - a caller with uid and gid 10000 creates a file through the mount,
 *   stored as 0:0 (read through the plain mount), where the plain mount
 *   refuses it (EACCES, the 0755 directory is root's); one with 10007
 *   stores 7:7 (filesystems with per-file owners);
 * - a caller whose ids are outside the map (root) cannot create or mkdir
 *   through it: EOVERFLOW (may_o_create(), may_create());
 * - chown() through it (root): to 10999 stores 999; to 11000 or to 5
 *   (no mapping in the mount) is EOVERFLOW and changes nothing; chmod()
 *   of a file whose owner is outside the map is EOVERFLOW; chown() of it
 *   to a mapped id works (notify_change(), chown_ok());
 * - set-group-ID: in a directory of gid 5 (10005 through the mount) with
 *   S_ISGID, a file created with S_ISGID by a caller not in 10005 loses
 *   it, by a caller with gid 10005 keeps it; both get gid 5, a new
 *   directory gets gid 5 and S_ISGID (CVE-2018-13405 through an
 *   idmapped mount: 0fa3ecd87848 in the VFS, 01ea173e103e in xfs);
 * - a POSIX ACL set through the mount naming user 10005 is stored as 5
 *   and read back as 10005 through the mount (ext4, xfs, btrfs);
 * - MOUNT_ATTR_IDMAP errors (build_mount_idmapped(), can_idmap_mount()):
 *   in attr_clr EINVAL; a userns_fd above INT_MAX EINVAL, a closed one
 *   EBADF, a non-namespace file EINVAL, the initial user namespace
 *   EPERM; a mount already attached EINVAL; a mount already idmapped
 *   EPERM.
 * FAT, exFAT and ntfs3 keep no per-file owner of the caller's: there
 * only the shifted owner, the creation (stored as the mount's uid 0)
 * and the EOVERFLOW of an unmapped caller are asserted.
 * Syscalls: mount_setattr, open_tree, move_mount
 */
#include <grp.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <linux/posix_acl.h>
#include <linux/posix_acl_xattr.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "mount_ns.h"
#include "newmount_raw.h"
#include "ns_helpers.h"
#include "ovl_helpers.h"

#define IDM "idm"
#define BASE 10000
#define RANGE 1000

static int userns_fd = -1;
static int owners;	/* the filesystem stores each file's owner and mode */

/* 1: allowed, 0: EINVAL, -1: not known for this kernel */
static int idmap_allowed(void)
{
	if (fs_is("ext4 xfs btrfs vfat ntfs3"))
		return 1;
	if (fs_is("ext2 ext3"))
		return 0;
	if (fs_is("tmpfs"))
		return tst_kvercmp(6, 3, 0) >= 0;
	if (fs_is("exfat")) {
		if (tst_kvercmp(6, 12, 0) >= 0)
			return 1;
		if (tst_kvercmp(6, 2, 0) < 0)
			return 0;
	}
	return -1;
}

static int setattr_idmap(int mfd, uint64_t set, uint64_t clr, uint64_t fd)
{
	struct mount_attr attr = {
		.attr_set = set, .attr_clr = clr, .userns_fd = fd,
	};

	return mount_setattr_raw(mfd, "", AT_EMPTY_PATH, &attr, sizeof(attr));
}

static int clone_tree(void)
{
	int mfd = open_tree_raw(AT_FDCWD, ".", OPEN_TREE_CLONE |
				OPEN_TREE_CLOEXEC);

	if (mfd < 0)
		tst_brk(TBROK | TERRNO, "open_tree(., OPEN_TREE_CLONE)");
	return mfd;
}

/* A user namespace with uid and gid maps "0 BASE RANGE", as an fd. */
static int make_userns(void)
{
	int go[2], ready[2], fd;
	char map[64], path[64];
	pid_t pid;

	SAFE_PIPE(go);
	SAFE_PIPE(ready);
	pid = SAFE_NS_FORK(CLONE_NEWUSER);
	if (!pid) {
		ns_signal_fd(ready[1]);
		ns_wait_fd(go[0]);
		_exit(0);
	}
	ns_wait_fd(ready[0]);
	snprintf(map, sizeof(map), "0 %d %d\n", BASE, RANGE);
	SAFE_NS_WRITE_PROC(pid, "uid_map", map);
	SAFE_NS_WRITE_PROC(pid, "gid_map", map);
	snprintf(path, sizeof(path), "/proc/%d/ns/user", pid);
	fd = SAFE_OPEN(path, O_RDONLY | O_CLOEXEC);
	ns_signal_fd(go[1]);
	NS_REAP(pid);
	SAFE_CLOSE(go[0]);
	SAFE_CLOSE(go[1]);
	SAFE_CLOSE(ready[0]);
	SAFE_CLOSE(ready[1]);
	return fd;
}

static void expect_owner(const char *path, unsigned int uid, unsigned int gid)
{
	struct stat st;

	if (lstat(path, &st)) {
		tst_res(TFAIL | TERRNO, "lstat(%s)", path);
		return;
	}
	if (st.st_uid == uid && st.st_gid == gid)
		tst_res(TPASS, "%s is owned by %u:%u", path, uid, gid);
	else
		tst_res(TFAIL, "%s is owned by %u:%u, expected %u:%u", path,
			st.st_uid, st.st_gid, uid, gid);
}

static mode_t mode_of(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		tst_brk(TBROK | TERRNO, "lstat(%s)", path);
	return st.st_mode & 07777;
}

static void become(uid_t uid, gid_t gid)
{
	if (setgroups(0, NULL) || setresgid(gid, gid, gid) ||
	    setresuid(uid, uid, uid))
		tst_brk(TBROK | TERRNO, "becoming %u:%u", uid, gid);
}

static int create(const char *path, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode);

	if (fd < 0)
		return -1;
	SAFE_CLOSE(fd);
	return 0;
}

/* Children creating as mapped callers. */
static void as_10000(void)
{
	become(BASE, BASE);
	TST_EXP_PASS(create(IDM "/d/a", 0644),
		     "creat() through the idmapped mount as %d:%d", BASE,
		     BASE);
	TST_EXP_FAIL(create("d/a2", 0644), EACCES,
		     "creat() as %d:%d through the plain mount", BASE, BASE);
}

static void as_10007(gid_t gid, const char *name, int exp_sgid)
{
	char p[64];
	mode_t m;

	become(BASE + 7, gid);
	snprintf(p, sizeof(p), IDM "/sg/%s", name);
	TST_EXP_PASS(create(p, 02755), "creat(%s, 02755) as %d:%u", p,
		     BASE + 7, gid);
	snprintf(p, sizeof(p), "sg/%s", name);
	expect_owner(p, 7, 5);
	m = mode_of(p);
	TST_EXP_EXPR(!!(m & S_ISGID) == exp_sgid, "%s mode %04o: S_ISGID %s "
		     "(caller %s group 10005)", p, m, exp_sgid ? "kept" :
		     "cleared", exp_sgid ? "in" : "not in");
}

static void in_child(void (*fn)(void))
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		fn();
		exit(0);
	}
	reap_child(pid);
}

static void sg_outsider(void)
{
	as_10007(BASE + 7, "c", 0);
	TST_EXP_PASS(mkdir(IDM "/sg/sub", 0755), "mkdir() in the setgid "
		     "directory as %d", BASE + 7);
	expect_owner("sg/sub", 7, 5);
	TST_EXP_EXPR(mode_of("sg/sub") & S_ISGID,
		     "the new directory has S_ISGID");
	TST_EXP_PASS(create(IDM "/w/b", 0644), "creat() as %d", BASE + 7);
	expect_owner("w/b", 7, 7);
	expect_owner(IDM "/w/b", BASE + 7, BASE + 7);
}

static void sg_member(void)
{
	as_10007(BASE + 5, "e", 1);
}

static void acl(void)
{
	struct {
		struct posix_acl_xattr_header h;
		struct posix_acl_xattr_entry e[5];
	} a = {
		.h = { .a_version = POSIX_ACL_XATTR_VERSION },
		.e = {
			{ ACL_USER_OBJ, 6, ACL_UNDEFINED_ID },
			{ ACL_USER, 4, BASE + 5 },
			{ ACL_GROUP_OBJ, 4, ACL_UNDEFINED_ID },
			{ ACL_MASK, 4, ACL_UNDEFINED_ID },
			{ ACL_OTHER, 4, ACL_UNDEFINED_ID },
		},
	}, b;

	if (!fs_is("ext4 xfs btrfs"))
		return;
	ovl_put("acl", "");
	TST_EXP_PASS(setxattr(IDM "/acl", "system.posix_acl_access", &a,
			      sizeof(a), 0),
		     "setxattr(system.posix_acl_access) naming user %d "
		     "through the idmapped mount", BASE + 5);
	memset(&b, 0, sizeof(b));
	TST_EXP_VAL(getxattr("acl", "system.posix_acl_access", &b, sizeof(b)),
		    (ssize_t)sizeof(b), "getxattr() through the plain mount");
	TST_EXP_EXPR(b.e[1].e_tag == ACL_USER && b.e[1].e_id == 5,
		     "the plain mount reads ACL_USER %u, expected 5",
		     b.e[1].e_id);
	memset(&b, 0, sizeof(b));
	TST_EXP_VAL(getxattr(IDM "/acl", "system.posix_acl_access", &b,
			     sizeof(b)), (ssize_t)sizeof(b),
		    "getxattr() through the idmapped mount");
	TST_EXP_EXPR(b.e[1].e_tag == ACL_USER && b.e[1].e_id == BASE + 5,
		     "the idmapped mount reads ACL_USER %u, expected %d",
		     b.e[1].e_id, BASE + 5);
}

static void errors(int mfd)
{
	int fd, fd2;

	TST_EXP_FAIL(setattr_idmap(mfd, 0, MOUNT_ATTR_IDMAP, userns_fd),
		     EINVAL, "MOUNT_ATTR_IDMAP in attr_clr");
	TST_EXP_FAIL(setattr_idmap(mfd, MOUNT_ATTR_IDMAP, 0,
				   (uint64_t)INT_MAX + 1), EINVAL,
		     "userns_fd INT_MAX + 1");
	fd = SAFE_OPEN(".", O_RDONLY);
	fd2 = fd;
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(setattr_idmap(mfd, MOUNT_ATTR_IDMAP, 0, fd2), EBADF,
		     "userns_fd %d, a closed descriptor", fd2);
	fd = SAFE_OPEN(".", O_RDONLY);
	TST_EXP_FAIL(setattr_idmap(mfd, MOUNT_ATTR_IDMAP, 0, fd), EINVAL,
		     "userns_fd a directory");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("/proc/self/ns/user", O_RDONLY);
	TST_EXP_FAIL(setattr_idmap(mfd, MOUNT_ATTR_IDMAP, 0, fd), EPERM,
		     "userns_fd the initial user namespace");
	SAFE_CLOSE(fd);
	fd2 = open("/proc/self/ns/net", O_RDONLY);
	if (fd2 >= 0) {
		TST_EXP_FAIL(setattr_idmap(mfd, MOUNT_ATTR_IDMAP, 0, fd2),
			     EINVAL, "userns_fd a network namespace");
		SAFE_CLOSE(fd2);
	}
	fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	TST_EXP_FAIL(setattr_idmap(fd, MOUNT_ATTR_IDMAP, 0, userns_fd),
		     EINVAL, "MOUNT_ATTR_IDMAP on the attached mount");
	SAFE_CLOSE(fd);
}

static void run(void)
{
	int allowed = idmap_allowed(), mfd, ret;
	unsigned int ovf = ns_overflow_id("overflowuid");

	owners = !fs_is("vfat exfat ntfs3");
	SAFE_MKDIR("d", 0755);
	SAFE_MKDIR(IDM, 0755);
	ovl_put("f0", "");
	if (owners) {
		SAFE_MKDIR("w", 0777);
		SAFE_CHMOD("w", 0777);
		SAFE_MKDIR("sg", 0777);
		SAFE_CHOWN("sg", 0, 5);
		SAFE_CHMOD("sg", 02777);
		ovl_put("f5", "");
		SAFE_CHOWN("f5", 5, 5);
		ovl_put("f2000", "");
		SAFE_CHOWN("f2000", 2000, 2000);
	}

	mfd = clone_tree();
	ret = setattr_idmap(mfd, MOUNT_ATTR_IDMAP, 0, userns_fd);
	if (allowed < 0) {
		tst_res(TINFO | TERRNO, "mount_setattr(MOUNT_ATTR_IDMAP) on %s "
			"returned %d", tst_fs_type, ret);
		tst_brk(TCONF, "what %s allows on this kernel was not checked "
			"(6.1 and 6.12 were)", tst_fs_type);
	}
	if (!allowed) {
		if (!ret)
			tst_res(TFAIL, "MOUNT_ATTR_IDMAP on %s succeeded, "
				"expected EINVAL (no FS_ALLOW_IDMAP)",
				tst_fs_type);
		else if (errno != EINVAL)
			tst_res(TFAIL | TERRNO, "MOUNT_ATTR_IDMAP on %s, "
				"expected EINVAL", tst_fs_type);
		else
			tst_res(TPASS | TERRNO, "MOUNT_ATTR_IDMAP on %s: no "
				"FS_ALLOW_IDMAP", tst_fs_type);
		SAFE_CLOSE(mfd);
		tst_brk(TCONF, "%s has no idmapped mounts", tst_fs_type);
	}
	if (ret)
		tst_brk(TFAIL | TERRNO, "MOUNT_ATTR_IDMAP on %s", tst_fs_type);
	tst_res(TPASS, "MOUNT_ATTR_IDMAP on %s", tst_fs_type);
	TST_EXP_FAIL(setattr_idmap(mfd, MOUNT_ATTR_IDMAP, 0, userns_fd), EPERM,
		     "MOUNT_ATTR_IDMAP on a mount already idmapped");
	nm_attach(mfd, IDM);
	SAFE_CLOSE(mfd);

	mfd = clone_tree();
	errors(mfd);
	SAFE_CLOSE(mfd);

	expect_owner(IDM "/f0", BASE, BASE);
	expect_owner("f0", 0, 0);
	in_child(as_10000);
	expect_owner("d/a", 0, 0);
	expect_owner(IDM "/d/a", BASE, BASE);

	TST_EXP_FAIL(create(IDM "/d/r", 0644), EOVERFLOW,
		     "creat() through the idmapped mount as root (unmapped)");
	TST_EXP_FAIL(mkdir(IDM "/d/rd", 0755), EOVERFLOW,
		     "mkdir() through the idmapped mount as root (unmapped)");
	TST_EXP_EXPR(ovl_gone("d/r") && ovl_gone("d/rd"), "nothing created");

	if (owners) {
		expect_owner(IDM "/f5", BASE + 5, BASE + 5);
		expect_owner(IDM "/f2000", ovf, ovf);
		TST_EXP_PASS(chown(IDM "/f5", BASE + RANGE - 1,
				   BASE + RANGE - 1), "chown(f5, %d, %d)",
			     BASE + RANGE - 1, BASE + RANGE - 1);
		expect_owner("f5", RANGE - 1, RANGE - 1);
		TST_EXP_FAIL(chown(IDM "/f5", BASE + RANGE, -1), EOVERFLOW,
			     "chown(f5, %d), one past the map", BASE + RANGE);
		TST_EXP_FAIL(chown(IDM "/f5", 5, -1), EOVERFLOW,
			     "chown(f5, 5), unmapped in the mount");
		TST_EXP_FAIL(chown(IDM "/f5", -1, 5), EOVERFLOW,
			     "chown(f5, -1, 5), gid unmapped in the mount");
		expect_owner("f5", RANGE - 1, RANGE - 1);
		TST_EXP_FAIL(chmod(IDM "/f2000", 0600), EOVERFLOW,
			     "chmod() of a file owned outside the map");
		TST_EXP_EXPR(mode_of("f2000") == 0644, "f2000 mode %04o",
			     mode_of("f2000"));
		TST_EXP_PASS(chown(IDM "/f2000", BASE + 1, BASE + 1),
			     "chown() of it to a mapped owner");
		expect_owner("f2000", 1, 1);
		in_child(sg_outsider);
		in_child(sg_member);
		acl();
	}

	SAFE_UMOUNT(IDM);
	SAFE_RMDIR(IDM);
	ovl_rm_tree("d");
	ovl_rm_tree("w");
	ovl_rm_tree("sg");
	ovl_rm_tree("f0");
	ovl_rm_tree("f5");
	ovl_rm_tree("f2000");
	ovl_rm_tree("acl");
}

static void setup(void)
{
	if (!tst_fs_type || !strcmp(tst_fs_type, "tmpdir"))
		tst_brk(TCONF, "only on the matrix: what to expect depends on "
			"the filesystem");
	mnt_private_ns();
	umask(022);
	userns_fd = make_userns();
}

static void cleanup(void)
{
	mnt_umount_all(IDM);
	if (userns_fd >= 0)
		SAFE_CLOSE(userns_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.all_filesystems = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "0fa3ecd87848"},
		{"linux-git", "01ea173e103e"},
		{"CVE", "2018-13405"},
		{}
	},
};
