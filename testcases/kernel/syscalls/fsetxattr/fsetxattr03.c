// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fsetxattr() and fgetxattr() of a "user." attribute through descriptors
 * of every file type: a regular file and a directory take the attribute
 * and give it back (value and length, XATTR_CREATE of it again EEXIST);
 * a FIFO, a character device, a block device node and a socket refuse
 * it: setting is EPERM and getting ENODATA (user attributes exist only
 * on regular files and directories); an O_PATH descriptor is EBADF.
 * Syscalls: fsetxattr, fgetxattr
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include "tst_test.h"

#define NAME "user.ltp"

static void check_fd(int fd, int ok, const char *what)
{
	char buf[16] = "";

	if (ok) {
		TST_EXP_PASS(fsetxattr(fd, NAME, "val", 3, XATTR_CREATE),
			     "%s: fsetxattr()", what);
		TST_EXP_VAL(fgetxattr(fd, NAME, buf, sizeof(buf)), 3,
			    "%s: fgetxattr()", what);
		TST_EXP_EXPR(!memcmp(buf, "val", 3), "%s: the value reads "
			     "back", what);
		TST_EXP_FAIL(fsetxattr(fd, NAME, "x", 1, XATTR_CREATE), EEXIST,
			     "%s: XATTR_CREATE again", what);
		fremovexattr(fd, NAME);
	} else {
		TST_EXP_FAIL(fsetxattr(fd, NAME, "val", 3, 0), EPERM,
			     "%s: fsetxattr()", what);
		TST_EXP_FAIL(fgetxattr(fd, NAME, buf, sizeof(buf)), ENODATA,
			     "%s: fgetxattr()", what);
	}
}

static void run(void)
{
	int fd;

	fd = SAFE_OPEN("file", O_CREAT | O_RDWR, 0644);
	if (fsetxattr(fd, "user.probe", "1", 1, 0) && errno == ENOTSUP) {
		SAFE_CLOSE(fd);
		tst_brk(TCONF, "the tmpdir's filesystem has no user xattrs");
	}
	fremovexattr(fd, "user.probe");
	check_fd(fd, 1, "regular file");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("dir", O_RDONLY | O_DIRECTORY);
	check_fd(fd, 1, "directory");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("fifo", O_RDWR);
	check_fd(fd, 0, "FIFO");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("/dev/null", O_RDWR);
	check_fd(fd, 0, "character device /dev/null");
	SAFE_CLOSE(fd);
	/* the node in the tmpdir, or one in /dev if the tmpdir is nodev */
	fd = open("blk", O_RDONLY);
	if (fd < 0)
		fd = open("/dev/loop0", O_RDONLY);
	if (fd < 0)
		fd = open("/dev/vda", O_RDONLY);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "no block device to open");
	check_fd(fd, 0, "block device");
	SAFE_CLOSE(fd);
	fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	check_fd(fd, 0, "socket");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("file", O_PATH);
	TST_EXP_FAIL(fsetxattr(fd, NAME, "val", 3, 0), EBADF,
		     "O_PATH descriptor: fsetxattr()");
	TST_EXP_FAIL(fgetxattr(fd, NAME, NULL, 0), EBADF,
		     "O_PATH descriptor: fgetxattr()");
	SAFE_CLOSE(fd);
}

static void setup(void)
{
	SAFE_MKDIR("dir", 0755);
	if (mknod("fifo", S_IFIFO | 0644, 0) ||
	    mknod("blk", S_IFBLK | 0644, makedev(7, 0)))
		tst_brk(TBROK | TERRNO, "mknod()");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
