// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fstatat(): a relative path from the directory open on fd; without
 * flags a symbolic link is followed (the target's type and inode), with
 * AT_SYMLINK_NOFOLLOW the link itself is described (S_ISLNK, st_size the
 * length of its contents), also for a dangling link which without the
 * flag is [ENOENT]. [EINVAL] for an unknown flag bit, [EBADF] for a
 * closed fd, [ENOTDIR] for a regular file's fd.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];

int main(void)
{
	struct stat st, tgt;
	int dfd, fd, closed;
	char p[128];

	strcpy(dir, "/tmp/fstatat_1-1.XXXXXX");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	dfd = open(dir, O_RDONLY | O_DIRECTORY);
	fd = openat(dfd, "target", O_CREAT | O_WRONLY, 0644);
	if (dfd < 0 || fd < 0 || write(fd, "12345", 5) != 5 ||
	    symlinkat("target", dfd, "lnk") || symlinkat("nowhere", dfd, "dangling"))
		PTS_UNRES("set-up: %s", strerror(errno));
	if (fstatat(dfd, "target", &tgt, 0))
		PTS_FAILED("fstatat(target): %s", strerror(errno));
	if (fstatat(dfd, "lnk", &st, 0) || !S_ISREG(st.st_mode) ||
	    st.st_ino != tgt.st_ino || st.st_size != 5)
		PTS_FAILED("fstatat(lnk, 0) did not follow the link");
	if (fstatat(dfd, "lnk", &st, AT_SYMLINK_NOFOLLOW) ||
	    !S_ISLNK(st.st_mode) || st.st_ino == tgt.st_ino || st.st_size != 6)
		PTS_FAILED("AT_SYMLINK_NOFOLLOW: mode %06o size %lld",
			   (unsigned int)st.st_mode, (long long)st.st_size);
	PTS_EXPECT_ERRNO(fstatat(dfd, "dangling", &st, 0), ENOENT,
			 "dangling link followed");
	if (fstatat(dfd, "dangling", &st, AT_SYMLINK_NOFOLLOW) ||
	    !S_ISLNK(st.st_mode) || st.st_size != 7)
		PTS_FAILED("dangling link with AT_SYMLINK_NOFOLLOW not described");
	PTS_EXPECT_ERRNO(fstatat(dfd, "target", &st, 0x40000000), EINVAL,
			 "unknown flag");
	closed = dup(dfd);
	close(closed);
	PTS_EXPECT_ERRNO(fstatat(closed, "target", &st, 0), EBADF, "closed fd");
	PTS_EXPECT_ERRNO(fstatat(fd, "x", &st, 0), ENOTDIR, "a regular file's fd");
	close(fd);
	unlinkat(dfd, "target", 0);
	unlinkat(dfd, "lnk", 0);
	unlinkat(dfd, "dangling", 0);
	close(dfd);
	snprintf(p, sizeof(p), "%s", dir);
	rmdir(p);
	PTS_PASSED("relative to fd, links followed or not (also dangling); EINVAL, EBADF, ENOTDIR");
}
