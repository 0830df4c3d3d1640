// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * user.* extended attributes exist only on regular files and directories
 * (fs/xattr.c xattr_permission()), on an ext4 loop device the library
 * mounts, as root:
 *  - a regular file and a directory take user.test, and getxattr() reads
 *    the value back;
 *  - a FIFO, a character device, a block device, a UNIX socket and a
 *    symlink (lsetxattr(), not followed) refuse it with EPERM, and
 *    getxattr() (lgetxattr()) of it there is ENODATA;
 *  - trusted.test, which needs CAP_SYS_ADMIN rather than a file type, is
 *    set and read back on each of those special files.
 * Syscalls: setxattr, lsetxattr, getxattr, lgetxattr
 */
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/xattr.h>
#include "tst_test.h"

#define MNT "mnt"

static const struct node {
	const char *path;
	const char *desc;
	int special;
} nodes[] = {
	{ MNT "/file", "a regular file", 0 },
	{ MNT "/dir", "a directory", 0 },
	{ MNT "/fifo", "a FIFO", 1 },
	{ MNT "/chr", "a character device", 1 },
	{ MNT "/blk", "a block device", 1 },
	{ MNT "/sock", "a UNIX socket", 1 },
	{ MNT "/link", "a symlink", 1 },
};

static int sock = -1;

static void run(unsigned int n)
{
	const struct node *nd = &nodes[n];
	char val[16];

	if (!nd->special) {
		TST_EXP_PASS(lsetxattr(nd->path, "user.test", "value", 5, 0),
			     "user.test on %s", nd->desc);
		memset(val, 0, sizeof(val));
		TST_EXP_VAL(lgetxattr(nd->path, "user.test", val, sizeof(val)),
			    5, "getxattr(user.test) of %s", nd->desc);
		TST_EXP_EXPR(!strcmp(val, "value"), "the value reads back");
		return;
	}
	TST_EXP_FAIL(lsetxattr(nd->path, "user.test", "value", 5, 0), EPERM,
		     "user.test on %s", nd->desc);
	TST_EXP_FAIL(lgetxattr(nd->path, "user.test", val, sizeof(val)),
		     ENODATA, "getxattr(user.test) of %s", nd->desc);
	TST_EXP_PASS(lsetxattr(nd->path, "trusted.test", "tval", 4, 0),
		     "trusted.test on %s", nd->desc);
	memset(val, 0, sizeof(val));
	TST_EXP_VAL(lgetxattr(nd->path, "trusted.test", val, sizeof(val)), 4,
		    "getxattr(trusted.test) of %s", nd->desc);
	TST_EXP_EXPR(!strcmp(val, "tval"), "the trusted value reads back");
	lremovexattr(nd->path, "trusted.test");
}

static void setup(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd;

	fd = SAFE_OPEN(MNT "/file", O_WRONLY | O_CREAT, 0644);
	SAFE_CLOSE(fd);
	SAFE_MKDIR(MNT "/dir", 0755);
	if (mknod(MNT "/fifo", S_IFIFO | 0644, 0) ||
	    mknod(MNT "/chr", S_IFCHR | 0644, makedev(1, 3)) ||
	    mknod(MNT "/blk", S_IFBLK | 0644, makedev(7, 0)) ||
	    symlink("file", MNT "/link"))
		tst_brk(TBROK | TERRNO, "creating the special files");
	sock = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	strcpy(sun.sun_path, MNT "/sock");
	if (bind(sock, (struct sockaddr *)&sun, sizeof(sun)))
		tst_brk(TBROK | TERRNO, "bind(%s)", sun.sun_path);
}

static void cleanup(void)
{
	if (sock >= 0)
		SAFE_CLOSE(sock);
}

static struct tst_test test = {
	.tcnt = sizeof(nodes) / sizeof(nodes[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
};
