// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open(): O_CREAT creates the file with the mode given minus the umask,
 * owned by the effective user; O_CREAT | O_EXCL on an existing file fails
 * with [EEXIST], also for a symbolic link (even a dangling one, which is
 * not followed); O_TRUNC of an existing regular file opened for writing
 * sets its length to 0; without O_CREAT a missing file gives [ENOENT];
 * O_DIRECTORY on a regular file [ENOTDIR]; an unprivileged user opening
 * a 0600 root file gets [EACCES].
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char path[64];

static int nobody(void)
{
	PTS_EXPECT_ERRNO(open(path, O_RDONLY), EACCES, "nobody opens 0600 file");
	return PTS_PASS;
}

int main(void)
{
	char link[80], dangling[80];
	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_open_%d", (int)getpid());
	snprintf(link, sizeof(link), "%s.lnk", path);
	snprintf(dangling, sizeof(dangling), "%s.none", path);
	umask(027);
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0666);
	if (fd < 0)
		PTS_FAILED("open(O_CREAT | O_EXCL): %m");
	fstat(fd, &st);
	if ((st.st_mode & 0777) != 0640 || st.st_uid != geteuid())
		PTS_FAILED("mode %o uid %d, expected 640 and %d", st.st_mode & 0777,
			   (int)st.st_uid, (int)geteuid());
	if (write(fd, "data", 4) != 4)
		PTS_UNRES("write(): %m");
	close(fd);
	PTS_EXPECT_ERRNO(open(path, O_RDWR | O_CREAT | O_EXCL, 0600), EEXIST,
			 "O_EXCL on an existing file");
	if (symlink(dangling, link))
		PTS_UNRES("symlink(): %m");
	PTS_EXPECT_ERRNO(open(link, O_RDWR | O_CREAT | O_EXCL, 0600), EEXIST,
			 "O_EXCL on a dangling symlink");
	if (access(dangling, F_OK) == 0)
		PTS_FAILED("O_EXCL followed the symbolic link");
	fd = open(path, O_WRONLY | O_TRUNC);
	fstat(fd, &st);
	if (st.st_size != 0)
		PTS_FAILED("O_TRUNC left %ld bytes", (long)st.st_size);
	close(fd);
	PTS_EXPECT_ERRNO(open(dangling, O_RDONLY), ENOENT, "missing file");
	PTS_EXPECT_ERRNO(open(path, O_RDONLY | O_DIRECTORY), ENOTDIR,
			 "O_DIRECTORY on a file");
	chmod(path, 0600);
	pts_run_as_nobody(nobody, "unprivileged child");
	unlink(link);
	unlink(path);
	PTS_PASSED("O_CREAT mode, O_EXCL, O_TRUNC, ENOENT, ENOTDIR, EACCES");
}
