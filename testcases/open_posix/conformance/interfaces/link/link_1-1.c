// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * link() makes a new name for an existing file: the same inode, st_nlink
 * one higher (read back through both names), st_ctime marked for update,
 * data written through one name read through the other. Errors, no name
 * made and the count unchanged: [EEXIST] for an existing new path (also
 * a dangling symlink), [ENOENT] for a missing existing path or a missing
 * directory of the new one, [ENOTDIR], and [EPERM] for a directory
 * (Linux does not link directories).
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
	struct timespec old = { 1000000000, 0 }, ts[2] = { old, old };
	struct stat a, b;
	char buf[8];
	int fd;

	strcpy(dir, "/tmp/link_1-1.XXXXXX");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	fd = open(P("f"), O_CREAT | O_RDWR, 0644);
	if (fd < 0 || mkdir(P("d"), 0755) || symlink("nowhere", P("dangling")))
		PTS_UNRES("set-up: %s", strerror(errno));
	utimensat(AT_FDCWD, P("f"), ts, 0);
	if (link(P("f"), P("g")))
		PTS_FAILED("link(): %s", strerror(errno));
	if (stat(P("f"), &a) || stat(P("g"), &b))
		PTS_UNRES("stat(): %s", strerror(errno));
	if (a.st_ino != b.st_ino || a.st_nlink != 2 || b.st_nlink != 2)
		PTS_FAILED("inodes %lu/%lu, links %lu/%lu (same, 2 expected)",
			   (unsigned long)a.st_ino, (unsigned long)b.st_ino,
			   (unsigned long)a.st_nlink, (unsigned long)b.st_nlink);
	if (a.st_ctime == old.tv_sec)
		PTS_FAILED("st_ctime not updated by link()");
	if (write(fd, "shared", 6) != 6)
		PTS_UNRES("write(): %s", strerror(errno));
	close(fd);
	fd = open(P("g"), O_RDONLY);
	if (fd < 0 || read(fd, buf, 8) != 6 || memcmp(buf, "shared", 6))
		PTS_FAILED("data written through f not read through g");
	close(fd);

	PTS_EXPECT_ERRNO(link(P("f"), P("g")), EEXIST, "existing new path");
	PTS_EXPECT_ERRNO(link(P("f"), P("dangling")), EEXIST,
			 "new path a dangling symlink");
	PTS_EXPECT_ERRNO(link(P("missing"), P("h")), ENOENT, "missing path1");
	PTS_EXPECT_ERRNO(link(P("f"), P("nodir/h")), ENOENT,
			 "missing directory of path2");
	PTS_EXPECT_ERRNO(link(P("f/x"), P("h")), ENOTDIR, "path1 through a file");
	PTS_EXPECT_ERRNO(link(P("d"), P("h")), EPERM, "link to a directory");
	if (stat(P("f"), &a) || a.st_nlink != 2 || !lstat(P("h"), &b))
		PTS_FAILED("a failed link() changed the count or made a name");
	unlink(P("f"));
	unlink(P("g"));
	unlink(P("dangling"));
	rmdir(P("d"));
	rmdir(dir);
	PTS_PASSED("same inode, nlink 2, ctime, shared data; EEXIST, ENOENT, ENOTDIR, EPERM");
}
