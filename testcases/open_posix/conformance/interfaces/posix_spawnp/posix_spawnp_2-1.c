// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_spawnp() of a name found in no PATH directory fails with
 * [ENOENT] as the return value, with no child left. A name found only
 * as a file without execute permission fails with [EACCES]; when a
 * later PATH directory holds an executable of that name, the search
 * goes on past the unusable one and that one runs (exit 0).
 */
#include "pts_spawn20.h"

int main(int argc, char **argv)
{
	char d1[] = "/tmp/posix_spawnp_2-1.XXXXXX", f1[96], l2[96], path[200];
	char d2[] = "/tmp/posix_spawnp_2-1.XXXXXX";
	char *cargv[] = { "pts_spawnp_2-1_prog", "child", NULL };
	pid_t pid = -1;
	int e, fd;

	(void)argv;
	if (argc > 1)
		return PTS_PASS;
	if (!mkdtemp(d1) || !mkdtemp(d2))
		PTS_UNRES("mkdtemp: %s", strerror(errno));
	snprintf(f1, sizeof(f1), "%s/pts_spawnp_2-1_prog", d1);
	snprintf(l2, sizeof(l2), "%s/pts_spawnp_2-1_prog", d2);
	fd = open(f1, O_WRONLY | O_CREAT, 0644);
	if (fd < 0 || write(fd, "#!/bin/sh\n", 10) != 10)
		PTS_UNRES("create %s: %s", f1, strerror(errno));
	close(fd);

	setenv("PATH", d2, 1);
	e = posix_spawnp(&pid, "pts_spawnp_2-1_prog", NULL, NULL, cargv, environ);
	if (e != ENOENT)
		PTS_FAILED("name in no PATH directory: %d (%s), expected ENOENT", e,
			   strerrorname_np(e));
	pts_spawn_no_child("ENOENT");

	setenv("PATH", d1, 1);
	e = posix_spawnp(&pid, "pts_spawnp_2-1_prog", NULL, NULL, cargv, environ);
	if (e != EACCES)
		PTS_FAILED("only a non-executable match: %d (%s), expected EACCES", e,
			   strerrorname_np(e));
	pts_spawn_no_child("EACCES");

	if (symlink(pts_spawn_exe(), l2))
		PTS_UNRES("symlink: %s", strerror(errno));
	snprintf(path, sizeof(path), "%s:%s", d1, d2);
	setenv("PATH", path, 1);
	fflush(stdout);
	e = posix_spawnp(&pid, "pts_spawnp_2-1_prog", NULL, NULL, cargv, environ);
	unlink(f1);
	unlink(l2);
	rmdir(d1);
	rmdir(d2);
	if (e)
		PTS_FAILED("non-executable then executable match: returned %d", e);
	pts_reap(pid, "the program found second");
	PTS_PASSED("ENOENT when not found, EACCES for a non-executable match, search goes on past it");
}
