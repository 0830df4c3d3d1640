// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * link(): [EXDEV] "The link named by path2 and the file named by path1
 * are on different file systems" (/tmp and /dev/shm, checked by
 * st_dev), no name made and st_nlink kept; [EACCES] for nobody when
 * the directory of the new link denies write permission (root's 0755),
 * while nobody may link root's file into a directory it may write
 * (0777, not sticky-protected: a hard link to another user's file is
 * allowed by POSIX; Linux's fs.protected_hardlinks may refuse it with
 * EPERM: printed). Whether link() follows a symbolic link path1 is
 * implementation-defined: printed.
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

static nlink_t nlink(const char *p)
{
	struct stat st;

	if (lstat(p, &st))
		PTS_UNRES("lstat(%s): %m", p);
	return st.st_nlink;
}

static int nobody(void)
{
	int r;

	PTS_EXPECT_ERRNO(link(P("mine"), P("closed/new")), EACCES,
			 "nobody's link() into a 0755 root directory");
	errno = 0;
	r = link(P("file"), P("open/new"));
	printf("nobody's link() of root's 0644 file into a 0777 directory: %d %s\n",
	       r, r ? strerrorname_np(errno) : "");
	return PTS_PASS;
}

int main(void)
{
	struct stat a, b;
	char shm[64];
	int fd;

	strcpy(dir, "/tmp/pts_link3.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755))
		PTS_UNRES("mkdtemp(): %m");
	fd = open(P("file"), O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || close(fd) || mkdir(P("closed"), 0755) ||
	    mkdir(P("open"), 0777) || chmod(P("open"), 0777) ||
	    symlink("file", P("sym")))
		PTS_UNRES("fixture: %m");
	fd = open(P("mine"), O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || fchown(fd, PTS_NOBODY, PTS_NOBODY) || close(fd))
		PTS_UNRES("fixture: %m");

	snprintf(shm, sizeof(shm), "/dev/shm/pts_link3_%d", (int)getpid());
	if (stat(dir, &a) || stat("/dev/shm", &b) || a.st_dev == b.st_dev) {
		printf("/dev/shm missing or on the same file system: EXDEV not checked\n");
	} else {
		PTS_EXPECT_ERRNO(link(P("file"), shm), EXDEV,
				 "link() to another file system");
		if (!lstat(shm, &b) || nlink(P("file")) != 1)
			PTS_FAILED("a refused link() made a name or changed st_nlink");
	}
	pts_run_as_nobody(nobody, "nobody");
	if (!lstat(P("closed/new"), &b) || nlink(P("mine")) != 1)
		PTS_FAILED("nobody's refused link() made a name");

	if (link(P("sym"), P("hard")))
		PTS_FAILED("link() of a symlink: %m");
	lstat(P("hard"), &b);
	printf("link() of a symlink made a link to the %s\n",
	       S_ISLNK(b.st_mode) ? "symlink itself" : "target");
	unlink(P("hard"));
	unlink(P("open/new"));
	unlink(P("sym"));
	unlink(P("file"));
	unlink(P("mine"));
	rmdir(P("open"));
	rmdir(P("closed"));
	rmdir(dir);
	PTS_PASSED("EXDEV across file systems; EACCES without write permission on the new directory");
}
