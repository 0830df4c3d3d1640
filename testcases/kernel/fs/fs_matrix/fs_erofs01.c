// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * On every filesystem of the matrix, each write path of a read-only mount
 * fails with EROFS: open for writing, O_TRUNC and O_CREAT, mkdir, rmdir,
 * unlink, rename, link, symlink, mknod, chmod, chown, utimensat,
 * access(W_OK), fchmod, fchown, futimens, fsetxattr, by dirfd and again
 * by path (creat, lchown, truncate, utime, utimes too; fs_readonly.h); a
 * name that exists still gives EEXIST, reads still work and nothing
 * changes. Twice: through a read-only bind mount of the filesystem (the
 * mount is read-only, the superblock is not, and the writable mount
 * beside it must stay writable) and after remounting the superblock
 * read-only (and back to read-write).
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/mount.h>
#include "tst_test.h"
#include "fs_readonly.h"

static char mnt[PATH_MAX], bind_dir[PATH_MAX];
static int bound;

static void setup(void)
{
	if (!getcwd(mnt, sizeof(mnt)))
		tst_brk(TBROK | TERRNO, "getcwd");
	snprintf(bind_dir, sizeof(bind_dir), "%s/robind", tst_tmpdir_path);
	if (mkdir(bind_dir, 0755) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(%s)", bind_dir);
}

static void check_dir(const char *dir)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY);

	if (dfd < 0)
		tst_brk(TBROK | TERRNO, "open(%s)", dir);
	fs_ro_check(dfd);
	SAFE_CLOSE(dfd);
	fs_ro_check_paths(dir);
}

static void ro_bind(void)
{
	int fd;

	SAFE_MOUNT(mnt, bind_dir, NULL, MS_BIND, NULL);
	bound = 1;
	SAFE_MOUNT(NULL, bind_dir, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY,
		   NULL);
	tst_res(TINFO, "read-only bind mount");
	check_dir(bind_dir);

	/* Only the bind mount is read-only, not the filesystem. */
	fd = open("rw_beside", O_CREAT | O_WRONLY, 0644);
	TST_EXP_EXPR(fd >= 0, "the writable mount beside it takes a new "
		     "file (%s)", fd >= 0 ? "ok" : tst_strerrno(errno));
	if (fd >= 0) {
		SAFE_CLOSE(fd);
		SAFE_UNLINK("rw_beside");
	}
	SAFE_UMOUNT(bind_dir);
	bound = 0;
}

static void ro_remount(void)
{
	int fd;

	SAFE_MOUNT(NULL, mnt, NULL, MS_REMOUNT | MS_RDONLY, NULL);
	tst_res(TINFO, "superblock remounted read-only");
	check_dir(mnt);
	SAFE_MOUNT(NULL, mnt, NULL, MS_REMOUNT, NULL);

	fd = open("rw_again", O_CREAT | O_WRONLY, 0644);
	TST_EXP_EXPR(fd >= 0, "read-write again after the remount (%s)",
		     fd >= 0 ? "ok" : tst_strerrno(errno));
	if (fd >= 0) {
		SAFE_CLOSE(fd);
		SAFE_UNLINK("rw_again");
	}
}

static void run(unsigned int n)
{
	fs_ro_prepare(AT_FDCWD);
	if (n == 0)
		ro_bind();
	else
		ro_remount();
}

static void cleanup(void)
{
	if (bound)
		umount2(bind_dir, MNT_DETACH);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
	.timeout = 30,
};
