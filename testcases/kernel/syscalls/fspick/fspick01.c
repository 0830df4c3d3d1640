// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fspick() picks the superblock of a mount for reconfiguration, on every
 * filesystem of the matrix (.all_filesystems; upstream's fspick01 too):
 * fspick() of the matrix mount, fsconfig(FSCONFIG_SET_FLAG "ro") and
 * FSCONFIG_CMD_RECONFIGURE make the superblock read-only (statvfs()
 * ST_RDONLY) and creating a file there EROFS (the file made before is
 * still readable, opening it for writing EROFS), and "rw" then
 * RECONFIGURE make it writable again, the file made then read back after
 * a umount and mount. Errors, with their exact errno (fs/fsopen.c):
 * - a path inside the mount that is not its root: EINVAL;
 * - an unknown flag: EINVAL; a missing path: ENOENT;
 * - a caller without CAP_SYS_ADMIN (uid 65534): EPERM.
 * A superblock left read-only by a failure is made writable in cleanup.
 */
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/statvfs.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "fs_sync.h"
#include "newmount_raw.h"

#define MNT fs_sync_mnt

static void reconf(int fd, const char *flag)
{
	TST_EXP_PASS(fsconfig_raw(fd, FSCONFIG_SET_FLAG, flag, NULL, 0),
		     "fsconfig(SET_FLAG, \"%s\")", flag);
	TST_EXP_PASS(fsconfig_raw(fd, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0),
		     "%s: fsconfig(CMD_RECONFIGURE) after \"%s\"", tst_fs_type,
		     flag);
}

static int is_ro(void)
{
	struct statvfs sv;

	if (statvfs(MNT, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(%s)", MNT);
	return !!(sv.f_flag & ST_RDONLY);
}

static void as_nobody(void)
{
	TST_EXP_FAIL(fspick_raw(AT_FDCWD, MNT, 0), EPERM,
		     "fspick(the mount) as uid 65534");
}

static void run(void)
{
	char buf[8] = "";
	int fd, wfd;

	if (mkdir("dir", 0755) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(dir)");
	SAFE_FILE_PRINTF("old", "data");

	TST_EXP_FD(fspick_raw(AT_FDCWD, MNT, FSPICK_CLOEXEC),
		   "fspick(AT_FDCWD, <matrix mount>, FSPICK_CLOEXEC)");
	if (TST_PASS) {
		fd = TST_RET;
		reconf(fd, "ro");
		TST_EXP_EXPR(is_ro(), "statvfs() says ST_RDONLY");
		TST_EXP_FAIL(open("file", O_WRONLY | O_CREAT, 0644),
			     EROFS, "open(O_CREAT) after reconfiguring ro");
		TST_EXP_FAIL(open("old", O_WRONLY), EROFS,
			     "open(O_WRONLY) of the old file after ro");
		SAFE_FILE_SCANF("old", "%7s", buf);
		TST_EXP_EXPR(!strcmp(buf, "data"), "the old file reads "
			     "\"%s\" after ro", buf);
		reconf(fd, "rw");
		TST_EXP_EXPR(!is_ro(), "no ST_RDONLY after rw");
		wfd = open("file", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		TST_EXP_EXPR(wfd >= 0, "open(O_CREAT) works after "
			     "reconfiguring rw (%s)",
			     wfd < 0 ? strerror(errno) : "ok");
		if (wfd >= 0) {
			SAFE_WRITE(1, wfd, "new", 3);
			SAFE_CLOSE(wfd);
		}
		SAFE_CLOSE(fd);
		if (wfd >= 0 && fs_remount()) {
			memset(buf, 0, sizeof(buf));
			SAFE_FILE_SCANF("file", "%7s", buf);
			TST_EXP_EXPR(!strcmp(buf, "new"), "the file made after "
				     "rw reads \"%s\" after umount and mount",
				     buf);
		}
	}

	TST_EXP_FAIL(fspick_raw(AT_FDCWD, "dir", 0), EINVAL,
		     "fspick() of a directory that is not a mount root");
	TST_EXP_FAIL(fspick_raw(AT_FDCWD, MNT, 0x80000000), EINVAL,
		     "fspick(flags 0x80000000)");
	TST_EXP_FAIL(fspick_raw(AT_FDCWD, "ltp_missing", 0), ENOENT,
		     "fspick(missing path)");
	run_in_nobody_child(as_nobody, "EPERM checks");
	unlink("file");
	SAFE_UNLINK("old");
}

static void cleanup(void)
{
	int fd;

	if (!MNT[0] || !is_ro())
		return;
	fd = fspick_raw(AT_FDCWD, MNT, 0);
	if (fd < 0 || fsconfig_raw(fd, FSCONFIG_SET_FLAG, "rw", NULL, 0) ||
	    fsconfig_raw(fd, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0))
		tst_res(TWARN | TERRNO, "making %s writable again", MNT);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = fs_sync_setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};
