// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * On every filesystem of the matrix, rename(), renameat2() (no flags,
 * RENAME_NOREPLACE, RENAME_EXCHANGE), link() and linkat() between two
 * mounts fail with EXDEV: to a tmpfs mounted beside it (another
 * superblock) and to a bind mount of the same filesystem (the same
 * superblock, another mount: rename(2) says EXDEV also then). The EXDEV
 * check comes before a filesystem's own refusals (FAT has no hard links
 * and no RENAME_EXCHANGE), so it is the same answer everywhere. After
 * each failure the source is still there with its data and the target
 * name was not made; rename() inside the bind mount itself works.
 * Syscalls: rename, renameat2, link, linkat
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include "tst_test.h"

#define DATA "cross-device source\n"

static char mnt[PATH_MAX], other[PATH_MAX], bind_dir[PATH_MAX];
static int tmpfs_up, bind_up;

static int sys_renameat2(int ofd, const char *o, int nfd, const char *n,
			 unsigned int flags)
{
	return syscall(__NR_renameat2, ofd, o, nfd, n, flags);
}

static void make_file(const char *path)
{
	int fd = SAFE_OPEN(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);

	SAFE_WRITE(1, fd, DATA, strlen(DATA));
	SAFE_CLOSE(fd);
}

static void check_intact(const char *src, const char *dst)
{
	char buf[64] = { 0 };
	int fd = open(src, O_RDONLY);

	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "source %s gone", src);
		return;
	}
	SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	if (strcmp(buf, DATA))
		tst_res(TFAIL, "source %s changed: '%s'", src, buf);
	if (!access(dst, F_OK))
		tst_res(TFAIL, "target %s exists after EXDEV", dst);
}

static void cross(const char *to, const char *what)
{
	char src[PATH_MAX + 8], dst[PATH_MAX + 8], xchg[PATH_MAX + 8];

	snprintf(src, sizeof(src), "%s/src", mnt);
	snprintf(dst, sizeof(dst), "%s/dst", to);
	snprintf(xchg, sizeof(xchg), "%s/xchg", to);
	make_file(src);
	make_file(xchg);

	TST_EXP_FAIL(rename(src, dst), EXDEV, "rename() to %s", what);
	check_intact(src, dst);
	TST_EXP_FAIL(sys_renameat2(AT_FDCWD, src, AT_FDCWD, dst, 0), EXDEV,
		     "renameat2(0) to %s", what);
	TST_EXP_FAIL(sys_renameat2(AT_FDCWD, src, AT_FDCWD, dst,
				   RENAME_NOREPLACE), EXDEV,
		     "renameat2(RENAME_NOREPLACE) to %s", what);
	check_intact(src, dst);
	TST_EXP_FAIL(sys_renameat2(AT_FDCWD, src, AT_FDCWD, xchg,
				   RENAME_EXCHANGE), EXDEV,
		     "renameat2(RENAME_EXCHANGE) with %s", what);
	check_intact(src, dst);
	/* Over an existing target too: EXDEV, the target untouched. */
	TST_EXP_FAIL(rename(src, xchg), EXDEV, "rename() over a file on %s",
		     what);
	check_intact(xchg, dst);
	TST_EXP_FAIL(link(src, dst), EXDEV, "link() to %s", what);
	check_intact(src, dst);
	TST_EXP_FAIL(linkat(AT_FDCWD, src, AT_FDCWD, dst, 0), EXDEV,
		     "linkat() to %s", what);
	TST_EXP_FAIL(rename(xchg, src), EXDEV, "rename() from %s", what);
	check_intact(src, dst);
	SAFE_UNLINK(xchg);
	SAFE_UNLINK(src);
}

static void setup(void)
{
	if (!getcwd(mnt, sizeof(mnt)))
		tst_brk(TBROK | TERRNO, "getcwd");
	snprintf(other, sizeof(other), "%s/other_tmpfs", tst_tmpdir_path);
	snprintf(bind_dir, sizeof(bind_dir), "%s/bind", tst_tmpdir_path);
	if (mkdir(other, 0755) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(%s)", other);
	if (mkdir(bind_dir, 0755) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(%s)", bind_dir);
	SAFE_MOUNT("tmpfs", other, "tmpfs", 0, "size=4M");
	tmpfs_up = 1;
	SAFE_MOUNT(mnt, bind_dir, NULL, MS_BIND, NULL);
	bind_up = 1;
}

static void run(void)
{
	char a[PATH_MAX + 8], b[PATH_MAX + 8];
	struct stat st;

	cross(other, "another tmpfs");
	cross(bind_dir, "a bind mount of it");

	/* Inside one mount the same rename works: the check is per mount. */
	snprintf(a, sizeof(a), "%s/a", bind_dir);
	snprintf(b, sizeof(b), "%s/b", bind_dir);
	make_file(a);
	TST_EXP_PASS(rename(a, b), "rename() inside the bind mount");
	TST_EXP_EXPR(!stat("b", &st) && st.st_size == (off_t)strlen(DATA) &&
		     access("a", F_OK), "the rename shows through the "
		     "original mount");
	unlink(b);
}

static void cleanup(void)
{
	if (bind_up)
		umount2(bind_dir, MNT_DETACH);
	if (tmpfs_up)
		umount2(other, MNT_DETACH);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
};
