// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lseek(): "The lseek() function shall not, by itself, extend the size
 * of a file." A 10-byte file seeked to 1 MiB past its end (SEEK_END)
 * and to 5 GiB (SEEK_SET) keeps st_size 10 and its blocks; a read()
 * there returns 0; a second descriptor of the file reads the 10 bytes
 * and then end of file.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[16] = "";
	struct stat st0, st;
	int fd, fd2;

	snprintf(path, sizeof(path), "/tmp/pts_lseek5_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	fd2 = open(path, O_RDONLY);
	unlink(path);
	if (fd < 0 || fd2 < 0 || write(fd, "0123456789", 10) != 10 ||
	    fsync(fd) || fstat(fd, &st0))
		PTS_UNRES("file: %m");
	if (lseek(fd, 1 << 20, SEEK_END) != 10 + (1 << 20))
		PTS_FAILED("lseek(1 MiB, SEEK_END): %m");
	if (fstat(fd, &st) || st.st_size != 10 || st.st_blocks != st0.st_blocks)
		PTS_FAILED("after SEEK_END + 1 MiB: size %lld, blocks %lld (were 10, %lld)",
			   (long long)st.st_size, (long long)st.st_blocks,
			   (long long)st0.st_blocks);
	if (read(fd, buf, sizeof(buf)) != 0)
		PTS_FAILED("read() past the end did not return 0");
	if (lseek(fd, 5LL << 30, SEEK_SET) != 5LL << 30)
		PTS_FAILED("lseek(5 GiB, SEEK_SET): %m");
	if (fstat(fd, &st) || st.st_size != 10)
		PTS_FAILED("after SEEK_SET 5 GiB: size %lld", (long long)st.st_size);
	if (read(fd2, buf, sizeof(buf)) != 10 || memcmp(buf, "0123456789", 10) ||
	    read(fd2, buf, sizeof(buf)) != 0)
		PTS_FAILED("another descriptor does not read exactly the 10 bytes");
	PTS_PASSED("seeking past the end left size 10");
}
