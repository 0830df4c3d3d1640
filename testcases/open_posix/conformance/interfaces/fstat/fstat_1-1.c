// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fstat() describes the open file: the type in st_mode for a regular
 * file, a directory, a pipe (S_ISFIFO), a socket (S_ISSOCK) and a
 * character device (/dev/null, its st_rdev); st_size, st_nlink and
 * st_ino as stat() of the name reports them; a write() moves st_size and
 * marks st_mtime and st_ctime for update but not st_atime. The
 * description stays valid after the name is unlinked
 * (st_nlink 0). [EBADF] for a closed descriptor.
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "pts_helpers.h"

int main(void)
{
	struct timespec old = { 1000000000, 0 }, ts[2] = { old, old };
	char path[] = "/tmp/fstat_1-1.XXXXXX";
	struct stat st, ns;
	int fd, p[2], sv[2], dfd, nfd, closed;

	fd = mkstemp(path);
	if (fd < 0 || pipe(p) || socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		PTS_UNRES("set-up: %s", strerror(errno));
	dfd = open("/tmp", O_RDONLY | O_DIRECTORY);
	nfd = open("/dev/null", O_RDONLY);
	if (dfd < 0 || nfd < 0)
		PTS_UNRES("open(): %s", strerror(errno));
	if (fstat(fd, &st) || !S_ISREG(st.st_mode))
		PTS_FAILED("regular file: mode %06o", (unsigned int)st.st_mode);
	if (fstat(dfd, &st) || !S_ISDIR(st.st_mode))
		PTS_FAILED("directory: mode %06o", (unsigned int)st.st_mode);
	if (fstat(p[0], &st) || !S_ISFIFO(st.st_mode) ||
	    fstat(p[1], &st) || !S_ISFIFO(st.st_mode))
		PTS_FAILED("pipe: mode %06o", (unsigned int)st.st_mode);
	if (fstat(sv[0], &st) || !S_ISSOCK(st.st_mode))
		PTS_FAILED("socket: mode %06o", (unsigned int)st.st_mode);
	if (fstat(nfd, &st) || !S_ISCHR(st.st_mode) ||
	    major(st.st_rdev) != 1 || minor(st.st_rdev) != 3)
		PTS_FAILED("/dev/null: mode %06o rdev %u:%u",
			   (unsigned int)st.st_mode, major(st.st_rdev),
			   minor(st.st_rdev));

	futimens(fd, ts);
	if (write(fd, "0123456789", 10) != 10)
		PTS_UNRES("write(): %s", strerror(errno));
	if (fstat(fd, &st) || stat(path, &ns))
		PTS_UNRES("stat(): %s", strerror(errno));
	if (st.st_size != 10 || st.st_ino != ns.st_ino ||
	    st.st_nlink != 1 || ns.st_size != 10)
		PTS_FAILED("size %lld ino %lu nlink %lu (stat: %lld %lu)",
			   (long long)st.st_size, (unsigned long)st.st_ino,
			   (unsigned long)st.st_nlink, (long long)ns.st_size,
			   (unsigned long)ns.st_ino);
	if (st.st_mtime == old.tv_sec || st.st_ctime == old.tv_sec)
		PTS_FAILED("write() did not update st_mtime/st_ctime");
	if (st.st_atime != old.tv_sec)
		PTS_FAILED("write() changed st_atime");
	unlink(path);
	if (fstat(fd, &st) || st.st_nlink != 0 || st.st_size != 10)
		PTS_FAILED("after unlink: nlink %lu size %lld",
			   (unsigned long)st.st_nlink, (long long)st.st_size);
	closed = dup(fd);
	close(closed);
	PTS_EXPECT_ERRNO(fstat(closed, &st), EBADF, "fstat() of a closed fd");
	PTS_PASSED("types (file, dir, FIFO, socket, chr 1:3), size/ino/nlink, times on write, unlinked file; EBADF");
}
