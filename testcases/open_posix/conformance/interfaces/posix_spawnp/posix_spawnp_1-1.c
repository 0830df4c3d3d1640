// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_spawnp(): a file name without a slash is looked up in the
 * directories of the caller's PATH (not the PATH in the envp given to
 * the child). PATH is a missing directory then a temporary one holding
 * a link to this program under a unique name; envp carries a different
 * PATH, which the child must see as its whole environment, with argv[0]
 * the name given.
 */
#include "pts_spawn20.h"

static int child(char **argv)
{
	if (!environ[0] || strcmp(environ[0], "PATH=/pts-none") || environ[1])
		PTS_FAILED("child: environment %s...", environ[0] ? environ[0] : "empty");
	if (strcmp(argv[0], "pts_spawnp_1-1_prog"))
		PTS_FAILED("child: argv[0] %s", argv[0]);
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	char dir[] = "/tmp/posix_spawnp_1-1.XXXXXX", link[96], path[160];
	char *cargv[] = { "pts_spawnp_1-1_prog", "child", NULL };
	char *env[] = { "PATH=/pts-none", NULL };
	pid_t pid = -1;
	int e;

	if (argc > 1)
		return child(argv);
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp: %s", strerror(errno));
	snprintf(link, sizeof(link), "%s/pts_spawnp_1-1_prog", dir);
	if (symlink(pts_spawn_exe(), link))
		PTS_UNRES("symlink: %s", strerror(errno));
	snprintf(path, sizeof(path), "/tmp/posix_spawnp_1-1.none:%s", dir);
	setenv("PATH", path, 1);
	fflush(stdout);
	e = posix_spawnp(&pid, "pts_spawnp_1-1_prog", NULL, NULL, cargv, env);
	unlink(link);
	rmdir(dir);
	if (e)
		PTS_FAILED("posix_spawnp returned %d (%s)", e, strerrorname_np(e));
	pts_reap(pid, "the child");
	PTS_PASSED("found through the caller's PATH, the child got envp exactly");
}
