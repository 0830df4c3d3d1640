// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Whiteouts and opaque directories of overlayfs (lower, upper and work
 * directories on a tmpfs of the test's own, in a private mount
 * namespace). Through the overlay:
 * - unlink() of a lower file: stat() of the name is ENOENT, readdir()
 *   no longer lists it, the upper directory holds a whiteout (a
 *   character device 0/0) under the name, the lower file is intact;
 *   creating the name again with O_CREAT | O_EXCL works and gives a
 *   regular upper file with the new data;
 * - unlink() of a file that exists only in the upper layer leaves no
 *   whiteout (nothing below to hide);
 * - rmdir() of a lower directory holding files is ENOTEMPTY; once its
 *   files are unlinked (whiteouts) it works; mkdir() of the name again
 *   makes an upper directory marked opaque (trusted.overlay.opaque "y")
 *   that lists nothing and hides the lower entries (stat ENOENT), while
 *   the lower directory keeps them; the same for an empty lower
 *   directory;
 * - readdir() of a directory merged from both layers lists the union:
 *   each name once, also a name present in both layers (the upper one
 *   wins: its data is read), no whiteout, the d_type of each entry.
 * Syscalls: unlink, rmdir, mkdir, getdents64, open
 */
#include <dirent.h>
#include <stdlib.h>
#include "tst_test.h"
#include "ovl_helpers.h"

#define B "b"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The names dir lists (without . and ..), sorted and joined by blanks,
 * with the d_type letter after each ("a:r c:r u:d"): r regular, d
 * directory, c character device, ? other.
 */
static void list_dir(const char *dir, char *out, size_t size)
{
	char *names[64];
	int n = 0, i;
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(%s)", dir);
	while ((de = readdir(d)) && n < 64) {
		char t;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		t = de->d_type == DT_REG ? 'r' : de->d_type == DT_DIR ? 'd' :
		    de->d_type == DT_CHR ? 'c' : '?';
		names[n] = malloc(strlen(de->d_name) + 3);
		sprintf(names[n], "%s:%c", de->d_name, t);
		n++;
	}
	closedir(d);
	qsort(names, n, sizeof(names[0]), cmp_str);
	out[0] = '\0';
	for (i = 0; i < n; i++) {
		snprintf(out + strlen(out), size - strlen(out), "%s%s",
			 i ? " " : "", names[i]);
		free(names[i]);
	}
}

static void expect_list(const char *dir, const char *exp)
{
	char got[512];

	list_dir(dir, got, sizeof(got));
	if (!strcmp(got, exp))
		tst_res(TPASS, "readdir(%s) lists '%s'", dir, exp);
	else
		tst_res(TFAIL, "readdir(%s) lists '%s', expected '%s'", dir,
			got, exp);
}

static void expect_enoent(const char *path)
{
	struct stat st;

	TST_EXP_FAIL(stat(path, &st), ENOENT, "stat(%s)", path);
}

static void expect_whiteout(const char *path)
{
	TST_EXP_EXPR(ovl_is_whiteout(path), "%s is a whiteout (chardev 0/0)",
		     path);
}

static void expect_opaque(const char *path)
{
	char x[8];

	ovl_xattr(path, "trusted.overlay.opaque", x, sizeof(x));
	TST_EXP_EXPR(!strcmp(x, "y"), "%s has trusted.overlay.opaque \"%s\", "
		     "expected \"y\"", path, x);
}

static void make_layers(void)
{
	SAFE_MKDIR(B, 0755);
	SAFE_MOUNT("tmpfs", B, "tmpfs", 0, "size=16m");
	ovl_make_dirs(B);
	ovl_put(B "/lower/f", "lower-f");
	SAFE_MKDIR(B "/lower/d", 0755);
	ovl_put(B "/lower/d/a", "la");
	ovl_put(B "/lower/d/b", "lb");
	ovl_put(B "/lower/d/c", "lc");
	SAFE_MKDIR(B "/upper/d", 0755);
	ovl_put(B "/upper/d/c", "uc");
	SAFE_MKDIR(B "/upper/d/u", 0755);
	SAFE_MKDIR(B "/lower/e", 0755);
	SAFE_MKDIR(B "/lower/full", 0755);
	ovl_put(B "/lower/full/x", "lx");
	ovl_put(B "/lower/full/y", "ly");
	SAFE_MKDIR(OVL_MNT, 0755);
	ovl_mount_base_safe(B, NULL);
}

