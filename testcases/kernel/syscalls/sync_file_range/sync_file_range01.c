// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sync_file_range(2) writes back the range it is given:
 * - SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER over the first
 *   page, and all three flags with nbytes 0 (to the end of the file):
 *   the dirty page is clean afterwards (seen through /proc/kpageflags;
 *   TCONF on tmpfs, which never writes back, and without CAP_SYS_ADMIN);
 * - every combination of the three flags, flags 0 included, returns 0
 *   for a range inside the file, one past its end, and a directory, and
 *   leaves data, size and offset alone.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "sync_file_range01_file"
#define FSIZE 8192

static unsigned char data[FSIZE], buf[FSIZE];

static int write_wait_page(int fd)
{
	return sync_file_range(fd, 0, getpagesize(), SYNC_FILE_RANGE_WRITE |
			       SYNC_FILE_RANGE_WAIT_AFTER);
}

static int all_to_end(int fd)
{
	return sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WAIT_BEFORE |
			       SYNC_FILE_RANGE_WRITE |
			       SYNC_FILE_RANGE_WAIT_AFTER);
}

static void test_flag_combinations(int fd)
{
	unsigned int flags;
	struct stat st;
	int dfd;

	SAFE_PWRITE(1, fd, data, FSIZE, 0);
	SAFE_LSEEK(fd, 17, SEEK_SET);
	for (flags = 0; flags < 8; flags++) {
		TST_EXP_PASS(sync_file_range(fd, 100, 5000, flags),
			     "sync_file_range(100, 5000, flags %u)", flags);
		TST_EXP_PASS(sync_file_range(fd, 2 * FSIZE, 10, flags),
			     "sync_file_range() past the end, flags %u", flags);
	}
	dfd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	TST_EXP_PASS(sync_file_range(dfd, 0, 0, SYNC_FILE_RANGE_WRITE),
		     "sync_file_range() of a directory");
	SAFE_CLOSE(dfd);

	SAFE_FSTAT(fd, &st);
	SAFE_PREAD(1, fd, buf, FSIZE, 0);
	TST_EXP_EXPR(st.st_size == FSIZE && !memcmp(buf, data, FSIZE) &&
		     SAFE_LSEEK(fd, 0, SEEK_CUR) == 17,
		     "data, size and offset unchanged");
}

static void run(void)
{
	int fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);

	fio_check_writeback(fd, write_wait_page,
			    "sync_file_range(WRITE | WAIT_AFTER, first page)");
	fio_check_writeback(fd, all_to_end,
			    "sync_file_range(all flags, nbytes 0)");
	test_flag_combinations(fd);
	SAFE_CLOSE(fd);
}

static void setup(void)
{
	fio_fill(data, sizeof(data), 67);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
};
