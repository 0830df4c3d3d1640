// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * preadv(2) scatters the file's bytes from the given offset into the
 * iovecs in order and leaves the file offset alone:
 * - inside the file every iovec is filled, zero-length ones skipped;
 * - across the end, the iovecs fill up to the end's bytes and the rest
 *   stay untouched; at the end it returns 0;
 * - iovcnt 0 returns 0;
 * - the file offset stays where lseek() put it.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <string.h>
#include <sys/uio.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "preadv01_file"
#define FSIZE 4096
#define MARK 99
#define UNTOUCHED 0xa5

static unsigned char data[FSIZE], buf[3][1024];
static int fd = -1;

static struct tcase {
	size_t len[3];
	off_t off;
	long exp;
	const char *desc;
} tcases[] = {
	{ { 100, 200, 300 }, 0, 600, "three iovecs at 0" },
	{ { 10, 0, 20 }, 1000, 30, "a zero-length iovec in the middle" },
	{ { 1024, 1024, 1024 }, FSIZE - 1500, 1500, "across the end" },
	{ { 100, 100, 100 }, FSIZE, 0, "at the end" },
};

/* The iovecs hold the file's bytes from off for exp bytes, then nothing. */
static void check_bufs(const struct tcase *tc)
{
	size_t done = 0, i, j;

	for (i = 0; i < 3; i++) {
		for (j = 0; j < tc->len[i]; j++, done++) {
			int want = done < (size_t)tc->exp ?
				   data[tc->off + done] : UNTOUCHED;

			if (buf[i][j] != want) {
				tst_res(TFAIL, "iovec %zu byte %zu is 0x%02x, "
					"expected 0x%02x", i, j, buf[i][j],
					want);
				return;
			}
		}
	}
	tst_res(TPASS, "the iovecs hold the file's %ld bytes in order, the "
		"rest is untouched", tc->exp);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	struct iovec iov[3];
	int i;

	memset(buf, UNTOUCHED, sizeof(buf));
	for (i = 0; i < 3; i++) {
		iov[i].iov_base = buf[i];
		iov[i].iov_len = tc->len[i];
	}
	TST_EXP_VAL(preadv(fd, iov, 3, tc->off), tc->exp,
		    "preadv() at %ld: %s", (long)tc->off, tc->desc);
	check_bufs(tc);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), MARK);

	if (n == 0)
		TST_EXP_VAL(preadv(fd, iov, 0, 0), 0, "preadv() of 0 iovecs");
}

static void setup(void)
{
	fio_fill(data, sizeof(data), 17);
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, data, sizeof(data));
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
