// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkdir(path, 0755): the pathname resolution errors of its error list, on
 * a new directory dir/n; nothing is made: [ELOOP] for a loop of symbolic links in the prefix,
 * [ENAMETOOLONG] for a prefix component of {NAME_MAX} + 1 bytes and for
 * a path longer than {PATH_MAX}, [ENOTDIR] for a regular file used as a
 * directory, [EACCES] for nobody when search permission is denied on a
 * prefix directory (root's, mode 0766). The fixture is read back
 * unchanged after the refused calls (pts_path.h).
 */
#include <sys/stat.h>

#include "pts_path.h"

static int op(const char *dir)
{
	return mkdir(pts_path(dir, "n"), 0755);
}

int main(void)
{
	pts_path_errors(op, "mkdir(path, 0755)");
	PTS_PASSED("ELOOP, ENAMETOOLONG (component, path), ENOTDIR, EACCES (search)");
}
