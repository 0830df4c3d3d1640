// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "user." extended attributes exist only on regular files and
 * directories: on a FIFO, a character device, a block device and a
 * socket node,
 * - getxattr() of a user.* name fails with ENODATA (not EPERM: reading
 *   is not refused, there is just nothing),
 * - setxattr() of a user.* name fails with EPERM and creates nothing
 *   (listxattr() shows no user.* name),
 * while a trusted.* attribute (root, CAP_SYS_ADMIN) can be set on each
 * of them and reads back, and user.* works on a regular file and a
 * directory beside them (the controls).
 * The refusals come from the VFS (xattr_permission()), before the
 * filesystem: they hold on every filesystem of the matrix; the trusted.*
 * values and the controls go through each filesystem's own handlers.
 * tmpfs before 6.6 has no user.* handler: there the controls must be
 * EOPNOTSUPP. vfat and exFAT have neither xattrs nor device nodes, FIFOs
 * or sockets (no ->mknod): mknod() is EPERM and setxattr() on a file
 * EOPNOTSUPP there (asserted), then TCONF.
 * Syscalls: getxattr, setxattr, listxattr
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/xattr.h>
#include "tst_test.h"
#include "fs_matrix.h"

static const struct {
	const char *path;
	mode_t mode;
	dev_t dev;
} nodes[] = {
	{ "fifo", S_IFIFO | 0644, 0 },
	{ "chr", S_IFCHR | 0644, 0 },	/* makedev(1, 3), set in setup */
	{ "blk", S_IFBLK | 0644, 0 },	/* makedev(7, 0) */
	{ "sock", 0, 0 },		/* bound socket */
};

/* 0 where the filesystem has user.* (everywhere but tmpfs before 6.6). */
static int user_err;

static int has_user_name(const char *path)
{
	char list[1024];
	ssize_t len = listxattr(path, list, sizeof(list)), i;

	if (len < 0)
		tst_brk(TBROK | TERRNO, "listxattr(%s)", path);
	for (i = 0; i < len; i += strlen(list + i) + 1)
		if (!strncmp(list + i, "user.", 5))
			return 1;
	return 0;
}

static void run(void)
{
	char buf[16];
	unsigned int i;

	for (i = 0; i < sizeof(nodes) / sizeof(nodes[0]); i++) {
		const char *p = nodes[i].path;

		TST_EXP_FAIL(getxattr(p, "user.test", buf, sizeof(buf)),
			     ENODATA, "getxattr(%s, user.test)", p);
		TST_EXP_FAIL(setxattr(p, "user.test", "v", 1, 0), EPERM,
			     "setxattr(%s, user.test)", p);
		TST_EXP_EXPR(!has_user_name(p), "%s lists no user.* name", p);
		TST_EXP_PASS(setxattr(p, "trusted.test", "tv", 2, 0),
			     "setxattr(%s, trusted.test)", p);
		memset(buf, 0, sizeof(buf));
		TST_EXP_VAL(getxattr(p, "trusted.test", buf, sizeof(buf)), 2,
			    "getxattr(%s, trusted.test)", p);
		TST_EXP_EXPR(!memcmp(buf, "tv", 2), "%s: trusted.test reads "
			     "back", p);
	}
	if (user_err) {
		TST_EXP_FAIL(setxattr("file", "user.test", "v", 1, 0),
			     user_err, "control: user.test on a regular file");
		TST_EXP_FAIL(setxattr("dir", "user.test", "v", 1, 0),
			     user_err, "control: user.test on a directory");
		return;
	}
	TST_EXP_PASS(setxattr("file", "user.test", "v", 1, 0),
		     "control: user.test on a regular file");
	TST_EXP_VAL(getxattr("file", "user.test", buf, sizeof(buf)), 1,
		    "control: it reads back");
	TST_EXP_PASS(setxattr("dir", "user.test", "v", 1, 0),
		     "control: user.test on a directory");
}

/* FAT and exFAT: no ->mknod, no xattr handlers. */
static void fat_setup(void)
{
	int fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0644);

	SAFE_CLOSE(fd);
	TST_EXP_FAIL(mknod("fifo", nodes[0].mode, 0), EPERM,
		     "%s: mknod(FIFO)", tst_fs_type);
	TST_EXP_FAIL(mknod("chr", nodes[1].mode, makedev(1, 3)), EPERM,
		     "%s: mknod(character device)", tst_fs_type);
	TST_EXP_FAIL(setxattr("file", "trusted.test", "v", 1, 0), EOPNOTSUPP,
		     "%s: setxattr(file, trusted.test)", tst_fs_type);
	TST_EXP_FAIL(setxattr("file", "user.test", "v", 1, 0), EOPNOTSUPP,
		     "%s: setxattr(file, user.test)", tst_fs_type);
	tst_brk(TCONF, "%s has neither xattrs nor special files", tst_fs_type);
}

static void setup(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd;

	if (fs_is("vfat exfat"))
		fat_setup();
	if (mknod("fifo", nodes[0].mode, 0) ||
	    mknod("chr", nodes[1].mode, makedev(1, 3)) ||
	    mknod("blk", nodes[2].mode, makedev(7, 0)))
		tst_brk(TBROK | TERRNO, "mknod()");
	fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	strcpy(sun.sun_path, "sock");
	if (bind(fd, (struct sockaddr *)&sun, sizeof(sun)))
		tst_brk(TBROK | TERRNO, "bind(sock)");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	SAFE_MKDIR("dir", 0755);
	if (!setxattr("file", "user.probe", "1", 1, 0))
		return;
	if (errno != EOPNOTSUPP)
		tst_brk(TBROK | TERRNO, "setxattr(file, user.probe)");
	if (fs_is("tmpfs") && tst_kvercmp(6, 6, 0) < 0) {
		tst_res(TINFO, "tmpfs before 6.6 has no user.* xattrs");
		user_err = EOPNOTSUPP;
		return;
	}
	if (fs_is("ext2 ext3 ext4 xfs btrfs ntfs3 tmpfs"))
		tst_brk(TFAIL, "%s has no user.* xattrs", tst_fs_type);
	tst_brk(TCONF, "no user.* xattrs on this filesystem");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.all_filesystems = 1,
};
