// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Errors of the name-creating calls that need a second filesystem or a
 * read-only one (tmpfs mounts in a private mount namespace), each exact:
 * - EROFS on a read-only mount: link(), linkat(), mkdir(), mkdirat(),
 *   mknodat() of a FIFO and of a regular file, lchown() of a symlink and
 *   of a file; nothing is created or changed; mkdir() of a name that
 *   exists there is EEXIST (the existence check comes first);
 * - EXDEV for a hard link across filesystems: link(), linkat(), and
 *   linkat(AT_SYMLINK_FOLLOW) through a symlink on the first filesystem
 *   that points to a file on the second;
 * - ELOOP for mkdirat() and mknodat() through a symlink loop below a
 *   directory fd.
 * Syscalls: link, linkat, mkdir, mkdirat, mknodat, lchown
 */
#include <sys/stat.h>
#include "tst_test.h"
#include "mount_ns.h"

#define RO "ro"
#define OTHER "other"

static int rofd = -1, tmpfd = -1;

static void erofs(void)
{
	struct stat st;

	TST_EXP_FAIL(link(RO "/file", RO "/new"), EROFS, "link() on a ro "
		     "mount");
	TST_EXP_FAIL(linkat(rofd, "file", rofd, "new", 0), EROFS,
		     "linkat() on a ro mount");
	TST_EXP_FAIL(mkdir(RO "/new", 0755), EROFS, "mkdir() on a ro mount");
	TST_EXP_FAIL(mkdir(RO "/dir", 0755), EEXIST,
		     "mkdir() of an existing name on a ro mount");
	TST_EXP_FAIL(mkdirat(rofd, "new", 0755), EROFS,
		     "mkdirat() on a ro mount");
	TST_EXP_FAIL(mknodat(rofd, "new", S_IFIFO | 0644, 0), EROFS,
		     "mknodat(S_IFIFO) on a ro mount");
	TST_EXP_FAIL(mknodat(rofd, "new", S_IFREG | 0644, 0), EROFS,
		     "mknodat(S_IFREG) on a ro mount");
	TST_EXP_FAIL(lchown(RO "/link", 1, 1), EROFS, "lchown() of a "
		     "symlink on a ro mount");
	TST_EXP_FAIL(lchown(RO "/file", 1, 1), EROFS, "lchown() of a file "
		     "on a ro mount");
	TST_EXP_FAIL(lstat(RO "/new", &st), ENOENT, "nothing was created");
	SAFE_STAT(RO "/file", &st);
	TST_EXP_EXPR(st.st_uid == 0 && st.st_gid == 0 && st.st_nlink == 1,
		     "the file is unchanged (uid %d gid %d nlink %d)",
		     (int)st.st_uid, (int)st.st_gid, (int)st.st_nlink);
}

static void exdev(void)
{
	struct stat st;

	TST_EXP_FAIL(link(OTHER "/file", "new"), EXDEV,
		     "link() across filesystems");
	TST_EXP_FAIL(linkat(AT_FDCWD, OTHER "/file", tmpfd, "new", 0), EXDEV,
		     "linkat() across filesystems");
	TST_EXP_FAIL(linkat(AT_FDCWD, "to_other", AT_FDCWD, "new",
			    AT_SYMLINK_FOLLOW), EXDEV,
		     "linkat(AT_SYMLINK_FOLLOW) of a symlink to a file on the "
		     "other filesystem");
	TST_EXP_FAIL(lstat("new", &st), ENOENT, "no link was made");
	SAFE_STAT(OTHER "/file", &st);
	TST_EXP_EQ_LI(st.st_nlink, 1);
}

static void eloop(void)
{
	TST_EXP_FAIL(mkdirat(tmpfd, "loop1/new", 0755), ELOOP,
		     "mkdirat() through a symlink loop");
	TST_EXP_FAIL(mknodat(tmpfd, "loop1/new", S_IFIFO | 0644, 0), ELOOP,
		     "mknodat() through a symlink loop");
}

static void (*const cases[])(void) = {
	erofs,
	exdev,
	eloop,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	int fd;

	mnt_private_ns();
	SAFE_MKDIR(RO, 0755);
	SAFE_MOUNT("ltp_link03", RO, "tmpfs", 0, NULL);
	fd = SAFE_OPEN(RO "/file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	SAFE_MKDIR(RO "/dir", 0755);
	if (symlink("file", RO "/link"))
		tst_brk(TBROK | TERRNO, "symlink()");
	SAFE_MOUNT(NULL, RO, NULL, MS_REMOUNT | MS_RDONLY, NULL);
	rofd = SAFE_OPEN(RO, O_RDONLY | O_DIRECTORY);

	SAFE_MKDIR(OTHER, 0755);
	SAFE_MOUNT("ltp_link03", OTHER, "tmpfs", 0, NULL);
	fd = SAFE_OPEN(OTHER "/file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	if (symlink(OTHER "/file", "to_other") ||
	    symlink("loop2", "loop1") || symlink("loop1", "loop2"))
		tst_brk(TBROK | TERRNO, "symlink()");
	tmpfd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
}

static void cleanup(void)
{
	if (rofd >= 0)
		SAFE_CLOSE(rofd);
	mnt_umount_all(RO);
	mnt_umount_all(OTHER);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
