// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * umount2(2) takes a mount away, with each flag's documented behaviour:
 * - flags 0: the tmpfs's file is gone, the directory is the old one and
 *   mountinfo has no mount there;
 * - MNT_DETACH with a file open on the mount: it succeeds at once, the
 *   path no longer reaches the file, while the open descriptor still
 *   reads and writes it;
 * - MNT_EXPIRE: the first call only marks the mount (EAGAIN) and leaves
 *   it mounted, a lookup through the mount clears the mark (EAGAIN
 *   again), and a second call right after the first unmounts it;
 * - MNT_FORCE on an idle tmpfs unmounts it;
 * - a symlink to the mount point: followed by default (the mount goes);
 *   with UMOUNT_NOFOLLOW the link itself is the target, which is no
 *   mount point: EINVAL, and the mount stays.
 * All in the test process's own private mount namespace (unshare
 * CLONE_NEWNS in setup), below its tmpdir; cleanup() unmounts leftovers.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "mount_ns.h"

#define MNT "mnt"

static void mount_tmpfs(void)
{
	SAFE_MOUNT("ltp_umount201", MNT, "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF(MNT "/file", "data");
}

static void check_plain(void)
{
	mount_tmpfs();
	TST_EXP_PASS(umount2(MNT, 0), "umount2(" MNT ", 0)");
	TST_EXP_FAIL(access(MNT "/file", F_OK), ENOENT,
		     "the tmpfs's file after umount2()");
	TST_EXP_EQ_LI(mnt_count(MNT), 0);
}

static void check_detach(void)
{
	char buf[8] = "";
	int fd;

	mount_tmpfs();
	fd = SAFE_OPEN(MNT "/file", O_RDWR);
	TST_EXP_PASS(umount2(MNT, MNT_DETACH),
		     "umount2(MNT_DETACH) with a file open there");
	TST_EXP_FAIL(access(MNT "/file", F_OK), ENOENT,
		     "the path no longer reaches the file");
	TST_EXP_EQ_LI(mnt_count(MNT), 0);
	TST_EXP_VAL(pread(fd, buf, 4, 0), 4,
		    "pread() of the detached file's descriptor");
	TST_EXP_EXPR(!strcmp(buf, "data"), "it read 'data' ('%s')", buf);
	TST_EXP_VAL(pwrite(fd, "more", 4, 4), 4,
		    "pwrite() to the detached file's descriptor");
	SAFE_CLOSE(fd);
}

static void check_expire(void)
{
	mount_tmpfs();
	TST_EXP_FAIL(umount2(MNT, MNT_EXPIRE), EAGAIN,
		     "first umount2(MNT_EXPIRE) marks the mount");
	TST_EXP_PASS(access(MNT "/file", F_OK),
		     "the marked mount is still mounted");
	TST_EXP_FAIL(umount2(MNT, MNT_EXPIRE), EAGAIN,
		     "umount2(MNT_EXPIRE) after a lookup cleared the mark");
	TST_EXP_PASS(umount2(MNT, MNT_EXPIRE),
		     "umount2(MNT_EXPIRE) right after the previous one");
	TST_EXP_FAIL(access(MNT "/file", F_OK), ENOENT,
		     "the expired mount is gone");
}

static void check_force(void)
{
	mount_tmpfs();
	TST_EXP_PASS(umount2(MNT, MNT_FORCE), "umount2(MNT_FORCE)");
	TST_EXP_FAIL(access(MNT "/file", F_OK), ENOENT,
		     "the tmpfs's file after umount2(MNT_FORCE)");
}

static void check_symlink(void)
{
	mount_tmpfs();
	TST_EXP_FAIL(umount2("link", UMOUNT_NOFOLLOW), EINVAL,
		     "umount2(symlink to the mount point, UMOUNT_NOFOLLOW)");
	TST_EXP_PASS(access(MNT "/file", F_OK), "the mount is still there");
	TST_EXP_PASS(umount2("link", 0),
		     "umount2(symlink to the mount point, 0) follows it");
	TST_EXP_FAIL(access(MNT "/file", F_OK), ENOENT,
		     "the mount the symlink pointed to is gone");
}

static void (*const checks[])(void) = {
	check_plain, check_detach, check_expire, check_force, check_symlink,
};

static void run(unsigned int n)
{
	checks[n]();
	mnt_umount_all(MNT);
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	if (symlink(MNT, "link"))
		tst_brk(TBROK | TERRNO, "symlink(" MNT ", link)");
}

static void cleanup(void)
{
	mnt_umount_all(MNT);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(checks),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
