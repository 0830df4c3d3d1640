// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pwritev(2) gathers the iovecs in order and writes them at the given
 * offset, leaving the file offset alone:
 * - the file holds the iovecs' bytes back to back from that offset,
 *   zero-length iovecs contribute nothing, other bytes are unchanged;
 * - a write past the end leaves a hole of zeros before it;
 * - iovcnt 0 returns 0 and changes nothing;
 * - the file offset stays where lseek() put it.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "pwritev01_file"
#define FSIZE 4096
#define MARK 55

static unsigned char src[3][512], expect[3 * FSIZE], buf[3 * FSIZE];
static int fd = -1;

static struct tcase {
	size_t len[3];
	off_t off;
	const char *desc;
} tcases[] = {
	{ { 100, 200, 300 }, 0, "three iovecs at 0" },
	{ { 10, 0, 20 }, 1000, "a zero-length iovec in the middle" },
	{ { 512, 512, 512 }, FSIZE - 100, "across the end" },
	{ { 1, 2, 3 }, 2 * FSIZE, "past the end" },
};

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	struct iovec iov[3];
	struct stat st;
	size_t total = 0;
	off_t size;
	int i;

	SAFE_FSTAT(fd, &st);
	size = st.st_size;
	for (i = 0; i < 3; i++) {
		iov[i].iov_base = src[i];
		iov[i].iov_len = tc->len[i];
		memcpy(expect + tc->off + total, src[i], tc->len[i]);
		total += tc->len[i];
	}
	if (tc->off + (off_t)total > size)
		size = tc->off + total;

	TST_EXP_VAL(pwritev(fd, iov, 3, tc->off), (long)total,
		    "pwritev() at %ld: %s", (long)tc->off, tc->desc);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, size);
	SAFE_PREAD(1, fd, buf, size, 0);
	TST_EXP_EXPR(!memcmp(buf, expect, size),
		     "the file holds the iovecs at %ld, the rest unchanged",
		     (long)tc->off);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), MARK);

	if (n == 0) {
		TST_EXP_VAL(pwritev(fd, iov, 0, 10 * FSIZE), 0,
			    "pwritev() of 0 iovecs past the end");
		SAFE_FSTAT(fd, &st);
		TST_EXP_EQ_LI(st.st_size, size);
	}
}

static void setup(void)
{
	int i;

	for (i = 0; i < 3; i++)
		fio_fill(src[i], sizeof(src[i]), 100 * (i + 1));
	fio_fill(expect, FSIZE, 1);
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, expect, FSIZE);
	SAFE_LSEEK(fd, MARK, SEEK_SET);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
};
