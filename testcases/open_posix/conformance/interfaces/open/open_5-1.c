// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open(path, O_WRONLY | O_CREAT | O_EXCL, 0644): the pathname resolution errors of its error list, on
 * a new file dir/n; nothing is made: [ELOOP] for a loop of symbolic links in the prefix,
 * [ENAMETOOLONG] for a prefix component of {NAME_MAX} + 1 bytes and for
 * a path longer than {PATH_MAX}, [ENOTDIR] for a regular file used as a
 * directory, [EACCES] for nobody when search permission is denied on a
 * prefix directory (root's, mode 0766). The fixture is read back
 * unchanged after the refused calls (pts_path.h).
 */

#include "pts_path.h"

static int op(const char *dir)
{
	int fd = open(pts_path(dir, "n"), O_WRONLY | O_CREAT | O_EXCL, 0644);

	if (fd >= 0)
		close(fd);
	return fd < 0 ? -1 : 0;
}

int main(void)
{
	pts_path_errors(op, "open(path, O_WRONLY | O_CREAT | O_EXCL, 0644)");
	PTS_PASSED("ELOOP, ENAMETOOLONG (component, path), ENOTDIR, EACCES (search)");
}
