/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * For tests on the filesystem matrix (.all_filesystems): which filesystem
 * this run is on, so that a feature a filesystem documents it lacks is
 * asserted as its documented error there, and its absence anywhere else
 * is a failure instead of a skip.
 */
#ifndef FS_MATRIX_H
#define FS_MATRIX_H

#include <string.h>
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

#endif /* FS_MATRIX_H */
