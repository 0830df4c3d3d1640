// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pwrite64(2) (glibc's pwrite()) writes at the given offset and leaves the
 * file offset alone:
 * - the bytes land at that offset, nothing else changes, the size grows
 *   only when the write ends past it;
 * - a write past the end leaves a hole that reads as zeros;
 * - count 0 returns 0 and does not extend the file, even far past its end,
 *   also with a NULL buffer;
 * - the file offset stays where lseek() put it;
 * - on an O_APPEND fd Linux appends, whatever the offset (see BUGS in
 *   pwrite(2)), and the file offset still stays.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "pwrite64_01_file"
#define FSIZE 4096
#define MARK 77

static unsigned char data[FSIZE], expect[3 * FSIZE], buf[3 * FSIZE];
static int fd = -1;

static off_t file_size(void)
{
	struct stat st;

	SAFE_STAT(FNAME, &st);
	return st.st_size;
}

/* The whole file equals expect[0..size). */
static void check_content(off_t size, const char *what)
{
	ssize_t len;
	int rfd = SAFE_OPEN(FNAME, O_RDONLY);

	len = SAFE_READ(0, rfd, buf, sizeof(buf));
	SAFE_CLOSE(rfd);
	TST_EXP_EXPR(len == size && !memcmp(buf, expect, size),
		     "after %s the file is its expected %ld bytes (has %zd)",
		     what, (long)size, len);
}

static void test_offsets(void)
{
	TST_EXP_VAL(pwrite(fd, "ABCDE", 5, 1000), 5, "pwrite(5, 1000)");
	memcpy(expect + 1000, "ABCDE", 5);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), MARK);
	TST_EXP_EQ_LI(file_size(), FSIZE);
	check_content(FSIZE, "an overwrite in the middle");

	TST_EXP_VAL(pwrite(fd, "xyz", 3, FSIZE - 1), 3,
		    "pwrite(3) across the end");
	memcpy(expect + FSIZE - 1, "xyz", 3);
	check_content(FSIZE + 2, "a write across the end");

	TST_EXP_VAL(pwrite(fd, "tail", 4, 2 * FSIZE), 4,
		    "pwrite(4) past the end");
	memcpy(expect + 2 * FSIZE, "tail", 4);
	check_content(2 * FSIZE + 4, "a write leaving a hole");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), MARK);

	TST_EXP_VAL(pwrite(fd, "z", 0, 10 * FSIZE), 0,
		    "pwrite(0) far past the end");
	TST_EXP_EQ_LI(file_size(), 2 * FSIZE + 4);
	TST_EXP_VAL(pwrite(fd, NULL, 0, 0), 0, "pwrite(NULL, 0) at 0");
	TST_EXP_VAL(pwrite(fd, NULL, 0, 10 * FSIZE), 0,
		    "pwrite(NULL, 0) far past the end");
	TST_EXP_EQ_LI(file_size(), 2 * FSIZE + 4);
}

static void test_append(void)
{
	int afd = SAFE_OPEN(FNAME, O_WRONLY | O_APPEND);
	off_t size = file_size();

	SAFE_LSEEK(afd, 3, SEEK_SET);
	TST_EXP_VAL(pwrite(afd, "app", 3, 0), 3,
		    "pwrite(3, offset 0) on an O_APPEND fd");
	memcpy(expect + size, "app", 3);
	check_content(size + 3, "pwrite() on an O_APPEND fd");
	TST_EXP_EQ_LI(SAFE_LSEEK(afd, 0, SEEK_CUR), 3);
	SAFE_CLOSE(afd);
}

static void run(void)
{
	/* Each iteration starts from the same file. */
	SAFE_FTRUNCATE(fd, 0);
	SAFE_PWRITE(1, fd, data, sizeof(data), 0);
	memset(expect, 0, sizeof(expect));
	memcpy(expect, data, FSIZE);
	SAFE_LSEEK(fd, MARK, SEEK_SET);
	test_offsets();
	test_append();
}

static void setup(void)
{
	fio_fill(data, sizeof(data), 5);
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
