// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * read(2) returns what is there and moves the file offset by exactly
 * what it returned:
 * - a read inside the file returns count bytes, the file's bytes;
 * - a read across the end returns the bytes up to the end;
 * - at the end (and past it) it returns 0 and the offset stays;
 * - count 0 returns 0 and moves nothing;
 * - a hole reads as zeros;
 * - from a pipe it returns the bytes available without waiting for
 *   count, in the order written, joining separate writes, a short count
 *   leaving the rest for the next read, and 0 once every write end is
 *   closed;
 * - nothing past the bytes returned is written into the buffer.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <string.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "read01_file"
#define FSIZE 4096
#define HOLE_OFF (64 * 1024)

static unsigned char data[FSIZE], buf[FSIZE];
static int fd = -1;

/* buf[from..len) still holds the 0xa5 filler. */
static int untouched(size_t from, size_t len)
{
	size_t i;

	for (i = from; i < len; i++)
		if (buf[i] != 0xa5)
			return 0;
	return 1;
}

static void check_read(off_t pos, size_t count, long exp, const char *desc)
{
	memset(buf, 0xa5, sizeof(buf));
	SAFE_LSEEK(fd, pos, SEEK_SET);
	TST_EXP_VAL(read(fd, buf, count), exp, "read(%zu) at %ld: %s", count,
		    (long)pos, desc);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), pos + exp);
	if (exp > 0 && pos < FSIZE)
		TST_EXP_EXPR(!memcmp(buf, data + pos, exp),
			     "the %ld bytes are the file's from offset %ld",
			     exp, (long)pos);
	TST_EXP_EXPR(untouched(exp, sizeof(buf)),
		     "the buffer past the %ld bytes read is untouched", exp);
}

static void test_file(void)
{
	unsigned char zeros[256] = { 0 };
	long i;

	check_read(0, 100, 100, "inside the file");
	check_read(1000, FSIZE, FSIZE - 1000, "across the end");
	check_read(FSIZE, 100, 0, "at the end");
	check_read(FSIZE + 10, 100, 0, "past the end");
	check_read(10, 0, 0, "count 0");

	/* Reads continue where the previous one stopped. */
	SAFE_LSEEK(fd, 0, SEEK_SET);
	for (i = 0; i < 4; i++)
		SAFE_READ(1, fd, buf + i * 10, 10);
	TST_EXP_EXPR(!memcmp(buf, data, 40), "4 reads of 10 bytes return the "
		     "first 40 bytes in order");

	SAFE_PWRITE(1, fd, "end", 3, HOLE_OFF);
	memset(buf, 0xa5, sizeof(buf));
	SAFE_LSEEK(fd, HOLE_OFF - sizeof(zeros), SEEK_SET);
	TST_EXP_VAL(read(fd, buf, sizeof(zeros) + 3), (long)sizeof(zeros) + 3,
		    "read() over a hole and the data after it");
	TST_EXP_EXPR(!memcmp(buf, zeros, sizeof(zeros)) &&
		     !memcmp(buf + sizeof(zeros), "end", 3),
		     "the hole reads as zeros, then the data");
	SAFE_FTRUNCATE(fd, FSIZE);
}

static void pipe_read(int rfd, size_t count, const char *exp,
		      const char *desc)
{
	long len = strlen(exp);

	memset(buf, 0xa5, sizeof(buf));
	TST_EXP_VAL(read(rfd, buf, count), len, "read(%zu) from a pipe: %s",
		    count, desc);
	if (TST_PASS) {
		TST_EXP_EXPR(!memcmp(buf, exp, len), "the bytes are \"%s\"",
			     exp);
		TST_EXP_EXPR(untouched(len, sizeof(buf)),
			     "nothing written past the %ld bytes read", len);
	}
}

static void test_pipe(void)
{
	int fds[2];

	SAFE_PIPE(fds);
	SAFE_WRITE(1, fds[1], "abc", 3);
	pipe_read(fds[0], sizeof(buf), "abc", "3 bytes there");
	SAFE_WRITE(1, fds[1], "defg", 4);
	SAFE_WRITE(1, fds[1], "hij", 3);
	pipe_read(fds[0], 2, "de", "count 2 of 7 bytes in two writes");
	pipe_read(fds[0], sizeof(buf), "fghij", "the rest across both writes");
	SAFE_WRITE(1, fds[1], "kl", 2);
	SAFE_CLOSE(fds[1]);
	pipe_read(fds[0], sizeof(buf), "kl", "the rest, write end closed");
	pipe_read(fds[0], sizeof(buf), "", "empty, no writer (EOF)");
	SAFE_CLOSE(fds[0]);
}

static void run(void)
{
	test_file();
	test_pipe();
}

static void setup(void)
{
	fio_fill(data, sizeof(data), 7);
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, data, sizeof(data));
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
	.needs_root = 1,
	.all_filesystems = 1,
};
