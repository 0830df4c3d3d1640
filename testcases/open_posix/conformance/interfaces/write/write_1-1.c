// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * write() with O_APPEND: "the file offset shall be set to the end of the
 * file prior to each write and no intervening file modification
 * operation shall occur between changing the file offset and the write
 * operation". Two processes each append 200 records of 16 bytes through
 * their own O_APPEND descriptors, one having lseek()ed to 0 first: the
 * file ends up exactly 6400 bytes with every record whole. A write of 0
 * bytes to a regular file returns 0 and changes nothing, even with a
 * NULL buffer; [EBADF] for a write to a descriptor open for reading
 * only, and for a read from one open for writing only.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

#define RECS 200

static char path[64];

static void appender(char c)
{
	char rec[16];
	int fd = open(path, O_WRONLY | O_APPEND), i;

	memset(rec, c, 16);
	lseek(fd, 0, SEEK_SET);
	for (i = 0; i < RECS; i++)
		if (write(fd, rec, 16) != 16)
			_exit(PTS_FAIL);
	close(fd);
}

int main(void)
{
	char rec[16];
	struct stat st;
	int fd, ro, wo, n[2] = { 0, 0 }, i;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/pts_append_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	ro = open(path, O_RDONLY);
	if (fd < 0 || ro < 0)
		PTS_UNRES("open(): %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		appender('a');
		_exit(PTS_PASS);
	}
	appender('b');
	pts_reap(pid, "appender");
	unlink(path);
	fstat(fd, &st);
	if (st.st_size != 2 * RECS * 16)
		PTS_FAILED("file size %ld, expected %d", (long)st.st_size,
			   2 * RECS * 16);
	for (i = 0; i < 2 * RECS; i++) {
		if (pread(fd, rec, 16, i * 16) != 16)
			PTS_FAILED("pread(): %m");
		if (memcmp(rec, rec + 1, 15) || (rec[0] != 'a' && rec[0] != 'b'))
			PTS_FAILED("record %d is mixed", i);
		n[rec[0] - 'a']++;
	}
	if (n[0] != RECS || n[1] != RECS)
		PTS_FAILED("%d and %d records, expected %d each", n[0], n[1], RECS);
	if (write(fd, NULL, 0) != 0)
		PTS_FAILED("a zero-length write did not return 0");
	fstat(fd, &st);
	if (st.st_size != 2 * RECS * 16)
		PTS_FAILED("a zero-length write changed the size");
	PTS_EXPECT_ERRNO(write(ro, rec, 1), EBADF, "write(O_RDONLY)");
	wo = open(path, O_WRONLY | O_CREAT, 0600);
	unlink(path);
	PTS_EXPECT_ERRNO(read(wo, rec, 1), EBADF, "read(O_WRONLY)");
	PTS_PASSED("O_APPEND writes never overlapped, zero write, EBADF");
}
