// SPDX-License-Identifier: GPL-2.0-or-later
/* The test's private directory under $TMPDIR, removed with all it holds. */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_lib.h"

char *tst_tmpdir_create(void)
{
	const char *base = getenv("TMPDIR");
	static char path[PATH_MAX];

	if (!base || !*base)
		base = "/tmp";
	if (base[0] != '/')
		tst_brk(TBROK, "TMPDIR='%s' must be an absolute path", base);
	if ((size_t)snprintf(path, sizeof(path), "%s/LTP_%.8sXXXXXX", base,
			     tst_name) >= sizeof(path))
		tst_brk(TBROK, "TMPDIR='%s' is too long", base);
	if (!mkdtemp(path))
		tst_brk(TBROK | TERRNO, "mkdtemp(%s)", path);
	/* Tests drop privileges and must still create files here. */
	if (chmod(path, 0777))
		tst_brk(TBROK | TERRNO, "chmod(%s, 0777)", path);
	return path;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP ? rmdir(path) : unlink(path))
		tst_res(TWARN | TERRNO, "cannot remove %s", path);
	return 0;
}

static int make_writable(const char *path, const struct stat *st, int flag,
			 struct FTW *ftw)
{
	(void)ftw;
	if (flag == FTW_D || flag == FTW_DNR)
		chmod(path, (st->st_mode & 07777) | 0700);
	return 0;
}

void tst_tmpdir_remove(const char *path)
{
	/* A test may leave directories without write or search permission. */
	nftw(path, make_writable, 16, FTW_PHYS);
	nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}
