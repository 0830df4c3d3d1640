// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Overlayfs mount options and their errors, each errno as
 * fs/overlayfs/super.c gives it (layers on tmpfs mounts of the test's
 * own, in a private mount namespace):
 * - no lowerdir: EINVAL; upperdir without workdir: EINVAL;
 * - workdir on another mount than upperdir: EINVAL ("must reside under
 *   the same mount"; not EXDEV); workdir equal to upperdir, inside it,
 *   or upperdir inside workdir: EINVAL ("separate subtrees");
 * - upperdir on a read-only mount: EINVAL; upperdir on an overlay:
 *   EINVAL (DCACHE_OP_REAL);
 * - a lower directory given twice, or equal to upperdir: ELOOP (its
 *   trap inode exists, ovl_setup_trap()); a lowerdir inside upperdir:
 *   ELOOP ("overlapping lowerdir path");
 * - one lowerdir and no upperdir: EINVAL ("at least 2 lowerdir");
 *   two: a read-only overlay (ST_RDONLY; creating, opening for write,
 *   mkdir, unlink are EROFS), the first lowerdir on top;
 * - 500 lower layers (OVL_MAX_STACK) mount, 501 are EINVAL;
 * - stacking: an overlay on an overlay mounts (s_stack_depth 2), a
 *   third level is EINVAL (FILESYSTEM_MAX_STACK_DEPTH);
 * - an upperdir in use by a mounted overlay: another mount with
 *   index=off succeeds (only a warning), with index=on it is EBUSY
 *   (ovl_report_in_use()); once the first is unmounted, index=on
 *   mounts.
 * Syscalls: mount
 */
#include <stdlib.h>
#include <sys/statvfs.h>
#include "tst_test.h"
#include "ovl_helpers.h"

#define B "b"
#define B2 "b2"
#define RO "ro"
#define O OVL_MNT
#define O2 "ovl2"
#define O3 "ovl3"
#define NL 501

static char *opts;

static void expect_mount(const char *mnt, const char *o, int err,
			 const char *what)
{
	int ret = ovl_mount_opts(mnt, o);

	if (!err) {
		if (ret)
			tst_res(TFAIL | TERRNO, "%s: mount(%s)", what, o);
		else
			tst_res(TPASS, "%s: mounted", what);
		return;
	}
	if (!ret) {
		tst_res(TFAIL, "%s: mount(%s) succeeded, expected %s", what, o,
			tst_strerrno(err));
		SAFE_UMOUNT(mnt);
	} else if (errno != err) {
		tst_res(TFAIL | TERRNO, "%s: mount(%s), expected %s", what, o,
			tst_strerrno(err));
	} else {
		tst_res(TPASS | TERRNO, "%s", what);
	}
}

static void option_errors(void)
{
	expect_mount(O, "upperdir=" B "/upper,workdir=" B "/work", EINVAL,
		     "no lowerdir");
	expect_mount(O, "lowerdir=" B "/lower,upperdir=" B "/upper", EINVAL,
		     "upperdir without workdir");
	expect_mount(O, "lowerdir=" B "/lower,upperdir=" B "/upper,workdir="
		     B2 "/work", EINVAL, "workdir on another mount");
	expect_mount(O, "lowerdir=" B "/lower,upperdir=" B "/upper,workdir="
		     B "/upper", EINVAL, "workdir equal to upperdir");
	expect_mount(O, "lowerdir=" B "/lower,upperdir=" B "/upper,workdir="
		     B "/upper/w", EINVAL, "workdir inside upperdir");
	expect_mount(O, "lowerdir=" B "/lower,upperdir=" B "/work/u,workdir="
		     B "/work", EINVAL, "upperdir inside workdir");
	expect_mount(O, "lowerdir=" RO "/lower,upperdir=" RO "/upper,workdir="
		     RO "/work", EINVAL, "upperdir on a read-only mount");
	expect_mount(O, "lowerdir=" B "/lower:" B "/lower,upperdir=" B
		     "/upper,workdir=" B "/work", ELOOP,
		     "the same lowerdir twice");
	expect_mount(O, "lowerdir=" B "/upper,upperdir=" B "/upper,workdir="
		     B "/work", ELOOP, "lowerdir equal to upperdir");
	expect_mount(O, "lowerdir=" B "/upper/w,upperdir=" B
		     "/upper,workdir=" B "/work", ELOOP,
		     "lowerdir inside upperdir");
	expect_mount(O, "lowerdir=" B "/lower", EINVAL,
		     "one lowerdir and no upperdir");
}

static void read_only(void)
{
	struct statvfs sv;
	int fd;

	if (ovl_mount_opts(O, "lowerdir=" B "/lower:" B "/l2")) {
		tst_res(TFAIL | TERRNO, "mount with two lowerdirs, no upper");
		return;
	}
	tst_res(TPASS, "two lowerdirs and no upperdir mount");
	if (statvfs(O, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(" O ")");
	TST_EXP_EXPR(sv.f_flag & ST_RDONLY, "the overlay is ST_RDONLY");
	TST_EXP_EXPR(ovl_holds(O "/both", "top") && ovl_holds(O "/f2", "f2"),
		     "both from the first lowerdir, f2 from the second");
	TST_EXP_FAIL(fd = open(O "/new", O_WRONLY | O_CREAT, 0644), EROFS,
		     "open(O_CREAT) on the lower-only overlay");
	if (fd >= 0)
		SAFE_CLOSE(fd);
	TST_EXP_FAIL(fd = open(O "/both", O_WRONLY), EROFS,
		     "open(O_WRONLY) of a lower file");
	if (fd >= 0)
		SAFE_CLOSE(fd);
	TST_EXP_FAIL(mkdir(O "/dir", 0755), EROFS, "mkdir()");
	TST_EXP_FAIL(unlink(O "/f2"), EROFS, "unlink()");
	SAFE_UMOUNT(O);
}

/* lowerdir=0:1:...:n-1 of the directories under B/L, relative to it. */
static void many_layers(void)
{
	size_t len = 0;
	int i;

	len = sprintf(opts, "lowerdir=");
	for (i = 0; i < NL - 1; i++)
		len += sprintf(opts + len, "%s%d", i ? ":" : "", i);

	if (chdir(B "/L"))
		tst_brk(TBROK | TERRNO, "chdir(" B "/L)");
	expect_mount("../../" O, opts, 0, "500 lower layers");
	if (umount2("../../" O, 0) && errno != EINVAL)
		tst_brk(TBROK | TERRNO, "umount2()");
	sprintf(opts + len, ":%d", NL - 1);
	expect_mount("../../" O, opts, EINVAL, "501 lower layers");
	if (chdir("../.."))
		tst_brk(TBROK | TERRNO, "chdir(../..)");
}

static void stacking(void)
{
	ovl_mount_base_safe(B, NULL);
	SAFE_MKDIR(O "/up", 0755);
	SAFE_MKDIR(O "/wk", 0755);
	expect_mount(O2, "lowerdir=" O ",upperdir=" B2 "/upper,workdir=" B2
		     "/work", 0, "an overlay on an overlay (depth 2)");
	expect_mount(O3, "lowerdir=" O2 ",upperdir=" B2 "/u3,workdir=" B2
		     "/w3", EINVAL, "a third level of overlay");
	expect_mount(O3, "lowerdir=" B2 "/lower,upperdir=" O
		     "/up,workdir=" O "/wk", EINVAL, "upperdir on an overlay");
	mnt_umount_all(O2);
	SAFE_UMOUNT(O);
}

static void in_use(void)
{
	ovl_mount_base_safe(B, NULL);
	expect_mount(O2, "lowerdir=" B "/lower,upperdir=" B "/upper,workdir="
		     B "/work2,index=on", EBUSY,
		     "an upperdir in use, index=on");
	expect_mount(O2, "lowerdir=" B "/lower,upperdir=" B "/upper,workdir="
		     B "/work2,index=off", 0, "an upperdir in use, index=off");
	mnt_umount_all(O2);
	SAFE_UMOUNT(O);
	expect_mount(O2, "lowerdir=" B "/lower,upperdir=" B "/upper,workdir="
		     B "/work2,index=on", 0,
		     "the same upperdir after the umount, index=on");
	mnt_umount_all(O2);
}

static void run(void)
{
	char p[32];
	int i;

	SAFE_MKDIR(B, 0755);
	SAFE_MOUNT("tmpfs", B, "tmpfs", 0, "size=16m");
	SAFE_MKDIR(B2, 0755);
	SAFE_MOUNT("tmpfs", B2, "tmpfs", 0, "size=16m");
	ovl_make_dirs(B);
	ovl_make_dirs(B2);
	SAFE_MKDIR(B "/upper/w", 0755);
	SAFE_MKDIR(B "/work/u", 0755);
	SAFE_MKDIR(B "/work2", 0755);
	SAFE_MKDIR(B "/l2", 0755);
	SAFE_MKDIR(B2 "/u3", 0755);
	SAFE_MKDIR(B2 "/w3", 0755);
	ovl_put(B "/lower/both", "top");
	ovl_put(B "/l2/both", "below");
	ovl_put(B "/l2/f2", "f2");
	SAFE_MKDIR(B "/L", 0755);
	for (i = 0; i < NL; i++) {
		sprintf(p, B "/L/%d", i);
		SAFE_MKDIR(p, 0755);
	}
	SAFE_MKDIR(RO, 0755);
	SAFE_MOUNT(B, RO, NULL, MS_BIND, NULL);
	SAFE_MOUNT(NULL, RO, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY, NULL);
	SAFE_MKDIR(O, 0755);
	SAFE_MKDIR(O2, 0755);
	SAFE_MKDIR(O3, 0755);

	option_errors();
	read_only();
	many_layers();
	stacking();
	in_use();

	SAFE_UMOUNT(RO);
	SAFE_UMOUNT(B2);
	SAFE_UMOUNT(B);
	SAFE_RMDIR(RO);
	SAFE_RMDIR(B);
	SAFE_RMDIR(B2);
	SAFE_RMDIR(O);
	SAFE_RMDIR(O2);
	SAFE_RMDIR(O3);
}

static void setup(void)
{
	mnt_private_ns();
	opts = SAFE_MALLOC(4096);
}

static void cleanup(void)
{
	mnt_umount_all(O3);
	mnt_umount_all(O2);
	mnt_umount_all(O);
	mnt_umount_all(RO);
	mnt_umount_all(B2);
	mnt_umount_all(B);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
