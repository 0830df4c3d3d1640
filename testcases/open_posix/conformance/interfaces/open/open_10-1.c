// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open() with O_DIRECTORY: "If path resolves to a non-directory file,
 * fail and set errno to [ENOTDIR]." A regular file, a FIFO (no reader
 * or writer: the check comes before any wait), /dev/null and a symbolic
 * link to a regular file give [ENOTDIR] and no descriptor (the lowest
 * free number stays free); a directory and a symbolic link to it open
 * as directories.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], path[128];

static const char *at(const char *name)
{
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void cleanup(void)
{
	const char *n[] = { "file", "fifo", "lfile", "ldir", "sub" };
	unsigned int i;

	for (i = 0; i < 4; i++)
		unlink(at(n[i]));
	rmdir(at(n[4]));
	rmdir(dir);
}

int main(void)
{
	const char *bad[] = { "file", "fifo", "lfile" };
	struct stat st;
	unsigned int i;
	int lo, fd;

	snprintf(dir, sizeof(dir), "/tmp/pts_open10_%d", (int)getpid());
	if (mkdir(dir, 0700))
		PTS_UNRES("mkdir(): %m");
	atexit(cleanup);
	fd = open(at("file"), O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || close(fd) || mkfifo(at("fifo"), 0600) ||
	    symlink("file", at("lfile")) || mkdir(at("sub"), 0700) ||
	    symlink("sub", at("ldir")))
		PTS_UNRES("fixture: %m");
	lo = open("/dev/null", O_RDONLY);
	close(lo);
	for (i = 0; i < 3; i++) {
		PTS_EXPECT_ERRNO(open(at(bad[i]), O_RDONLY | O_DIRECTORY), ENOTDIR,
				 bad[i]);
		PTS_EXPECT_ERRNO(open(at(bad[i]), O_RDONLY | O_DIRECTORY | O_NONBLOCK),
				 ENOTDIR, bad[i]);
	}
	PTS_EXPECT_ERRNO(open("/dev/null", O_RDONLY | O_DIRECTORY), ENOTDIR,
			 "/dev/null");
	fd = open("/dev/null", O_RDONLY);
	if (fd != lo)
		PTS_FAILED("a failed open() left a descriptor: next is %d, not %d",
			   fd, lo);
	close(fd);
	for (i = 0; i < 2; i++) {
		fd = open(at(i ? "ldir" : "sub"), O_RDONLY | O_DIRECTORY);
		if (fd < 0)
			PTS_FAILED("O_DIRECTORY open of %s: %m", i ? "a link to a directory" : "a directory");
		if (fstat(fd, &st) || !S_ISDIR(st.st_mode))
			PTS_FAILED("the descriptor is no directory");
		close(fd);
	}
	PTS_PASSED("ENOTDIR for a file, a FIFO, a device and a link to a file; directories open");
}
