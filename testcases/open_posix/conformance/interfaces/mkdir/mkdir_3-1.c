// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkdir() and the last component: a new name followed by slashes
 * ("new/", "new2//") makes the directory (a pathname ending in slashes
 * resolves as a directory, which is what is being made); a path whose
 * last component is dot or dot-dot names an existing directory:
 * [EEXIST]; a trailing slash after an existing regular file's name:
 * [EEXIST] (the name exists) or [ENOTDIR]; a symbolic link to a
 * directory as the last component: [EEXIST], the link itself kept as a
 * link. Nothing else is made.
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

int main(void)
{
	struct stat st;
	int fd, r;

	strcpy(dir, "/tmp/pts_mkdir3.XXXXXX");
	if (!mkdtemp(dir) || mkdir(P("d"), 0755) || symlink("d", P("ld")))
		PTS_UNRES("fixture: %m");
	fd = open(P("file"), O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || close(fd))
		PTS_UNRES("fixture: %m");

	if (mkdir(P("new/"), 0755) || stat(P("new"), &st) || !S_ISDIR(st.st_mode))
		PTS_FAILED("mkdir(\"new/\"): %m");
	if (mkdir(P("new2//"), 0755) || stat(P("new2"), &st) || !S_ISDIR(st.st_mode))
		PTS_FAILED("mkdir(\"new2//\"): %m");
	PTS_EXPECT_ERRNO(mkdir(P("d/."), 0755), EEXIST, "mkdir(\"d/.\")");
	PTS_EXPECT_ERRNO(mkdir(P("d/.."), 0755), EEXIST, "mkdir(\"d/..\")");
	PTS_EXPECT_ERRNO(mkdir(P("ld"), 0755), EEXIST, "mkdir() of a symlink to a directory");
	errno = 0;
	r = mkdir(P("file/"), 0755);
	printf("mkdir(\"file/\"): %d %s\n", r, r ? strerrorname_np(errno) : "");
	if (r != -1 || (errno != EEXIST && errno != ENOTDIR))
		PTS_FAILED("mkdir(\"file/\"): expected EEXIST or ENOTDIR");
	if (lstat(P("ld"), &st) || !S_ISLNK(st.st_mode) ||
	    stat(P("file"), &st) || !S_ISREG(st.st_mode))
		PTS_FAILED("a refused mkdir() replaced a name");
	rmdir(P("new"));
	rmdir(P("new2"));
	unlink(P("ld"));
	unlink(P("file"));
	rmdir(P("d"));
	rmdir(dir);
	PTS_PASSED("trailing slashes make the directory; EEXIST for dot, dot-dot, a link; file/ refused");
}
