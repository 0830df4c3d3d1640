// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chdir() resolves ".." physically: after chdir() through a symbolic
 * link L -> real/sub, chdir("..") leads to real (the directory's parent),
 * not to the directory holding L; getcwd() names it and a relative name
 * of real resolves. ".." in the root directory is the root itself:
 * chdir("/..") and chdir("/../..") leave getcwd() "/", with the inode
 * of "/".
 */
#include <limits.h>
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char base[64], real[96], sub[112], link[96], cwd[PATH_MAX];
	struct stat a, b;
	int fd;

	snprintf(base, sizeof(base), "/tmp/pts_chdir3_%d", (int)getpid());
	snprintf(real, sizeof(real), "%s/real", base);
	snprintf(sub, sizeof(sub), "%s/sub", real);
	snprintf(link, sizeof(link), "%s/L", base);
	if (mkdir(base, 0755) || mkdir(real, 0755) || mkdir(sub, 0755) ||
	    symlink("real/sub", link))
		PTS_UNRES("set-up: %m");
	snprintf(cwd, sizeof(cwd), "%s/inreal", real);
	fd = open(cwd, O_WRONLY | O_CREAT, 0644);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	close(fd);

	if (chdir(link))
		PTS_FAILED("chdir() through the link: %m");
	if (!getcwd(cwd, sizeof(cwd)) || strcmp(cwd, sub))
		PTS_FAILED("getcwd() '%s' after chdir(L), '%s' expected", cwd, sub);
	if (chdir(".."))
		PTS_FAILED("chdir(\"..\"): %m");
	if (!getcwd(cwd, sizeof(cwd)) || strcmp(cwd, real))
		PTS_FAILED("getcwd() '%s' after chdir(\"..\"), the physical parent '%s' expected",
			   cwd, real);
	if (access("inreal", F_OK))
		PTS_FAILED("a name of the physical parent not found: %m");

	if (stat("/", &a))
		PTS_UNRES("stat(/): %m");
	if (chdir("/..") || !getcwd(cwd, sizeof(cwd)) || strcmp(cwd, "/"))
		PTS_FAILED("chdir(\"/..\"): getcwd '%s' (%m)", cwd);
	if (chdir("/../..") || stat(".", &b) || a.st_ino != b.st_ino ||
	    a.st_dev != b.st_dev)
		PTS_FAILED("chdir(\"/../..\") is not the root");
	if (chdir("..") || stat(".", &b) || a.st_ino != b.st_ino)
		PTS_FAILED("chdir(\"..\") in the root moved");

	snprintf(cwd, sizeof(cwd), "%s/inreal", real);
	unlink(cwd);
	unlink(link);
	rmdir(sub);
	rmdir(real);
	rmdir(base);
	PTS_PASSED("\"..\" is the physical parent, and the root's is the root");
}
