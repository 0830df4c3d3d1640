// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pread64(2) (glibc's pread()) reads at the given offset and leaves the
 * file offset alone:
 * - it returns the file's bytes from that offset, count of them inside
 *   the file, up to the end across it, 0 at and past the end, 0 for
 *   count 0;
 * - the file offset stays where lseek() put it, also for an O_APPEND fd;
 * - a hole reads as zeros.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <string.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "pread64_01_file"
#define FSIZE 8192
#define MARK 123

static unsigned char data[FSIZE], buf[FSIZE];
static int fd = -1;

static struct tcase {
	off_t off;
	size_t count;
	long exp;
	const char *desc;
} tcases[] = {
	{ 0, 100, 100, "at the start" },
	{ 4000, 1000, 1000, "in the middle" },
	{ FSIZE - 10, 100, 10, "across the end" },
	{ FSIZE, 100, 0, "at the end" },
	{ FSIZE * 4, 100, 0, "far past the end" },
	{ 500, 0, 0, "count 0" },
};

static void check_pread(struct tcase *tc)
{
	memset(buf, 0xa5, sizeof(buf));
	SAFE_LSEEK(fd, MARK, SEEK_SET);
	TST_EXP_VAL(pread(fd, buf, tc->count, tc->off), tc->exp,
		    "pread(%zu, %ld) %s", tc->count, (long)tc->off, tc->desc);
	if (tc->exp > 0)
		TST_EXP_EXPR(!memcmp(buf, data + tc->off, tc->exp),
			     "the bytes are the file's from %ld",
			     (long)tc->off);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), MARK);
}

static void test_append_and_hole(void)
{
	unsigned char zeros[100] = { 0 };
	int afd = SAFE_OPEN(FNAME, O_RDWR | O_APPEND);

	SAFE_LSEEK(afd, 5, SEEK_SET);
	TST_EXP_VAL(pread(afd, buf, 10, 20), 10, "pread() on an O_APPEND fd");
	TST_EXP_EXPR(!memcmp(buf, data + 20, 10), "the bytes are at 20");
	TST_EXP_EQ_LI(SAFE_LSEEK(afd, 0, SEEK_CUR), 5);
	SAFE_CLOSE(afd);

	SAFE_PWRITE(1, fd, "x", 1, 3 * FSIZE);
	TST_EXP_VAL(pread(fd, buf, sizeof(zeros), 2 * FSIZE), sizeof(zeros),
		    "pread() in a hole");
	TST_EXP_EXPR(!memcmp(buf, zeros, sizeof(zeros)), "a hole reads zeros");
	SAFE_FTRUNCATE(fd, FSIZE);
}

static void run(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(tcases) / sizeof(tcases[0]); i++)
		check_pread(&tcases[i]);
	test_append_and_hole();
}

static void setup(void)
{
	fio_fill(data, sizeof(data), 11);
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
