// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What each filesystem of the matrix has, and the documented error where
 * it has not: hard links, symbolic links and FIFOs (FAT and exFAT have
 * none: link(2), symlink(2), mknod(2) say EPERM "the filesystem does not
 * support" it), another owner (FAT and exFAT take it from the mount
 * options: chown() to another uid is EPERM), trusted.* extended
 * attributes (none on FAT and exFAT: EOPNOTSUPP), O_TMPFILE (none on FAT,
 * exFAT and ntfs3, which have no ->tmpfile: EOPNOTSUPP) and fallocate()
 * (none on ext2 and ext3, whose files are block-mapped, nor on exFAT:
 * EOPNOTSUPP). Where the feature
 * exists it works and reads back; where it does not, nothing is created.
 * A filesystem that loses a feature fails here, not silently skipped.
 * Syscalls: link, symlink, mknod, chown, setxattr, open, fallocate
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include "tst_test.h"
#include "fs_matrix.h"

#define FAT "vfat exfat"

static void expect(int ok, long ret, int exp_err, const char *what)
{
	if (ok && ret >= 0)
		tst_res(TPASS, "%s works on %s", what, tst_fs_type);
	else if (ok)
		tst_res(TFAIL | TERRNO, "%s on %s", what, tst_fs_type);
	else if (ret >= 0)
		tst_res(TFAIL, "%s succeeded on %s, expected %s", what,
			tst_fs_type, tst_strerrno(exp_err));
	else if (errno != exp_err)
		tst_res(TFAIL | TERRNO, "%s on %s, expected %s", what,
			tst_fs_type, tst_strerrno(exp_err));
	else
		tst_res(TPASS | TERRNO, "%s on %s fails as documented", what,
			tst_fs_type);
}

static void gone(const char *name)
{
	struct stat st;

	if (!lstat(name, &st))
		tst_res(TFAIL, "%s exists after the failed call", name);
}

static void run(void)
{
	int fat = fs_is(FAT), fd;
	struct stat st;
	char buf[16];
	long ret;

	fd = SAFE_OPEN("f", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, "data", 4);
	SAFE_CLOSE(fd);

	ret = link("f", "hard");
	expect(!fat, ret, EPERM, "link()");
	if (!ret) {
		SAFE_STAT("f", &st);
		TST_EXP_EQ_LI(st.st_nlink, 2);
		SAFE_UNLINK("hard");
	} else {
		gone("hard");
	}

	ret = symlink("f", "sym");
	expect(!fat, ret, EPERM, "symlink()");
	if (!ret) {
		ret = readlink("sym", buf, sizeof(buf));
		TST_EXP_EXPR(ret == 1 && buf[0] == 'f', "readlink(sym) is f");
		SAFE_UNLINK("sym");
	} else {
		gone("sym");
	}

	ret = mknod("fifo", S_IFIFO | 0644, 0);
	expect(!fat, ret, EPERM, "mknod(S_IFIFO)");
	if (!ret) {
		SAFE_STAT("fifo", &st);
		TST_EXP_EXPR(S_ISFIFO(st.st_mode), "fifo is a FIFO");
		SAFE_UNLINK("fifo");
	} else {
		gone("fifo");
	}

	ret = chown("f", 1, 1);
	expect(!fat, ret, EPERM, "chown() to uid 1");
	SAFE_STAT("f", &st);
	TST_EXP_EXPR(fat ? st.st_uid == 0 : st.st_uid == 1 && st.st_gid == 1,
		     "owner of f is %d:%d", (int)st.st_uid, (int)st.st_gid);

	ret = setxattr("f", "trusted.fsf", "v1", 2, 0);
	expect(!fat, ret, EOPNOTSUPP, "setxattr(trusted.fsf)");
	if (!ret) {
		memset(buf, 0, sizeof(buf));
		TST_EXP_VAL(getxattr("f", "trusted.fsf", buf, sizeof(buf)), 2,
			    "getxattr(trusted.fsf)");
		TST_EXP_EXPR(!memcmp(buf, "v1", 2), "the value reads back");
	}

	fd = open(".", O_TMPFILE | O_RDWR, 0600);
	expect(!fs_is(FAT " ntfs3"), fd, EOPNOTSUPP, "open(O_TMPFILE)");
	if (fd >= 0)
		SAFE_CLOSE(fd);

	fd = SAFE_OPEN("f", O_RDWR);
	ret = fallocate(fd, 0, 0, 65536);
	expect(!fs_is("ext2 ext3 exfat"), ret, EOPNOTSUPP, "fallocate()");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, ret ? 4 : 65536);
	SAFE_CLOSE(fd);
	SAFE_UNLINK("f");
}

static void setup(void)
{
	if (!tst_fs_type || !strcmp(tst_fs_type, "tmpdir"))
		tst_brk(TCONF, "only on the matrix: what to expect depends on "
			"the filesystem");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
};
