// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getcwd(2) gives the real path of the working directory:
 * - after chdir() through a symlink to a directory (and through a chain
 *   of two), the path names the directory, not the link, and equals the
 *   one got by chdir() to the directory itself; readlink() of the link
 *   still gives the link's text;
 * - while a child renames a file in the same directory as fast as it
 *   can (a few seconds), every getcwd() returns the same path, never "/"
 *   or another one. A rename between the steps of the lockless path walk
 *   made it return "/" after 232d2d60aa54, until ede4cebce16f and
 *   f6500801522c.
 * Syscalls: getcwd
 */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "tst_test.h"

static char top[PATH_MAX];

static long sys_getcwd(char *buf, size_t size)
{
	return tst_syscall(__NR_getcwd, buf, size);
}

static void cwd_of(const char *path, char *buf)
{
	if (chdir(path))
		tst_brk(TBROK | TERRNO, "chdir(%s)", path);
	if (sys_getcwd(buf, PATH_MAX) < 0)
		tst_brk(TBROK | TERRNO, "getcwd() in %s", path);
	if (chdir(top))
		tst_brk(TBROK | TERRNO, "chdir(%s)", top);
}

static void symlinked(void)
{
	char real[PATH_MAX], via[PATH_MAX], via2[PATH_MAX], lnk[64];
	ssize_t len;

	cwd_of("dir/sub", real);
	cwd_of("link", via);
	cwd_of("link2", via2);
	TST_EXP_EXPR(!strcmp(via, real), "getcwd() via a symlink: %s (the "
		     "directory: %s)", via, real);
	TST_EXP_EXPR(!strcmp(via2, real), "getcwd() via two symlinks: %s",
		     via2);
	TST_EXP_EXPR(strlen(real) > strlen(top) &&
		     !strcmp(real + strlen(top), "/dir/sub"),
		     "the path is the tmpdir's + /dir/sub");
	len = readlink("link", lnk, sizeof(lnk) - 1);
	lnk[len > 0 ? len : 0] = 0;
	TST_EXP_EXPR(!strcmp(lnk, "dir/sub"), "readlink(link) is \"%s\"",
		     lnk);
}

static void rename_race(void)
{
	char buf[PATH_MAX];
	double end = tst_mono_secs() + 3 * tst_timeout_mul();
	long calls = 0, bad = 0;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		char a[32] = "f0", b[32];
		unsigned int i = 0;
		int fd = SAFE_OPEN(a, O_CREAT | O_WRONLY, 0600);

		SAFE_CLOSE(fd);
		for (;;) {
			snprintf(b, sizeof(b), "f%u", ++i);
			if (rename(a, b))
				exit(1);
			strcpy(a, b);
		}
	}
	while (tst_mono_secs() < end) {
		calls++;
		if (sys_getcwd(buf, sizeof(buf)) < 0 || strcmp(buf, top)) {
			if (!bad++)
				tst_res(TFAIL, "getcwd() during renames: "
					"\"%s\", expected \"%s\"", buf, top);
		}
	}
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	if (!bad)
		tst_res(TPASS, "%ld getcwd() calls during renames all gave "
			"the tmpdir", calls);
	else
		tst_res(TFAIL, "%ld of %ld calls were wrong", bad, calls);
}

static void run(unsigned int n)
{
	if (!n)
		symlinked();
	else
		rename_race();
}

static void setup(void)
{
	if (sys_getcwd(top, sizeof(top)) < 0)
		tst_brk(TBROK | TERRNO, "getcwd()");
	SAFE_MKDIR("dir", 0755);
	SAFE_MKDIR("dir/sub", 0755);
	if (symlink("dir/sub", "link") || symlink("link", "link2"))
		tst_brk(TBROK | TERRNO, "symlink()");
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* prepend_path() needs to reinitialize dentry/vfsmount/mnt on
		 * restarts */
		{"linux-git", "ede4cebce16f"},
		/* __dentry_path() fixes */
		{"linux-git", "f6500801522c"},
		{}
	},
};