static void run(void)
{
	int fd;

	make_layers();

	/* a lower file */
	TST_EXP_PASS(unlink(OVL_MNT "/f"), "unlink() of the lower file f");
	expect_enoent(OVL_MNT "/f");
	expect_whiteout(B "/upper/f");
	TST_EXP_EXPR(ovl_holds(B "/lower/f", "lower-f"), "lower/f is intact");
	expect_list(OVL_MNT, "d:d e:d full:d");
	TST_EXP_FD(fd = open(OVL_MNT "/f", O_WRONLY | O_CREAT | O_EXCL, 0600),
		   "open(O_CREAT | O_EXCL) of f again");
	if (fd >= 0) {
		SAFE_WRITE(1, fd, "new", 3);
		SAFE_CLOSE(fd);
	}
	TST_EXP_EXPR(ovl_holds(OVL_MNT "/f", "new") &&
		     ovl_holds(B "/upper/f", "new") && !ovl_is_whiteout(B "/upper/f"),
		     "f is a new regular upper file holding 'new'");

	/* a file only in the upper layer */
	ovl_put(OVL_MNT "/n", "n");
	TST_EXP_PASS(unlink(OVL_MNT "/n"), "unlink() of the upper-only n");
	TST_EXP_EXPR(ovl_gone(B "/upper/n"), "no whiteout left for n");

	/* the merged directory d */
	TST_EXP_PASS(unlink(OVL_MNT "/d/b"), "unlink() of the lower d/b");
	ovl_put(OVL_MNT "/d/n", "dn");
	expect_whiteout(B "/upper/d/b");
	expect_list(OVL_MNT "/d", "a:r c:r n:r u:d");
	TST_EXP_EXPR(ovl_holds(OVL_MNT "/d/c", "uc"),
		     "d/c present in both layers reads the upper data");
	expect_list(B "/lower/d", "a:r b:r c:r");

	/* a lower directory with files */
	TST_EXP_FAIL(rmdir(OVL_MNT "/full"), ENOTEMPTY,
		     "rmdir() of the lower directory full holding x and y");
	SAFE_UNLINK(OVL_MNT "/full/x");
	SAFE_UNLINK(OVL_MNT "/full/y");
	expect_list(OVL_MNT "/full", "");
	TST_EXP_PASS(rmdir(OVL_MNT "/full"),
		     "rmdir() of full once its files are whiteouts");
	expect_enoent(OVL_MNT "/full");
	expect_whiteout(B "/upper/full");
	TST_EXP_PASS(mkdir(OVL_MNT "/full", 0755), "mkdir() of full again");
	expect_opaque(B "/upper/full");
	expect_list(OVL_MNT "/full", "");
	expect_enoent(OVL_MNT "/full/x");
	expect_list(B "/lower/full", "x:r y:r");

	/* an empty lower directory */
	TST_EXP_PASS(rmdir(OVL_MNT "/e"), "rmdir() of the empty lower e");
	expect_whiteout(B "/upper/e");
	TST_EXP_PASS(mkdir(OVL_MNT "/e", 0755), "mkdir() of e again");
	expect_opaque(B "/upper/e");

	/* the same, read through a new mount (no cached dentries) */
	SAFE_UMOUNT(OVL_MNT);
	ovl_mount_base_safe(B, NULL);
	expect_list(OVL_MNT, "d:d e:d f:r full:d");
	expect_list(OVL_MNT "/d", "a:r c:r n:r u:d");
	expect_list(OVL_MNT "/full", "");

	SAFE_UMOUNT(OVL_MNT);
	SAFE_UMOUNT(B);
	SAFE_RMDIR(B);
	SAFE_RMDIR(OVL_MNT);
}

static void setup(void)
{
	mnt_private_ns();
}

static void cleanup(void)
{
	mnt_umount_all(OVL_MNT);
	mnt_umount_all(B);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
