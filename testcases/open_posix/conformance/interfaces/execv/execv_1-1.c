// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execv() errors, each leaving the caller running: [ENOENT] for a missing
 * file and an empty path; [ENOTDIR] for a path through a regular file;
 * [EACCES] for a regular file with no execute bit (even for root: no one
 * may execute it) and for a directory; [ENAMETOOLONG] for a component of
 * NAME_MAX + 1 bytes; [ELOOP] for a loop of symbolic links.
 */
#include <limits.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[] = "/tmp/pts-execv-XXXXXX";
static char *args[] = { "x", NULL };

static void expect(const char *path, int e)
{
	errno = 0;
	if (execv(path, args) != -1 || errno != e)
		PTS_FAILED("execv(%s): errno %s, expected %s", path,
			   strerrorname_np(errno), strerrorname_np(e));
}

int main(void)
{
	char file[128], sub[160], loop1[128], loop2[128], *lng;
	int fd;

	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %m");
	snprintf(file, sizeof(file), "%s/noexec", dir);
	fd = open(file, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || write(fd, "#!/bin/sh\n", 10) != 10)
		PTS_UNRES("create %s: %m", file);
	close(fd);
	snprintf(sub, sizeof(sub), "%s/x", file);
	snprintf(loop1, sizeof(loop1), "%s/l1", dir);
	snprintf(loop2, sizeof(loop2), "%s/l2", dir);
	if (symlink(loop2, loop1) || symlink(loop1, loop2))
		PTS_UNRES("symlink(): %m");
	lng = malloc(NAME_MAX + 2 + sizeof(dir) + 1);
	if (!lng)
		PTS_UNRES("malloc()");
	sprintf(lng, "%s/", dir);
	memset(lng + strlen(lng), 'a', NAME_MAX + 1);
	lng[strlen(dir) + 1 + NAME_MAX + 1] = 0;

	expect("/nonexistent-pts/prog", ENOENT);
	expect("", ENOENT);
	expect(sub, ENOTDIR);
	expect(file, EACCES);
	expect(dir, EACCES);
	expect(lng, ENAMETOOLONG);
	expect(loop1, ELOOP);
	unlink(loop1);
	unlink(loop2);
	unlink(file);
	rmdir(dir);
	PTS_PASSED("ENOENT, ENOTDIR, EACCES (no x bit, directory), ENAMETOOLONG, ELOOP");
}
