// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * link(existing, new): the pathname resolution errors of its error list, on
 * dir/f to a new name dir/n; no name is made and st_nlink stays 1: [ELOOP] for a loop of symbolic links in the prefix,
 * [ENAMETOOLONG] for a prefix component of {NAME_MAX} + 1 bytes and for
 * a path longer than {PATH_MAX}, [ENOTDIR] for a regular file used as a
 * directory, [EACCES] for nobody when search permission is denied on a
 * prefix directory (root's, mode 0766). The fixture is read back
 * unchanged after the refused calls (pts_path.h).
 */

#include "pts_path.h"

static int op(const char *dir)
{
	return link(pts_path(dir, "f"), pts_path(dir, "n"));
}

int main(void)
{
	pts_path_errors(op, "link(existing, new)");
	PTS_PASSED("ELOOP, ENAMETOOLONG (component, path), ENOTDIR, EACCES (search)");
}
