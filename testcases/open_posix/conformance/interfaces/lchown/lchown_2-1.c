// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lchown() permission is decided by the owner of the link, not of the
 * file it names: for nobody (supplementary group 65533), lchown() of a
 * root-owned link to nobody's own file fails with [EPERM] (chown()
 * through that link succeeds, changing the file's group only), while
 * lchown() of a link that nobody owns, naming root's file, succeeds and
 * changes the link's group to 65533 (chown() through it [EPERM], root's
 * file untouched). The owner cannot give its link away ([EPERM] for
 * owner 0), nor give it a group it is not in.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], mine[80], roots[80], rlink[80], mlink[80];

static void ids(const char *p, int follow, uid_t u, gid_t g, const char *what)
{
	struct stat st;

	if (follow ? stat(p, &st) : lstat(p, &st))
		PTS_UNRES("stat(%s): %m", p);
	if (st.st_uid != u || st.st_gid != g)
		PTS_FAILED("%s: %d/%d, expected %d/%d", what, (int)st.st_uid,
			   (int)st.st_gid, (int)u, (int)g);
}

static int child(void)
{
	gid_t g = 65533;

	if (setgroups(1, &g) || setresgid(PTS_NOBODY, PTS_NOBODY, PTS_NOBODY) ||
	    setresuid(PTS_NOBODY, PTS_NOBODY, PTS_NOBODY))
		PTS_UNRES("becoming nobody: %m");
	PTS_EXPECT_ERRNO(lchown(rlink, -1, 65533), EPERM,
			 "lchown() of root's link to nobody's file");
	ids(rlink, 0, 0, 0, "root's link after EPERM");
	if (chown(rlink, -1, 65533))
		PTS_FAILED("chown() through root's link to nobody's file: %m");
	ids(mine, 0, PTS_NOBODY, 65533, "nobody's file after chown() via the link");
	ids(rlink, 0, 0, 0, "root's link after chown() through it");

	if (lchown(mlink, -1, 65533))
		PTS_FAILED("lchown() of nobody's own link to root's file: %m");
	ids(mlink, 0, PTS_NOBODY, 65533, "nobody's link after lchown()");
	ids(roots, 0, 0, 0, "root's file after lchown() of a link to it");
	PTS_EXPECT_ERRNO(chown(mlink, -1, 65533), EPERM,
			 "chown() through nobody's link to root's file");
	PTS_EXPECT_ERRNO(lchown(mlink, 0, -1), EPERM,
			 "lchown() giving nobody's link to root");
	PTS_EXPECT_ERRNO(lchown(mlink, -1, 0), EPERM,
			 "lchown() to a group nobody is not in");
	ids(mlink, 0, PTS_NOBODY, 65533, "nobody's link after EPERM");
	ids(roots, 0, 0, 0, "root's file at the end");
	return PTS_PASS;
}

int main(void)
{
	int fd;

	snprintf(dir, sizeof(dir), "/tmp/pts_lchown2_%d", (int)getpid());
	snprintf(mine, sizeof(mine), "%s/mine", dir);
	snprintf(roots, sizeof(roots), "%s/roots", dir);
	snprintf(rlink, sizeof(rlink), "%s/rlink", dir);
	snprintf(mlink, sizeof(mlink), "%s/mlink", dir);
	if (mkdir(dir, 0755))
		PTS_UNRES("mkdir(): %m");
	fd = open(mine, O_WRONLY | O_CREAT, 0644);
	if (fd < 0 || close(fd) || chown(mine, PTS_NOBODY, PTS_NOBODY))
		PTS_UNRES("set-up: %m");
	fd = open(roots, O_WRONLY | O_CREAT, 0644);
	if (fd < 0 || close(fd) || chown(roots, 0, 0) ||
	    symlink(mine, rlink) || lchown(rlink, 0, 0) ||
	    symlink(roots, mlink) || lchown(mlink, PTS_NOBODY, PTS_NOBODY))
		PTS_UNRES("set-up: %m");
	pts_run_child(child, "nobody");
	unlink(rlink);
	unlink(mlink);
	unlink(mine);
	unlink(roots);
	rmdir(dir);
	PTS_PASSED("lchown() permission from the link's owner");
}
