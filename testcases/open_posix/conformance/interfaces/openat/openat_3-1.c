// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * openat() resolves "." and ".." from the directory the descriptor
 * refers to now, wherever it has moved: with fd open on P1/A, "." is A
 * (the same inode as fd), ".." is P1; after A is renamed to P2/A, ".."
 * from the same fd is P2 (its st_ino and a file made there by name),
 * and "../f" opens the file in P2; a path through ".." never falls back
 * to the old parent. The working directory plays no part (it is "/").
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static void same_inode(int fd, const char *path, const char *what)
{
	struct stat a, b;

	if (fstat(fd, &a) || stat(path, &b))
		PTS_UNRES("stat(): %m");
	if (a.st_ino != b.st_ino || a.st_dev != b.st_dev)
		PTS_FAILED("%s: inode %lu, %s has %lu", what, (unsigned long)a.st_ino,
			   path, (unsigned long)b.st_ino);
}

int main(void)
{
	char base[64], buf[4], p1[80], p2[80], a1[96], a2[96], f2[96];
	int dfd, fd, r;
	struct stat st;

	snprintf(base, sizeof(base), "/tmp/pts_openat3_%d", (int)getpid());
	snprintf(p1, sizeof(p1), "%s/P1", base);
	snprintf(p2, sizeof(p2), "%s/P2", base);
	snprintf(a1, sizeof(a1), "%s/A", p1);
	snprintf(a2, sizeof(a2), "%s/A", p2);
	snprintf(f2, sizeof(f2), "%s/f", p2);
	if (mkdir(base, 0755) || mkdir(p1, 0755) || mkdir(p2, 0755) ||
	    mkdir(a1, 0755))
		PTS_UNRES("mkdir(): %m");
	fd = open(f2, O_WRONLY | O_CREAT, 0644);
	if (fd < 0 || write(fd, "p2", 2) != 2 || close(fd))
		PTS_UNRES("set-up: %m");
	if (chdir("/"))
		PTS_UNRES("chdir(): %m");
	dfd = open(a1, O_RDONLY | O_DIRECTORY);
	if (dfd < 0)
		PTS_UNRES("open(): %m");

	fd = openat(dfd, ".", O_RDONLY);
	if (fd < 0)
		PTS_FAILED("openat(fd, \".\"): %m");
	same_inode(fd, a1, "\".\"");
	close(fd);
	fd = openat(dfd, "..", O_RDONLY);
	if (fd < 0)
		PTS_FAILED("openat(fd, \"..\"): %m");
	same_inode(fd, p1, "\"..\" before the move");
	close(fd);
	PTS_EXPECT_ERRNO(openat(dfd, "../f", O_RDONLY), ENOENT,
			 "openat(fd, \"../f\") with no f in P1");

	if (rename(a1, a2))
		PTS_UNRES("rename(): %m");
	fd = openat(dfd, "..", O_RDONLY);
	if (fd < 0)
		PTS_FAILED("openat(fd, \"..\") after the move: %m");
	same_inode(fd, p2, "\"..\" after the move to P2");
	close(fd);
	fd = openat(dfd, "../f", O_RDONLY);
	if (fd < 0)
		PTS_FAILED("openat(fd, \"../f\") after the move: %m");
	r = read(fd, buf, 2);
	if (r != 2 || memcmp(buf, "p2", 2))
		PTS_FAILED("\"../f\" is not P2's file");
	close(fd);
	if (fstatat(dfd, "../../P1", &st, 0) || !S_ISDIR(st.st_mode))
		PTS_FAILED("\"../../P1\" from the moved directory: %m");

	unlink(f2);
	rmdir(a2);
	rmdir(p1);
	rmdir(p2);
	rmdir(base);
	PTS_PASSED("\".\" and \"..\" resolved from the directory's current place");
}
