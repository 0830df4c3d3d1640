// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The errors link(), linkat() and rename() share, on an ext4 device (made
 * without a journal, so that the 65000 names below are made quickly):
 * - EPERM for a hard link to a directory (link() and linkat());
 * - EXDEV to another filesystem and to another mount of the same one
 *   (link(), linkat(), rename());
 * - EROFS within a read-only bind mount of the writable device and within
 *   a read-only tmpfs;
 * - ELOOP for a path through a symlink loop;
 * - EBUSY for rename() of a mount point directory, and onto one;
 * - EMLINK: a file is linked 64999 more times, one link at a time, until
 *   st_nlink is EXT4_LINK_MAX (65000): the next link() and linkat() are
 *   EMLINK (a directory at the limit: rename_emlink01).
 * No failed call changes the link count or leaves a name behind.
 * Syscalls: link, linkat, rename
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <fcntl.h>
#include "tst_test.h"
#include "mount_errs.h"

#define LINK_MAX_EXT4 65000
#define FILE0 ME_MNT "/many/f"

static const struct tcase {
	int call;	/* 0 link, 1 linkat, 2 rename */
	const char *old, *new;
	int err;
	const char *desc;
} tcases[] = {
	{ 0, ME_MNT "/dir", ME_MNT "/dirlink", EPERM, "a directory" },
	{ 1, ME_MNT "/dir", ME_MNT "/dirlink", EPERM, "a directory" },
	{ 0, ME_MNT "/file", "linkat02_tmpdir", EXDEV, "to the tmpdir's fs" },
	{ 1, ME_MNT "/file", "linkat02_tmpdir", EXDEV, "to the tmpdir's fs" },
	{ 2, ME_MNT "/file", "linkat02_tmpdir", EXDEV, "to the tmpdir's fs" },
	{ 0, ME_MNT "/file", ME_RW_BIND "/x", EXDEV, "to another mount" },
	{ 1, ME_MNT "/file", ME_RW_BIND "/x", EXDEV, "to another mount" },
	{ 2, ME_MNT "/dir", ME_RW_BIND "/x", EXDEV, "to another mount" },
	{ 0, ME_RO_BIND "/file", ME_RO_BIND "/x", EROFS, "in a ro bind" },
	{ 1, ME_RO_BIND "/file", ME_RO_BIND "/x", EROFS, "in a ro bind" },
	{ 2, ME_RO_BIND "/file", ME_RO_BIND "/x", EROFS, "in a ro bind" },
	{ 0, ME_RO_FS "/file", ME_RO_FS "/x", EROFS, "in a ro tmpfs" },
	{ 1, ME_RO_FS "/file", ME_RO_FS "/x", EROFS, "in a ro tmpfs" },
	{ 2, ME_RO_FS "/dir", ME_RO_FS "/x", EROFS, "in a ro tmpfs" },
	{ 0, ME_MNT "/loop/f", ME_MNT "/x", ELOOP, "through a loop" },
	{ 1, ME_MNT "/file", ME_MNT "/loop/x", ELOOP, "through a loop" },
	{ 2, ME_MNT "/loop/f", ME_MNT "/x", ELOOP, "through a loop" },
	{ 2, ME_MP_DIR, ME_MNT "/x", EBUSY, "of a mount point" },
	{ 2, ME_MNT "/dir2", ME_MP_DIR, EBUSY, "onto a mount point" },
	{ 0, FILE0, ME_MNT "/many/over", EMLINK, "of a file with 65000 links" },
	{ 1, FILE0, ME_MNT "/many/over", EMLINK, "of a file with 65000 links" },
};

static const char *const call_name[] = { "link", "linkat", "rename" };

static long nlink_of(const char *path)
{
	struct stat st;

	SAFE_STAT(path, &st);
	return st.st_nlink;
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	struct stat st;

	switch (tc->call) {
	case 0:
		TEST(link(tc->old, tc->new));
		break;
	case 1:
		TEST(linkat(AT_FDCWD, tc->old, AT_FDCWD, tc->new, 0));
		break;
	default:
		TEST(rename(tc->old, tc->new));
	}
	if (TST_RET == 0)
		tst_res(TFAIL, "%s(%s, %s) %s succeeded, expected %s",
			call_name[tc->call], tc->old, tc->new, tc->desc,
			tst_strerrno(tc->err));
	else if (TST_ERR != tc->err)
		tst_res(TFAIL | TTERRNO, "%s(%s, %s) %s, expected %s",
			call_name[tc->call], tc->old, tc->new, tc->desc,
			tst_strerrno(tc->err));
	else
		tst_res(TPASS | TTERRNO, "%s() %s", call_name[tc->call],
			tc->desc);

	TST_EXP_EXPR(me_layout_intact() &&
		     (tc->err == EBUSY || lstat(tc->new, &st)) &&
		     nlink_of(FILE0) == LINK_MAX_EXT4 &&
		     nlink_of(ME_MNT "/dir") == 2,
		     "no name %s, link counts unchanged", tc->new);
}

static void fill(void)
{
	unsigned long long start = tst_mono_ms();
	char name[16];
	int dfd, i;

	SAFE_MKDIR(ME_MNT "/many", 0755);
	fsm_create_file(FILE0, 0644, "x");
	dfd = SAFE_OPEN(ME_MNT "/many", O_RDONLY | O_DIRECTORY);
	for (i = 1; i < LINK_MAX_EXT4; i++) {
		snprintf(name, sizeof(name), "l%d", i);
		if (linkat(dfd, "f", dfd, name, 0)) {
			tst_brk(errno == EMLINK ? TFAIL | TERRNO :
				TBROK | TERRNO, "link() number %d of %d", i,
				LINK_MAX_EXT4 - 1);
		}
	}
	SAFE_CLOSE(dfd);
	if (nlink_of(FILE0) != LINK_MAX_EXT4)
		tst_brk(TFAIL, "st_nlink %ld after 65000 names",
			nlink_of(FILE0));
	tst_res(TINFO, "65000 links of a file made in %llu ms",
		tst_mono_ms() - start);
}

static void setup(void)
{
	me_setup();
	SAFE_MKDIR(ME_MNT "/dir2", 0755);
	if (symlink("loop", ME_MNT "/loop"))
		tst_brk(TBROK | TERRNO, "symlink(loop)");
	fill();
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = ME_MNT,
	.dev_fs_type = "ext4",
	.dev_fs_opts = (const char *const[]){ "-O", "^has_journal", NULL },
	.timeout = 60,
};
