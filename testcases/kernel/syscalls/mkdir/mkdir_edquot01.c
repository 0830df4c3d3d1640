// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * EDQUOT from the calls that allocate an inode or a block, on ext4 made
 * with the quota feature (hidden quota inodes) and user quota enforced
 * (Q_QUOTAON), each call made by a child under an unprivileged uid (no
 * CAP_SYS_RESOURCE to ignore the limits), with the name not created and
 * the uid's quota usage (Q_GETQUOTA: inodes, bytes) unchanged:
 * - uid 60001 owns one inode and has an inode hard limit of 1
 *   (dquot_alloc_inode()): mkdir, mkdirat, mknod (raw) and mknodat of a
 *   FIFO, symlink and symlinkat, openat with O_TMPFILE, and renameat2
 *   with RENAME_WHITEOUT of its own file (the whiteout is a new inode: the
 *   rename must not happen);
 * - uid 60002 owns a 16 KiB file and has a block hard limit of exactly
 *   the space it uses (dquot_alloc_block() and the delayed-allocation
 *   reservation): write, pwrite64 and writev of one byte past the end of
 *   its file (the size stays), setxattr of a 700-byte user xattr that
 *   does not fit in the inode and needs an xattr block (no xattr left
 *   behind; a value larger than a block would be ENOSPC instead), mkdir
 *   (a directory block), and symlink and symlinkat with a 100-byte
 *   target (longer than the 60 bytes a fast symlink keeps in the inode);
 *   a 5-byte target, which needs no block, still works.
 * Syscalls: mkdir, mkdirat, mknod, mknodat, symlink, symlinkat, openat,
 * renameat2, write, pwrite64, writev, setxattr
 */
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/uio.h>
#include <sys/xattr.h>
#include "tst_test.h"
#include "quota_test.h"

#define MNT "mnt"
#define PUB MNT "/pub"
#define U_INO 60001
#define U_BLK 60002
#define FSIZE 16384

static char long_target[101];
/*
 * More than the 256-byte inode holds beside its fields, less than one
 * block: mke2fs gives the library's 256 MB device 1 KiB blocks.
 */
static char big_value[700];

static long do_mkdir(void)
{
	return mkdir(PUB "/d", 0755);
}

static long do_mkdirat(void)
{
	int dfd = SAFE_OPEN(PUB, O_RDONLY | O_DIRECTORY);
	long ret = mkdirat(dfd, "d", 0755);

	close(dfd);
	return ret;
}

static long do_mknod(void)
{
	return tst_syscall(__NR_mknod, PUB "/fifo", S_IFIFO | 0644, 0);
}

static long do_mknodat(void)
{
	return mknodat(AT_FDCWD, PUB "/fifo", S_IFIFO | 0644, 0);
}

static long do_symlink(void)
{
	return symlink("target", PUB "/link");
}

static long do_symlinkat(void)
{
	return symlinkat("target", AT_FDCWD, PUB "/link");
}

static long do_tmpfile(void)
{
	long fd = openat(AT_FDCWD, PUB, O_TMPFILE | O_RDWR, 0644);

	if (fd >= 0)
		close(fd);
	return fd;
}

static long do_whiteout(void)
{
	return renameat2(AT_FDCWD, PUB "/ino_file", AT_FDCWD, PUB "/moved",
			 RENAME_WHITEOUT);
}

static long one_byte_write(int how)
{
	struct iovec iov = { .iov_base = "x", .iov_len = 1 };
	int fd = SAFE_OPEN(PUB "/blk_file", O_WRONLY);
	long ret;

	if (how == 0) {
		SAFE_LSEEK(fd, FSIZE, SEEK_SET);
		ret = write(fd, "x", 1);
	} else if (how == 1) {
		ret = pwrite(fd, "x", 1, FSIZE);
	} else {
		SAFE_LSEEK(fd, FSIZE, SEEK_SET);
		ret = writev(fd, &iov, 1);
	}
	close(fd);
	return ret;
}

static long do_write(void)
{
	return one_byte_write(0);
}

static long do_pwrite(void)
{
	return one_byte_write(1);
}

static long do_writev(void)
{
	return one_byte_write(2);
}

static long do_setxattr(void)
{
	return setxattr(PUB "/blk_file", "user.big", big_value,
			sizeof(big_value), XATTR_CREATE);
}

static long do_long_symlink(void)
{
	return symlink(long_target, PUB "/link");
}

static long do_long_symlinkat(void)
{
	return symlinkat(long_target, AT_FDCWD, PUB "/link");
}

static struct tcase {
	long (*call)(void);
	uid_t uid;
	const char *name;	/* under PUB: must not exist afterwards */
	const char *desc;
} tcases[] = {
	{ do_mkdir, U_INO, "d", "mkdir()" },
	{ do_mkdirat, U_INO, "d", "mkdirat()" },
	{ do_mknod, U_INO, "fifo", "mknod(S_IFIFO)" },
	{ do_mknodat, U_INO, "fifo", "mknodat(S_IFIFO)" },
	{ do_symlink, U_INO, "link", "symlink()" },
	{ do_symlinkat, U_INO, "link", "symlinkat()" },
	{ do_tmpfile, U_INO, NULL, "openat(O_TMPFILE)" },
	{ do_whiteout, U_INO, "moved", "renameat2(RENAME_WHITEOUT)" },
	{ do_write, U_BLK, NULL, "write() of a byte past the end" },
	{ do_pwrite, U_BLK, NULL, "pwrite64() of a byte past the end" },
	{ do_writev, U_BLK, NULL, "writev() of a byte past the end" },
	{ do_setxattr, U_BLK, NULL, "setxattr() of a 700-byte value" },
	{ do_mkdir, U_BLK, "d", "mkdir() (a directory block)" },
	{ do_long_symlink, U_BLK, "link", "symlink() of a 100-byte target" },
	{ do_long_symlinkat, U_BLK, "link",
	  "symlinkat() of a 100-byte target" },
};

