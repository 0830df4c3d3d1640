// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chdir(): the pathname resolution errors of its error list, on
 * the directory dir/d; the working directory is unchanged (getcwd() read back): [ELOOP] for a loop of symbolic links in the prefix,
 * [ENAMETOOLONG] for a prefix component of {NAME_MAX} + 1 bytes and for
 * a path longer than {PATH_MAX}, [ENOTDIR] for a regular file used as a
 * directory, [EACCES] for nobody when search permission is denied on a
 * prefix directory (root's, mode 0766). The fixture is read back
 * unchanged after the refused calls (pts_path.h).
 */

#include "pts_path.h"

static int op(const char *dir)
{
	return chdir(pts_path(dir, "d"));
}

int main(void)
{
	char before[PATH_MAX], after[PATH_MAX];

	if (!getcwd(before, sizeof(before)))
		PTS_UNRES("getcwd(): %m");
	pts_path_errors(op, "chdir()");
	if (!getcwd(after, sizeof(after)) || strcmp(before, after))
		PTS_FAILED("the working directory changed to %s", after);
	PTS_PASSED("ELOOP, ENAMETOOLONG (component, path), ENOTDIR, EACCES (search)");
}
