/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * For tests on the filesystem matrix (.all_filesystems): which filesystem
 * this run is on, so that a feature a filesystem documents it lacks is
 * asserted as its documented error there, and its absence anywhere else
 * is a failure instead of a skip.
 */
#ifndef FS_MATRIX_H
#define FS_MATRIX_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include "tst_test.h"

/* 1 when this run's filesystem is one of names ("ext2 ext3 exfat"). */
static inline int fs_is(const char *names)
{
	size_t len;

	if (!tst_fs_type)
		return 0;
	len = strlen(tst_fs_type);
	while (*names) {
		if (!strncmp(names, tst_fs_type, len) &&
		    (names[len] == ' ' || !names[len]))
			return 1;
		names += strcspn(names, " ");
		names += strspn(names, " ");
	}
	return 0;
}

/*
 * A feature probe answered EOPNOTSUPP (err). On a filesystem in lacking,
 * which documents that, it is the expected answer: TPASS, then TCONF for
 * the rest of the test. On a matrix filesystem not in lacking it is a
 * regression: TFAIL. Outside the matrix (an unknown filesystem): TCONF.
 */
static inline void fs_lacks(const char *lacking, const char *what, int err)
{
	if (fs_is(lacking)) {
		if (err == EOPNOTSUPP)
			tst_res(TPASS, "%s lacks %s: EOPNOTSUPP, as documented",
				tst_fs_type, what);
		else
			tst_res(TFAIL, "%s lacks %s: expected EOPNOTSUPP, got "
				"%s", tst_fs_type, what, tst_strerrno(err));
		tst_brk(TCONF, "%s has no %s", tst_fs_type, what);
	}
	if (tst_fs_type && strcmp(tst_fs_type, "tmpdir"))
		tst_brk(TFAIL, "%s answered %s for %s, which it has",
			tst_fs_type, tst_strerrno(err), what);
	tst_brk(TCONF, "the tmpdir's filesystem has no %s", what);
}

/*
 * FAT and exFAT keep no per-file mode: every file has 0777 & ~fmask and
 * every directory 0777 & ~dmask, whatever mode open(2), mkdir(2) or the
 * umask asked for (mount(8), FAT and exFAT options; both filesystems
 * print fmask= and dmask= in their mount options). opt is "fmask" or
 * "dmask"; the value is read from the cwd's entry in
 * /proc/self/mountinfo.
 */
static inline mode_t fs_fat_mask(const char *opt)
{
	char line[4096], cwd[4096], mnt[4096], *p;
	size_t olen = strlen(opt);
	FILE *f;
	long mask = -1;

	if (!getcwd(cwd, sizeof(cwd)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	f = fopen("/proc/self/mountinfo", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/mountinfo)");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*s %*s %*s %*s %4095s", mnt) != 1 ||
		    strcmp(mnt, cwd))
			continue;
		p = strstr(line, " - ");
		for (p = p ? p : line; (p = strstr(p, opt)); p += olen) {
			if ((p[-1] == ',' || p[-1] == ' ') && p[olen] == '=')
				mask = strtol(p + olen + 1, NULL, 8);
		}
	}
	fclose(f);
	if (mask < 0)
		tst_brk(TBROK, "no %s= in the mount options of %s", opt, cwd);
	return mask;
}

#endif /* FS_MATRIX_H */
