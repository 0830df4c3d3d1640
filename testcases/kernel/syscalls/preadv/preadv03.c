// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * preadv() and pwritev() on a file opened with O_DIRECT, on the ext4
 * loop device the library mounts (upstream LTP's preadv03 and pwritev03
 * run this on every filesystem; here on ext4), L being the device's
 * logical block size (BLKSSZGET):
 *  - pwritev() of two L-byte iovecs at offset L returns 2L, leaves the
 *    file offset at 0, and the bytes read back through the page cache
 *    (a plain descriptor) are the ones written;
 *  - preadv() of two iovecs at offset L returns them, and the offset
 *    stays 0; at the end of the file it returns 0;
 *  - an iovec one byte off in address, one of length L - 1, or an offset
 *    one byte off are EINVAL for both, and no byte of the file changes.
 * Syscalls: preadv, pwritev
 */
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <linux/fs.h>
#include "tst_test.h"

#define MNT "mnt"
#define FNAME MNT "/preadv03_file"

static int lbs, dfd = -1, pfd = -1;
static char *abuf, *want, *check;

static void check_file(const char *what)
{
	SAFE_PREAD(1, pfd, check, 4 * lbs, 0);
	TST_EXP_EXPR(!memcmp(check, want, 4 * lbs), "%s: the file holds "
		     "exactly what was written", what);
}

static void test_good(void)
{
	struct iovec iov[2] = {
		{ abuf, lbs }, { abuf + 2 * lbs, lbs }
	};

	memset(abuf, 'p', lbs);
	memset(abuf + 2 * lbs, 'q', lbs);
	SAFE_LSEEK(dfd, 0, SEEK_SET);
	TST_EXP_VAL(pwritev(dfd, iov, 2, lbs), 2 * lbs,
		    "O_DIRECT pwritev(2 x %d bytes at %d)", lbs, lbs);
	TST_EXP_EQ_LI(SAFE_LSEEK(dfd, 0, SEEK_CUR), 0);
	memset(want + lbs, 'p', lbs);
	memset(want + 2 * lbs, 'q', lbs);
	check_file("after pwritev()");

	memset(abuf, 0, 4 * lbs);
	iov[0].iov_base = abuf + 2 * lbs;
	iov[1].iov_base = abuf;
	TST_EXP_VAL(preadv(dfd, iov, 2, lbs), 2 * lbs,
		    "O_DIRECT preadv(2 x %d bytes at %d)", lbs, lbs);
	TST_EXP_EXPR(!memcmp(abuf + 2 * lbs, want + lbs, lbs) &&
		     !memcmp(abuf, want + 2 * lbs, lbs),
		     "preadv() filled each iovec in order");
	TST_EXP_EQ_LI(SAFE_LSEEK(dfd, 0, SEEK_CUR), 0);

	iov[0].iov_base = abuf;
	TST_EXP_VAL(preadv(dfd, iov, 1, 4 * lbs), 0,
		    "O_DIRECT preadv() at the end of the file");
}

static void test_bad(void)
{
	struct iovec iov[2] = { { abuf, lbs }, { abuf + 2 * lbs, lbs } };

	memset(abuf, 'z', 4 * lbs);
	iov[0].iov_base = abuf + 1;
	TST_EXP_FAIL(pwritev(dfd, iov, 2, 0), EINVAL,
		     "O_DIRECT pwritev() with a buffer one byte off");
	TST_EXP_FAIL(preadv(dfd, iov, 2, 0), EINVAL,
		     "O_DIRECT preadv() with a buffer one byte off");
	iov[0].iov_base = abuf;
	iov[1].iov_len = lbs - 1;
	TST_EXP_FAIL(pwritev(dfd, iov, 2, 0), EINVAL,
		     "O_DIRECT pwritev() with an iovec of %d bytes", lbs - 1);
	TST_EXP_FAIL(preadv(dfd, iov, 2, 0), EINVAL,
		     "O_DIRECT preadv() with an iovec of %d bytes", lbs - 1);
	iov[1].iov_len = lbs;
	TST_EXP_FAIL(pwritev(dfd, iov, 2, 1), EINVAL,
		     "O_DIRECT pwritev() at offset 1");
	TST_EXP_FAIL(preadv(dfd, iov, 2, 1), EINVAL,
		     "O_DIRECT preadv() at offset 1");
	check_file("after the refused calls");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_good();
	else
		test_bad();
}

static void setup(void)
{
	int dev_fd = SAFE_OPEN(tst_device->dev, O_RDONLY);

	if (ioctl(dev_fd, BLKSSZGET, &lbs) || lbs < 512)
		tst_brk(TBROK | TERRNO, "BLKSSZGET on %s", tst_device->dev);
	SAFE_CLOSE(dev_fd);
	tst_res(TINFO, "%s: logical block size %d", tst_device->dev, lbs);

	abuf = SAFE_MMAP(NULL, 4 * lbs, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	want = SAFE_MALLOC(4 * lbs);
	check = SAFE_MALLOC(4 * lbs);
	memset(want, 'a', 4 * lbs);
	pfd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, pfd, want, 4 * lbs);
	SAFE_FSYNC(pfd);
	dfd = SAFE_OPEN(FNAME, O_RDWR | O_DIRECT);
}

static void cleanup(void)
{
	if (dfd >= 0)
		SAFE_CLOSE(dfd);
	if (pfd >= 0)
		SAFE_CLOSE(pfd);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
};
