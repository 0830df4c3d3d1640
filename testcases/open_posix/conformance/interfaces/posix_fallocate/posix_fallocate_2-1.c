// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_fallocate() on descriptors that are not plain writable files:
 * [ENODEV] for "a file that is not a regular file" opened for writing
 * (the character device /dev/null, a socket); [EBADF] for a directory,
 * which can only be open without write access. On a descriptor opened
 * O_WRONLY | O_APPEND it works like any writable one: the size grows to
 * offset + len, the data before is kept, the file offset is not moved,
 * and the next append lands at the new end (offset + len), the allocated
 * bytes reading as zeros.
 */
#include <sys/socket.h>
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[8200];
	struct stat st;
	int fd, rd, sv[2], i;

	fd = open("/dev/null", O_WRONLY);
	if (fd < 0)
		PTS_UNRES("open(/dev/null): %m");
	PTS_EXPECT_ERR(posix_fallocate(fd, 0, 4096), ENODEV,
		       "posix_fallocate(/dev/null)");
	close(fd);
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		PTS_UNRES("socketpair(): %m");
	PTS_EXPECT_ERR(posix_fallocate(sv[0], 0, 4096), ENODEV,
		       "posix_fallocate() of a socket");
	fd = open("/tmp", O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		PTS_UNRES("open(/tmp): %m");
	PTS_EXPECT_ERR(posix_fallocate(fd, 0, 4096), EBADF,
		       "posix_fallocate() of a directory");
	close(fd);

	snprintf(path, sizeof(path), "/tmp/pts_pfalloc2_%d", (int)getpid());
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	rd = open(path, O_RDONLY);
	unlink(path);
	if (rd < 0 || write(fd, "hello", 5) != 5)
		PTS_UNRES("set-up: %m");
	PTS_EXPECT_ERR(posix_fallocate(fd, 100, 8092), 0,
		       "posix_fallocate() on an O_APPEND descriptor");
	if (fstat(fd, &st) || st.st_size != 8192)
		PTS_FAILED("size %ld after allocating to 8192", (long)st.st_size);
	if (lseek(fd, 0, SEEK_CUR) != 5)
		PTS_FAILED("file offset %ld, 5 expected (moved by posix_fallocate())",
			   (long)lseek(fd, 0, SEEK_CUR));
	if (write(fd, "end", 3) != 3)
		PTS_UNRES("write(): %m");
	if (pread(rd, buf, sizeof(buf), 0) != 8195)
		PTS_FAILED("file not 8195 bytes after the append");
	if (memcmp(buf, "hello", 5) || memcmp(buf + 8192, "end", 3))
		PTS_FAILED("data before the range or the append not where expected");
	for (i = 5; i < 8192; i++)
		if (buf[i])
			PTS_FAILED("allocated byte %d reads 0x%02x", i,
				   (unsigned char)buf[i]);
	PTS_PASSED("ENODEV (device, socket), EBADF (directory); O_APPEND: size, offset, next append");
}
