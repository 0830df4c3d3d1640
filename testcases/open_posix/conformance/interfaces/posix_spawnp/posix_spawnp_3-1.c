// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_spawnp(): a file argument containing a slash is used as the
 * pathname, with no PATH search. From a working directory holding
 * sub/prog (a link to this program), "sub/prog" runs it while PATH
 * names only a directory where no sub/ exists; with the working
 * directory elsewhere the same name fails with [ENOENT] though PATH now
 * names the directory that holds sub/prog.
 */
#include "pts_spawn20.h"

int main(int argc, char **argv)
{
	char dir[] = "/tmp/posix_spawnp_3-1.XXXXXX", sub[96], prog[128];
	char *cargv[] = { "prog", "child", NULL };
	pid_t pid = -1;
	int e;

	(void)argv;
	if (argc > 1)
		return PTS_PASS;
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp: %s", strerror(errno));
	snprintf(sub, sizeof(sub), "%s/sub", dir);
	snprintf(prog, sizeof(prog), "%s/prog", sub);
	if (mkdir(sub, 0755) || symlink(pts_spawn_exe(), prog) || chdir(dir))
		PTS_UNRES("set-up: %s", strerror(errno));
	setenv("PATH", "/", 1);
	fflush(stdout);
	e = posix_spawnp(&pid, "sub/prog", NULL, NULL, cargv, environ);
	if (e)
		PTS_FAILED("sub/prog from its parent directory: %d (%s)", e,
			   strerrorname_np(e));
	pts_reap(pid, "sub/prog");
	if (chdir("/"))
		PTS_UNRES("chdir /: %s", strerror(errno));
	setenv("PATH", dir, 1);
	e = posix_spawnp(&pid, "sub/prog", NULL, NULL, cargv, environ);
	unlink(prog);
	rmdir(sub);
	rmdir(dir);
	if (e != ENOENT)
		PTS_FAILED("sub/prog from /: %d (%s), expected ENOENT (no PATH search)",
			   e, strerrorname_np(e));
	pts_spawn_no_child("ENOENT");
	PTS_PASSED("a name with a slash is a path, never searched in PATH");
}
