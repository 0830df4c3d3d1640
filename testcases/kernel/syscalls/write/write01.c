// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * write(2) puts the bytes where the file offset says and moves it by
 * exactly what it returned:
 * - writes land in order at the offset, the size grows to the end of the
 *   last write, and a later read returns the same bytes;
 * - an overwrite in the middle changes only those bytes and not the size;
 * - a write past the end leaves a hole that reads as zeros;
 * - count 0 returns 0 and changes neither size nor offset, also with a
 *   NULL buffer;
 * - with O_APPEND every write goes to the end, wherever the offset was;
 * - into a pipe, the bytes come out of the read end in order.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "write01_file"
#define CHUNK 1000

static unsigned char data[4 * CHUNK], buf[8 * CHUNK];

static off_t file_size(int fd)
{
	struct stat st;

	SAFE_FSTAT(fd, &st);
	return st.st_size;
}

static void test_sequential(int fd)
{
	int i;

	for (i = 0; i < 4; i++) {
		TST_EXP_VAL(write(fd, data + i * CHUNK, CHUNK), CHUNK,
			    "write() chunk %d", i);
		TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), (i + 1) * CHUNK);
	}
	TST_EXP_EQ_LI(file_size(fd), 4 * CHUNK);
	SAFE_PREAD(1, fd, buf, 4 * CHUNK, 0);
	TST_EXP_EXPR(!memcmp(buf, data, 4 * CHUNK), "the file holds the "
		     "4 chunks in order");

	SAFE_LSEEK(fd, 10, SEEK_SET);
	TST_EXP_VAL(write(fd, "XYZ", 3), 3, "write() in the middle");
	SAFE_PREAD(1, fd, buf, 4 * CHUNK, 0);
	TST_EXP_EXPR(!memcmp(buf, data, 10) && !memcmp(buf + 10, "XYZ", 3) &&
		     !memcmp(buf + 13, data + 13, 4 * CHUNK - 13),
		     "only those 3 bytes changed");
	TST_EXP_EQ_LI(file_size(fd), 4 * CHUNK);

	TST_EXP_VAL(write(fd, data, 0), 0, "write() of 0 bytes");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 13);
	TST_EXP_EQ_LI(file_size(fd), 4 * CHUNK);
	/* with count 0 the buffer is never touched: NULL is fine */
	TST_EXP_VAL(write(fd, NULL, 0), 0, "write(NULL, 0)");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 13);
	TST_EXP_EQ_LI(file_size(fd), 4 * CHUNK);
}

static void test_hole(int fd)
{
	unsigned char zeros[CHUNK] = { 0 };

	SAFE_LSEEK(fd, 5 * CHUNK, SEEK_SET);
	TST_EXP_VAL(write(fd, "tail", 4), 4, "write() 1000 bytes past the end");
	TST_EXP_EQ_LI(file_size(fd), 5 * CHUNK + 4);
	SAFE_PREAD(1, fd, buf, CHUNK + 4, 4 * CHUNK);
	TST_EXP_EXPR(!memcmp(buf, zeros, CHUNK) &&
		     !memcmp(buf + CHUNK, "tail", 4),
		     "the gap reads as zeros, then the data");
}

static void test_append(void)
{
	int fd = SAFE_OPEN(FNAME, O_WRONLY | O_APPEND);
	off_t size = file_size(fd);

	SAFE_LSEEK(fd, 0, SEEK_SET);
	TST_EXP_VAL(write(fd, "app", 3), 3, "write() with O_APPEND at 0");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), size + 3);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	SAFE_PREAD(1, fd, buf, 7, size - 4);
	TST_EXP_EXPR(!memcmp(buf, "tailapp", 7), "appended right after the old "
		     "end");
	SAFE_PREAD(1, fd, buf, 10, 0);
	TST_EXP_EXPR(!memcmp(buf, data, 10), "the start of the file is intact");
	SAFE_CLOSE(fd);
}

static void test_pipe(void)
{
	int fds[2];

	SAFE_PIPE(fds);
	TST_EXP_VAL(write(fds[1], data, 100), 100, "write() into a pipe");
	TST_EXP_VAL(write(fds[1], data + 100, 50), 50, "write() into a pipe");
	SAFE_READ(1, fds[0], buf, 150);
	TST_EXP_EXPR(!memcmp(buf, data, 150), "the pipe returns both writes "
		     "in order");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void run(void)
{
	int fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);

	test_sequential(fd);
	test_hole(fd);
	SAFE_CLOSE(fd);
	test_append();
	test_pipe();
}

static void setup(void)
{
	fio_fill(data, sizeof(data), 3);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
};
