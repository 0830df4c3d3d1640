// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * O_NOFOLLOW and AT_SYMLINK_NOFOLLOW act on the last component only:
 * symbolic links earlier in the path are followed. openat(fd,
 * "lnk/file", O_NOFOLLOW), with lnk -> real, opens real/file (its data);
 * openat(fd, "lnk/flink", O_NOFOLLOW) with flink a link is [ELOOP], and
 * so is "lnk" itself; fstatat(fd, "lnk/flink", AT_SYMLINK_NOFOLLOW)
 * describes flink (S_ISLNK), and fstatat(fd, "lnk/file",
 * AT_SYMLINK_NOFOLLOW) the file. O_CREAT | O_NOFOLLOW through lnk
 * creates the new file in real.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char dir[64], buf[8];
	struct stat st;
	int dfd, fd;

	snprintf(dir, sizeof(dir), "/tmp/pts_openat4_%d", (int)getpid());
	if (mkdir(dir, 0755))
		PTS_UNRES("mkdir(): %m");
	dfd = open(dir, O_RDONLY | O_DIRECTORY);
	if (dfd < 0 || mkdirat(dfd, "real", 0755) || symlinkat("real", dfd, "lnk") ||
	    symlinkat("file", dfd, "real/flink"))
		PTS_UNRES("set-up: %m");
	fd = openat(dfd, "real/file", O_WRONLY | O_CREAT, 0644);
	if (fd < 0 || write(fd, "data", 4) != 4 || close(fd))
		PTS_UNRES("set-up: %m");

	fd = openat(dfd, "lnk/file", O_RDONLY | O_NOFOLLOW);
	if (fd < 0)
		PTS_FAILED("O_NOFOLLOW with a link in the prefix: %m");
	if (read(fd, buf, 8) != 4 || memcmp(buf, "data", 4))
		PTS_FAILED("lnk/file is not real/file");
	close(fd);
	PTS_EXPECT_ERRNO(openat(dfd, "lnk/flink", O_RDONLY | O_NOFOLLOW), ELOOP,
			 "O_NOFOLLOW on a final link behind a linked prefix");
	PTS_EXPECT_ERRNO(openat(dfd, "lnk", O_RDONLY | O_NOFOLLOW), ELOOP,
			 "O_NOFOLLOW on the link itself");
	if (fstatat(dfd, "lnk/flink", &st, AT_SYMLINK_NOFOLLOW) || !S_ISLNK(st.st_mode))
		PTS_FAILED("fstatat(lnk/flink, AT_SYMLINK_NOFOLLOW) not the link");
	if (fstatat(dfd, "lnk/file", &st, AT_SYMLINK_NOFOLLOW) ||
	    !S_ISREG(st.st_mode) || st.st_size != 4)
		PTS_FAILED("fstatat(lnk/file, AT_SYMLINK_NOFOLLOW) not the file");
	fd = openat(dfd, "lnk/new", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
	if (fd < 0)
		PTS_FAILED("O_CREAT | O_NOFOLLOW through a linked prefix: %m");
	close(fd);
	if (fstatat(dfd, "real/new", &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode))
		PTS_FAILED("the new file is not in real");

	unlinkat(dfd, "real/new", 0);
	unlinkat(dfd, "real/flink", 0);
	unlinkat(dfd, "real/file", 0);
	unlinkat(dfd, "lnk", 0);
	unlinkat(dfd, "real", AT_REMOVEDIR);
	rmdir(dir);
	PTS_PASSED("NOFOLLOW flags act on the last component only");
}
