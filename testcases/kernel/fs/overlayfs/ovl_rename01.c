// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rename() and renameat2() on overlayfs (layers on a tmpfs of the test's
 * own, in a private mount namespace), per fs/overlayfs/dir.c
 * ovl_rename() and Documentation/filesystems/overlayfs.rst:
 * With redirect_dir=off:
 * - rename of a lower directory, and of a merged one, is EXDEV ("Don't
 *   copy up directory trees": userspace falls back to a copy); nothing is
 *   copied up and both names are as before; RENAME_EXCHANGE of a lower
 *   directory with a file is EXDEV too;
 * - rename of a directory made in the overlay (upper only) works and
 *   leaves no whiteout;
 * - rename of a lower file into another merged directory works: the new
 *   name holds the data, the old one is ENOENT with a whiteout in the
 *   upper layer, the lower file is intact;
 * - RENAME_EXCHANGE of two lower files swaps them (lower intact);
 *   RENAME_WHITEOUT is EINVAL (only RENAME_EXCHANGE and RENAME_NOREPLACE
 *   are accepted); RENAME_NOREPLACE onto an existing lower file is
 *   EEXIST, onto the name of an unlinked lower file (a whiteout) it works.
 * With redirect_dir=on:
 * - rename of a lower directory works: its lower entries show under the
 *   new name, the old name is ENOENT (a whiteout), and the upper
 *   directory carries trusted.overlay.redirect: the old name ("ld") for
 *   a rename in the same directory, the absolute path ("/ld2") for a
 *   move into another directory; after a new mount the redirects are
 *   followed and the lower entries still show.
 * Syscalls: rename, renameat2
 */
#include <stdio.h>
#include "tst_test.h"
#include "ovl_helpers.h"

#define B "b"
#define O OVL_MNT

static int rename2(const char *a, const char *b, unsigned int flags)
{
	return renameat2(AT_FDCWD, a, AT_FDCWD, b, flags);
}

static void expect_redirect(const char *path, const char *exp)
{
	char x[64];

	ovl_xattr(path, "trusted.overlay.redirect", x, sizeof(x));
	TST_EXP_EXPR(!strcmp(x, exp), "%s has trusted.overlay.redirect '%s', "
		     "expected '%s'", path, x, exp);
}

static void make_layers(void)
{
	SAFE_MKDIR(B, 0755);
	SAFE_MOUNT("tmpfs", B, "tmpfs", 0, "size=16m");
	ovl_make_dirs(B);
	SAFE_MKDIR(B "/lower/ld", 0755);
	ovl_put(B "/lower/ld/lf", "lf");
	SAFE_MKDIR(B "/lower/ld2", 0755);
	ovl_put(B "/lower/ld2/x", "x");
	SAFE_MKDIR(B "/lower/m", 0755);
	SAFE_MKDIR(B "/lower/a", 0755);
	ovl_put(B "/lower/a/af", "af");
	SAFE_MKDIR(B "/lower/b", 0755);
	ovl_put(B "/lower/p", "p");
	ovl_put(B "/lower/q", "q");
	ovl_put(B "/lower/r", "r");
	ovl_put(B "/lower/s", "s");
	SAFE_MKDIR(O, 0755);
}

static void redirect_off(void)
{
	ovl_mount_base_safe(B, "redirect_dir=off");

	TST_EXP_FAIL(rename(O "/ld", O "/ln"), EXDEV,
		     "rename() of a lower directory, redirect_dir=off");
	TST_EXP_EXPR(ovl_holds(O "/ld/lf", "lf") && ovl_gone(O "/ln") &&
		     ovl_gone(B "/upper/ld") && ovl_gone(B "/upper/ln"),
		     "ld unchanged, ln absent, nothing copied up");
	ovl_put(O "/m/new", "new");
	TST_EXP_FAIL(rename(O "/m", O "/m2"), EXDEV,
		     "rename() of a merged directory, redirect_dir=off");
	TST_EXP_FAIL(rename2(O "/ld", O "/p", RENAME_EXCHANGE), EXDEV,
		     "RENAME_EXCHANGE of a lower directory and a file");
	TST_EXP_EXPR(ovl_holds(O "/p", "p") && ovl_holds(O "/ld/lf", "lf"),
		     "p and ld unchanged");

	SAFE_MKDIR(O "/ud", 0755);
	ovl_put(O "/ud/z", "z");
	TST_EXP_PASS(rename(O "/ud", O "/ud2"),
		     "rename() of a directory made in the overlay");
	TST_EXP_EXPR(ovl_holds(O "/ud2/z", "z") && ovl_gone(O "/ud") &&
		     ovl_gone(B "/upper/ud") && ovl_holds(B "/upper/ud2/z", "z"),
		     "ud2/z holds z, no ud and no whiteout for it");

	TST_EXP_PASS(rename(O "/a/af", O "/b/af2"),
		     "rename() of the lower file a/af to b/af2");
	TST_EXP_EXPR(ovl_holds(O "/b/af2", "af") && ovl_gone(O "/a/af") &&
		     ovl_is_whiteout(B "/upper/a/af") &&
		     ovl_holds(B "/upper/b/af2", "af") &&
		     ovl_holds(B "/lower/a/af", "af"),
		     "b/af2 holds af, a/af gone (a whiteout), lower intact");

	TST_EXP_PASS(rename2(O "/p", O "/q", RENAME_EXCHANGE),
		     "RENAME_EXCHANGE of the lower files p and q");
	TST_EXP_EXPR(ovl_holds(O "/p", "q") && ovl_holds(O "/q", "p") &&
		     ovl_holds(B "/lower/p", "p") && ovl_holds(B "/lower/q", "q"),
		     "p holds q, q holds p, the lower files are intact");

	TST_EXP_FAIL(rename2(O "/r", O "/r2", RENAME_WHITEOUT), EINVAL,
		     "renameat2(RENAME_WHITEOUT) on the overlay");
	TST_EXP_EXPR(ovl_holds(O "/r", "r") && ovl_gone(O "/r2"),
		     "r unchanged, r2 absent");
	TST_EXP_FAIL(rename2(O "/r", O "/s", RENAME_NOREPLACE), EEXIST,
		     "RENAME_NOREPLACE onto the lower file s");
	SAFE_UNLINK(O "/s");
	TST_EXP_PASS(rename2(O "/r", O "/s", RENAME_NOREPLACE),
		     "RENAME_NOREPLACE onto the unlinked lower s (a whiteout)");
	TST_EXP_EXPR(ovl_holds(O "/s", "r") && ovl_gone(O "/r") &&
		     ovl_is_whiteout(B "/upper/r") && ovl_holds(B "/upper/s", "r"),
		     "s holds r; r gone, a whiteout in the upper layer");

	SAFE_UMOUNT(O);
}

static void redirect_on(void)
{
	ovl_mount_base_safe(B, "redirect_dir=on");

	TST_EXP_PASS(rename(O "/ld", O "/lr"),
		     "rename() of a lower directory, redirect_dir=on");
	TST_EXP_EXPR(ovl_holds(O "/lr/lf", "lf") && ovl_gone(O "/ld") &&
		     ovl_is_whiteout(B "/upper/ld") &&
		     ovl_holds(B "/lower/ld/lf", "lf"),
		     "lr/lf holds lf, ld gone (a whiteout), lower intact");
	expect_redirect(B "/upper/lr", "ld");

	TST_EXP_PASS(rename(O "/ld2", O "/b/ld2"),
		     "rename() of the lower ld2 into the merged b");
	TST_EXP_EXPR(ovl_holds(O "/b/ld2/x", "x") && ovl_gone(O "/ld2"),
		     "b/ld2/x holds x, ld2 gone");
	expect_redirect(B "/upper/b/ld2", "/ld2");

	TST_EXP_PASS(rename(O "/m", O "/m2"),
		     "rename() of the merged m, redirect_dir=on");
	TST_EXP_EXPR(ovl_holds(O "/m2/new", "new"), "m2/new holds new");

	SAFE_UMOUNT(O);
	ovl_mount_base_safe(B, "redirect_dir=on");
	TST_EXP_EXPR(ovl_holds(O "/lr/lf", "lf") &&
		     ovl_holds(O "/b/ld2/x", "x") && ovl_gone(O "/ld") &&
		     ovl_gone(O "/ld2"),
		     "after a new mount the redirects are followed");
	SAFE_UMOUNT(O);
}

static void run(void)
{
	make_layers();
	redirect_off();
	redirect_on();
	SAFE_UMOUNT(B);
	SAFE_RMDIR(B);
	SAFE_RMDIR(O);
}

static void setup(void)
{
	mnt_private_ns();
}

static void cleanup(void)
{
	mnt_umount_all(O);
	mnt_umount_all(B);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
