// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unlink() of a symbolic link "shall remove the link named by path and
 * shall not affect any file or directory named by the contents of the
 * symbolic link": the target file keeps its name, st_nlink and data; a
 * dangling link and a link to a directory are removed the same way (the
 * directory stays). A path naming a regular file with a trailing slash
 * fails with [ENOTDIR], the file kept. The last link of a FIFO open on
 * both ends is removed while data still flows through the open
 * descriptors.
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
	struct stat a, b;
	char buf[8];
	int fd, r, w;

	strcpy(dir, "/tmp/pts_unlink3.XXXXXX");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %m");
	fd = open(P("file"), O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || write(fd, "data", 4) != 4 || close(fd) ||
	    symlink("file", P("l")) || symlink("nowhere", P("dangling")) ||
	    mkdir(P("d"), 0755) || symlink("d", P("ld")) ||
	    mkfifo(P("fifo"), 0600))
		PTS_UNRES("fixture: %m");
	stat(P("file"), &a);
	if (unlink(P("l")))
		PTS_FAILED("unlink() of a symlink: %m");
	if (!lstat(P("l"), &b))
		PTS_FAILED("the link is still there");
	fd = open(P("file"), O_RDONLY);
	if (fd < 0 || fstat(fd, &b) || b.st_ino != a.st_ino ||
	    b.st_nlink != 1 || read(fd, buf, 8) != 4 || memcmp(buf, "data", 4))
		PTS_FAILED("the link's target changed");
	close(fd);
	if (unlink(P("dangling")) || !lstat(P("dangling"), &b))
		PTS_FAILED("a dangling link not removed: %m");
	if (unlink(P("ld")) || !lstat(P("ld"), &b) || lstat(P("d"), &b) ||
	    !S_ISDIR(b.st_mode))
		PTS_FAILED("unlink() of a link to a directory: %m");
	PTS_EXPECT_ERRNO(unlink(P("file/")), ENOTDIR, "unlink(\"file/\")");
	if (lstat(P("file"), &b))
		PTS_FAILED("the file went with the trailing-slash unlink()");

	r = open(P("fifo"), O_RDONLY | O_NONBLOCK);
	w = open(P("fifo"), O_WRONLY);
	if (r < 0 || w < 0)
		PTS_UNRES("open(fifo): %m");
	if (unlink(P("fifo")) || !lstat(P("fifo"), &b))
		PTS_FAILED("the FIFO's name not removed: %m");
	if (write(w, "xyz", 3) != 3 || read(r, buf, 8) != 3 || memcmp(buf, "xyz", 3))
		PTS_FAILED("the unlinked FIFO no longer carries data");
	unlink(P("file"));
	rmdir(P("d"));
	rmdir(dir);
	PTS_PASSED("links removed as themselves (target, dangling, directory); ENOTDIR for file/; unlinked FIFO works");
}
