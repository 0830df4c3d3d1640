// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every call that would change a read-only mount fails with EROFS and
 * changes nothing, as root: on a read-only bind mount of a writable ext4
 * device (the mount is read-only, its filesystem is not) and on a tmpfs
 * remounted read-only (the superblock is): utime() (NULL and explicit
 * times), utimes(), utimensat(), symlink(), symlinkat(), rmdir(),
 * renameat(), rename(), unlink(), unlinkat(AT_REMOVEDIR), mkdir(),
 * mknod(), link(), creat(), open(O_CREAT) of a new name, open(O_WRONLY)
 * and open(O_RDWR) of an existing file, truncate(), chmod(), chown(),
 * setxattr(). Reading stays allowed (open(O_RDONLY), stat()). rmdir() of
 * a directory a tmpfs is mounted on is EBUSY, and the mount stays.
 * Mounts are made in a private mount namespace (mount_errs.h).
 * Syscalls: utime, utimes, utimensat, symlink, symlinkat, rmdir, renameat,
 * rename, unlink, unlinkat, mkdir, mknod, link, creat, open, truncate,
 * chmod, chown, setxattr
 */
#include <fcntl.h>
#include <utime.h>
#include <sys/time.h>
#include <sys/xattr.h>
#include "tst_test.h"
#include "mount_errs.h"

static const char *const ro_dirs[] = { ME_RO_BIND, ME_RO_FS };
static const char *const ro_desc[] = {
	"a read-only bind mount", "a read-only tmpfs"
};

static char p_file[64], p_dir[64], p_new[64];

static long sys_utime(const char *path, const struct utimbuf *t)
{
	return syscall(__NR_utime, path, t);
}

static long sys_utimes(const char *path, const struct timeval *tv)
{
	return syscall(__NR_utimes, path, tv);
}

static void check_open(int flags, const char *path, const char *desc)
{
	TEST(open(path, flags, 0644));
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	if (TST_RET == -1 && TST_ERR == EROFS)
		tst_res(TPASS, "%s: EROFS", desc);
	else
		tst_res(TFAIL | TTERRNO, "%s returned %ld, expected EROFS",
			desc, TST_RET);
}

static void check_unchanged(struct stat *before)
{
	struct stat st;

	SAFE_STAT(p_file, &st);
	TST_EXP_EXPR(st.st_mode == before->st_mode &&
		     st.st_uid == before->st_uid &&
		     st.st_size == before->st_size &&
		     st.st_mtim.tv_sec == before->st_mtim.tv_sec &&
		     st.st_mtim.tv_nsec == before->st_mtim.tv_nsec &&
		     st.st_atim.tv_sec == before->st_atim.tv_sec,
		     "the file's mode, owner, size and times are unchanged");
	TST_EXP_EXPR(access(p_new, F_OK) && !access(p_dir, F_OK),
		     "no new name appeared, the directory is still there");
	TST_EXP_EXPR(me_layout_intact(), "every name and mount is intact");
}

static void run(unsigned int n)
{
	struct utimbuf ut = { 1000, 2000 };
	struct timeval tv[2] = { { 1000, 0 }, { 2000, 0 } };
	const char *d = ro_dirs[n];
	struct stat before;
	int dfd;

	tst_res(TINFO, "on %s", ro_desc[n]);
	snprintf(p_file, sizeof(p_file), "%s/file", d);
	snprintf(p_dir, sizeof(p_dir), "%s/dir", d);
	snprintf(p_new, sizeof(p_new), "%s/new", d);
	SAFE_STAT(p_file, &before);

	TST_EXP_FAIL(sys_utime(p_file, NULL), EROFS, "utime(NULL)");
	TST_EXP_FAIL(sys_utime(p_file, &ut), EROFS, "utime(times)");
	TST_EXP_FAIL(sys_utimes(p_file, NULL), EROFS, "utimes(NULL)");
	TST_EXP_FAIL(sys_utimes(p_file, tv), EROFS, "utimes(times)");
	TST_EXP_FAIL(utimensat(AT_FDCWD, p_file, NULL, 0), EROFS,
		     "utimensat(NULL)");
	TST_EXP_FAIL(symlink("target", p_new), EROFS, "symlink()");
	TST_EXP_FAIL(rmdir(p_dir), EROFS, "rmdir() of an empty directory");
	TST_EXP_FAIL(rename(p_file, p_new), EROFS, "rename()");
	TST_EXP_FAIL(unlink(p_file), EROFS, "unlink()");
	TST_EXP_FAIL(mkdir(p_new, 0755), EROFS, "mkdir()");
	TST_EXP_FAIL(mknod(p_new, S_IFIFO | 0644, 0), EROFS, "mknod(S_IFIFO)");
	TST_EXP_FAIL(link(p_file, p_new), EROFS, "link()");
	TST_EXP_FAIL(creat(p_new, 0644), EROFS, "creat()");
	check_open(O_WRONLY | O_CREAT, p_new, "open(O_CREAT) of a new name");
	check_open(O_WRONLY, p_file, "open(O_WRONLY)");
	check_open(O_RDWR, p_file, "open(O_RDWR)");
	check_open(O_WRONLY | O_TRUNC, p_file, "open(O_WRONLY | O_TRUNC)");
	TST_EXP_FAIL(truncate(p_file, 0), EROFS, "truncate()");
	TST_EXP_FAIL(chmod(p_file, 0600), EROFS, "chmod()");
	TST_EXP_FAIL(chown(p_file, 1, 1), EROFS, "chown()");
	TST_EXP_FAIL(setxattr(p_file, "user.x", "v", 1, 0), EROFS,
		     "setxattr(user.x)");

	dfd = SAFE_OPEN(d, O_RDONLY | O_DIRECTORY);
	TST_EXP_FAIL(renameat(dfd, "file", dfd, "new"), EROFS, "renameat()");
	TST_EXP_FAIL(symlinkat("target", dfd, "new"), EROFS, "symlinkat()");
	TST_EXP_FAIL(unlinkat(dfd, "dir", AT_REMOVEDIR), EROFS,
		     "unlinkat(AT_REMOVEDIR)");
	TST_EXP_FAIL(unlinkat(dfd, "file", 0), EROFS, "unlinkat()");
	SAFE_CLOSE(dfd);

	TST_EXP_FD(open(p_file, O_RDONLY), "open(O_RDONLY) still works");
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	check_unchanged(&before);

	if (n == 1) {
		TST_EXP_FAIL(rmdir(ME_MP_DIR), EBUSY,
			     "rmdir() of a mount point directory");
		TST_EXP_EXPR(mnt_count(ME_MP_DIR) == 1,
			     "the mount on it stays");
	}
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = me_setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = ME_MNT,
	.dev_fs_type = "ext4",
};
