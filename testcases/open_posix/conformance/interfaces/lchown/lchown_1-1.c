// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lchown() "shall be equivalent to chown(), except in the case where the
 * named file is a symbolic link. In this case, lchown() shall change the
 * ownership of the symbolic link file itself": the link's owner and
 * group read back by lstat(), the target's unchanged (stat() through
 * the link); -1 keeps an ID; a dangling link can be changed; a regular
 * file named directly changes as with chown(). chown() through the same
 * link changes the target, not the link. [EPERM] for nobody on root's
 * link, [ENOENT] for a missing name.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], lnk[96], target[96], dangling[96];

static void ids(const char *p, int follow, uid_t u, gid_t g, const char *what)
{
	struct stat st;

	if (follow ? stat(p, &st) : lstat(p, &st))
		PTS_UNRES("stat(%s): %m", p);
	if (st.st_uid != u || st.st_gid != g)
		PTS_FAILED("%s: %u:%u, expected %u:%u", what,
			   (unsigned int)st.st_uid, (unsigned int)st.st_gid,
			   (unsigned int)u, (unsigned int)g);
}

static const char *pts_missing(void)
{
	static char p[128];

	snprintf(p, sizeof(p), "%s/missing", dir);
	return p;
}

static int nobody(void)
{
	PTS_EXPECT_ERRNO(lchown(lnk, PTS_NOBODY, PTS_NOBODY), EPERM,
			 "nobody's lchown() of root's link");
	return PTS_PASS;
}

int main(void)
{
	int fd;

	strcpy(dir, "/tmp/pts_lchown.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755))
		PTS_UNRES("mkdtemp(): %m");
	snprintf(lnk, sizeof(lnk), "%s/link", dir);
	snprintf(target, sizeof(target), "%s/target", dir);
	snprintf(dangling, sizeof(dangling), "%s/dangling", dir);
	fd = open(target, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || close(fd) || symlink("target", lnk) ||
	    symlink("missing", dangling))
		PTS_UNRES("fixture: %m");

	if (lchown(lnk, 1111, 2222))
		PTS_FAILED("lchown() of the link: %m");
	ids(lnk, 0, 1111, 2222, "the link after lchown()");
	ids(lnk, 1, 0, 0, "the target after lchown() of the link");
	if (lchown(lnk, (uid_t)-1, 3333))
		PTS_FAILED("lchown(-1, 3333): %m");
	ids(lnk, 0, 1111, 3333, "the link after lchown(-1, 3333)");
	if (lchown(dangling, 44, 55))
		PTS_FAILED("lchown() of a dangling link: %m");
	ids(dangling, 0, 44, 55, "the dangling link");
	if (chown(lnk, 66, 77))
		PTS_FAILED("chown() through the link: %m");
	ids(lnk, 1, 66, 77, "the target after chown() through the link");
	ids(lnk, 0, 1111, 3333, "the link after chown() through it");
	if (lchown(target, 88, 99))
		PTS_FAILED("lchown() of a regular file: %m");
	ids(target, 0, 88, 99, "a regular file after lchown()");

	if (lchown(lnk, 0, 0))
		PTS_FAILED("lchown(0, 0): %m");
	pts_run_as_nobody(nobody, "nobody");
	ids(lnk, 0, 0, 0, "the link after nobody's refused lchown()");
	PTS_EXPECT_ERRNO(lchown(pts_missing(), 1, 1), ENOENT,
			 "lchown() of a missing name");
	unlink(lnk);
	unlink(dangling);
	unlink(target);
	rmdir(dir);
	PTS_PASSED("the link's own ids (target untouched), -1 keeps, dangling link; EPERM, ENOENT");
}