static void make_owned(const char *path, uid_t uid, size_t size)
{
	char buf[FSIZE];
	int fd = SAFE_OPEN(path, O_WRONLY | O_CREAT | O_EXCL, 0644);

	memset(buf, 'b', sizeof(buf));
	if (size)
		SAFE_WRITE(1, fd, buf, size);
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
	/* the chown moves the inode and its blocks onto uid's quota */
	SAFE_CHOWN(path, uid, uid);
}

static void usage(uid_t uid, unsigned long long *inodes,
		  unsigned long long *bytes)
{
	struct if_dqblk dq;

	quota_get_dqblk(USRQUOTA, uid, "user", &dq);
	*inodes = dq.dqb_curinodes;
	*bytes = dq.dqb_curspace;
}

static void setup(void)
{
	unsigned long long inodes, bytes;
	struct statvfs sv;

	if (statvfs(MNT, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(" MNT ")");
	if (sv.f_bsize < sizeof(big_value) + 100)
		tst_brk(TBROK, "block size %lu: the xattr would not fit",
			(unsigned long)sv.f_bsize);
	tst_res(TINFO, "ext4 block size %lu", (unsigned long)sv.f_bsize);
	memset(long_target, 'l', sizeof(long_target) - 1);
	memset(big_value, 'v', sizeof(big_value));
	SAFE_MKDIR(PUB, 0777);
	SAFE_CHMOD(PUB, 0777);
	if (quota_ctl(Q_QUOTAON, USRQUOTA, QFMT_VFS_V1, NULL))
		tst_brk(TBROK | TERRNO, "Q_QUOTAON user");
	make_owned(PUB "/ino_file", U_INO, 0);
	make_owned(PUB "/blk_file", U_BLK, FSIZE);

	usage(U_INO, &inodes, &bytes);
	if (inodes != 1)
		tst_brk(TBROK, "uid %d owns %llu inodes, expected 1", U_INO,
			inodes);
	if (quota_set_limits(USRQUOTA, U_INO, 0, 0, 1, 1))
		tst_brk(TBROK | TERRNO, "Q_SETQUOTA uid %d", U_INO);

	usage(U_BLK, &inodes, &bytes);
	if (bytes != FSIZE)
		tst_brk(TBROK, "uid %d uses %llu bytes, expected %d", U_BLK,
			bytes, FSIZE);
	/* limits in 1 KiB units (QIF_DQBLKSIZE): exactly what it uses */
	if (quota_set_limits(USRQUOTA, U_BLK, 0, FSIZE / 1024, 0, 0))
		tst_brk(TBROK | TERRNO, "Q_SETQUOTA uid %d", U_BLK);
}

static void child(struct tcase *tc)
{
	gid_t gid = tc->uid;

	if (setgroups(0, NULL) || setresgid(gid, gid, gid) ||
	    setresuid(tc->uid, tc->uid, tc->uid))
		tst_brk(TBROK | TERRNO, "switching to uid %d", (int)tc->uid);
	TST_EXP_FAIL(tc->call(), EDQUOT, "uid %d at its %s limit: %s",
		     (int)tc->uid, tc->uid == U_INO ? "inode" : "block",
		     tc->desc);
	if (tc->call == do_long_symlinkat) {
		TST_EXP_PASS(symlink("short", PUB "/short"),
			     "uid %d: symlink() of a 5-byte target (no block)",
			     (int)tc->uid);
	}
	exit(0);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	unsigned long long i0, b0, i1, b1;
	char path[64];
	struct stat st;
	pid_t pid;

	usage(tc->uid, &i0, &b0);
	pid = SAFE_FORK();
	if (!pid)
		child(tc);
	reap_child(pid);

	if (tc->call == do_long_symlinkat) {
		/* the fast symlink is one more inode and no block */
		usage(tc->uid, &i1, &b1);
		TST_EXP_EXPR(i1 == i0 + 1 && b1 == b0,
			     "the short symlink: %llu inodes, %llu bytes",
			     i1, b1);
		SAFE_UNLINK(PUB "/short");
	}
	usage(tc->uid, &i1, &b1);
	TST_EXP_EXPR(i1 == i0 && b1 == b0,
		     "uid %d uses %llu inodes, %llu bytes (before: %llu, %llu)",
		     (int)tc->uid, i1, b1, i0, b0);
	if (tc->name) {
		snprintf(path, sizeof(path), PUB "/%s", tc->name);
		TST_EXP_FAIL(lstat(path, &st), ENOENT, "%s: no %s created",
			     tc->desc, tc->name);
	}
	if (tc->call == do_whiteout)
		TST_EXP_PASS(lstat(PUB "/ino_file", &st), "ino_file not moved");
	if (tc->uid == U_BLK && !tc->name) {
		SAFE_STAT(PUB "/blk_file", &st);
		TST_EXP_EQ_LI(st.st_size, FSIZE);
		TST_EXP_FAIL(getxattr(PUB "/blk_file", "user.big", NULL, 0),
			     ENODATA, "no user.big xattr on blk_file");
	}
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.dev_fs_opts = (const char *const[]) {
		"-O", "quota", "-I", "256", NULL
	},
	.needs_kconfigs = (const char *const[]) {"CONFIG_QUOTA", NULL},
};
