// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rmdir(): a symbolic link to a directory is not followed: [ENOTDIR],
 * link and directory kept. Permission: [EACCES] for nobody removing an
 * empty directory from a parent it may search but not write (0755,
 * root's); in a sticky world-writable directory nobody may not remove
 * root's empty directory: [EPERM] or [EACCES], while it may remove its
 * own. Each refused directory is still there.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];

static const char *P(const char *name)
{
	static char buf[4][128];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static int isdir(const char *p)
{
	struct stat st;

	return !lstat(p, &st) && S_ISDIR(st.st_mode);
}

static int nobody(void)
{
	int r;

	PTS_EXPECT_ERRNO(rmdir(P("plain/d")), EACCES,
			 "nobody's rmdir() in a 0755 root directory");
	errno = 0;
	r = rmdir(P("sticky/roots"));
	if (r != -1 || (errno != EPERM && errno != EACCES)) {
		printf("nobody's rmdir() of root's directory in a sticky one: %d %s\n",
		       r, errno ? strerrorname_np(errno) : "");
		return PTS_FAIL;
	}
	if (mkdir(P("sticky/mine"), 0755) || rmdir(P("sticky/mine"))) {
		printf("nobody's own directory in the sticky one: %m\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	strcpy(dir, "/tmp/pts_rmdir3.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755) ||
	    mkdir(P("target"), 0755) || symlink("target", P("link")) ||
	    mkdir(P("plain"), 0755) || mkdir(P("plain/d"), 0755) ||
	    mkdir(P("sticky"), 0777) || chmod(P("sticky"), 01777) ||
	    mkdir(P("sticky/roots"), 0755))
		PTS_UNRES("fixture: %m");
	PTS_EXPECT_ERRNO(rmdir(P("link")), ENOTDIR, "rmdir() of a symlink to a directory");
	if (!isdir(P("target")) || !isdir(P("link/.")))
		PTS_FAILED("the link or its directory was removed");
	pts_run_as_nobody(nobody, "nobody");
	if (!isdir(P("plain/d")) || !isdir(P("sticky/roots")))
		PTS_FAILED("a refused rmdir() removed the directory");
	rmdir(P("sticky/roots"));
	rmdir(P("sticky"));
	rmdir(P("plain/d"));
	rmdir(P("plain"));
	unlink(P("link"));
	rmdir(P("target"));
	rmdir(dir);
	PTS_PASSED("symlink ENOTDIR; EACCES without write permission; sticky EPERM/EACCES, own removed");
}
