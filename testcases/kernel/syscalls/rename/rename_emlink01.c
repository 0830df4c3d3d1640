// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rename() and renameat2() against a directory at ext4's link limit. On an
 * ext4 device made without dir_nlink (mkfs.ext4 -O ^dir_nlink; no journal
 * and inline_data, so that the directories are made quickly) a directory
 * holds at most EXT4_LINK_MAX (65000) links; "full" gets 64998
 * subdirectories, one at a time, and so st_nlink 65000. Then:
 * - mkdir() in it is EMLINK;
 * - rename() of a directory from another directory into it is EMLINK;
 * - renameat2(RENAME_EXCHANGE) of a directory elsewhere with a file in it
 *   (it would gain a subdirectory) is EMLINK, in either order;
 * - rename() of a subdirectory within it, and RENAME_EXCHANGE of a
 *   subdirectory with a directory elsewhere (no link count changes), work;
 * - after the failures st_nlink is still 65000 and no name was left.
 * Syscalls: rename, renameat2
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "lapi/fcntl.h"

#define MNT "mnt"
#define FULL MNT "/full"
#define OTHER MNT "/other"
#define LINK_MAX_EXT4 65000

static long nlink_of(const char *path)
{
	struct stat st;

	SAFE_STAT(path, &st);
	return st.st_nlink;
}

static int exchange(const char *a, const char *b)
{
	return syscall(__NR_renameat2, AT_FDCWD, a, AT_FDCWD, b,
		       RENAME_EXCHANGE);
}

static int counts_kept(void)
{
	struct stat st;

	return nlink_of(FULL) == LINK_MAX_EXT4 && nlink_of(OTHER) == 3 &&
	       lstat(FULL "/more", &st) && lstat(FULL "/in", &st) &&
	       !stat(FULL "/f", &st) && S_ISREG(st.st_mode) &&
	       !stat(OTHER "/d", &st) && S_ISDIR(st.st_mode);
}

static void fails(void)
{
	TST_EXP_FAIL(mkdir(FULL "/more", 0755), EMLINK,
		     "mkdir() in a directory with 65000 links");
	TST_EXP_FAIL(rename(OTHER "/d", FULL "/in"), EMLINK,
		     "rename() of a directory into it");
	TST_EXP_FAIL(exchange(OTHER "/d", FULL "/f"), EMLINK,
		     "RENAME_EXCHANGE of a directory elsewhere with a file in it");
	TST_EXP_FAIL(exchange(FULL "/f", OTHER "/d"), EMLINK,
		     "RENAME_EXCHANGE of a file in it with a directory elsewhere");
	TST_EXP_EXPR(counts_kept(), "st_nlink still 65000 and 3, every name "
		     "where it was");
}

static void works(void)
{
	struct stat st;

	TST_EXP_PASS(rename(FULL "/d0", FULL "/renamed"),
		     "rename() of a subdirectory within it");
	if (TST_PASS && rename(FULL "/renamed", FULL "/d0"))
		tst_brk(TBROK | TERRNO, "rename() back");
	TST_EXP_PASS(exchange(FULL "/d1", OTHER "/d"),
		     "RENAME_EXCHANGE of a subdirectory with a directory "
		     "elsewhere");
	if (TST_PASS && exchange(FULL "/d1", OTHER "/d"))
		tst_brk(TBROK | TERRNO, "RENAME_EXCHANGE back");
	TST_EXP_EXPR(counts_kept() && !stat(FULL "/d0", &st) &&
		     lstat(FULL "/renamed", &st),
		     "st_nlink still 65000 and 3");
}

static void run(unsigned int n)
{
	if (n)
		works();
	else
		fails();
}

static void setup(void)
{
	unsigned long long start = tst_mono_ms();
	char name[16];
	int dfd, i;

	SAFE_MKDIR(OTHER, 0755);
	SAFE_MKDIR(OTHER "/d", 0755);
	SAFE_MKDIR(FULL, 0755);
	fsm_create_file(FULL "/f", 0644, "x");
	dfd = SAFE_OPEN(FULL, O_RDONLY | O_DIRECTORY);
	for (i = 0; i < LINK_MAX_EXT4 - 2; i++) {
		snprintf(name, sizeof(name), "d%d", i);
		if (mkdirat(dfd, name, 0755)) {
			tst_brk(errno == EMLINK ? TFAIL | TERRNO :
				TBROK | TERRNO, "mkdir() number %d of %d",
				i + 1, LINK_MAX_EXT4 - 2);
		}
	}
	SAFE_CLOSE(dfd);
	if (nlink_of(FULL) != LINK_MAX_EXT4)
		tst_brk(TFAIL, "st_nlink %ld of a directory with %d "
			"subdirectories", nlink_of(FULL), LINK_MAX_EXT4 - 2);
	tst_res(TINFO, "64998 subdirectories made in %llu ms",
		tst_mono_ms() - start);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.dev_fs_opts = (const char *const[]){ "-O",
		"^dir_nlink,^has_journal,inline_data", "-b", "4096", "-I", "256",
		"-N", "80000", NULL },
	.timeout = 60,
};
