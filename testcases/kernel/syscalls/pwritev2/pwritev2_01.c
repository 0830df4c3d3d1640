// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pwritev2(2) writes like pwritev(2), plus what its offset -1 and its
 * flags add:
 * - offset >= 0: writes there, the file offset stays;
 * - offset -1: writes at the file offset and moves it, like writev(2),
 *   also into a pipe;
 * - RWF_APPEND: appends whatever the offset; with offset -1 the file
 *   offset moves to the new end, with an offset >= 0 it stays;
 * - RWF_DSYNC, RWF_SYNC, RWF_HIPRI (buffered): the data is written;
 * - RWF_NOAPPEND on an O_APPEND fd writes at the offset (TCONF on kernels
 *   before 73fa7547c70b, which answer EOPNOTSUPP).
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "pwritev2_01_file"
#define FSIZE 1024

static unsigned char expect[4 * FSIZE], buf[4 * FSIZE];
static off_t exp_size = FSIZE;
static int fd = -1;

static off_t size_now(void)
{
	struct stat st;

	SAFE_FSTAT(fd, &st);
	return st.st_size;
}

/* Write tag with offset off and flags; it must land at "at". */
static void check_write(off_t off, int flags, off_t at, const char *tag,
			const char *desc)
{
	struct iovec iov[2] = {
		{ (void *)tag, 2 },
		{ (void *)(tag + 2), strlen(tag) - 2 },
	};
	size_t len = strlen(tag);
	off_t size;

	TST_EXP_VAL(fio_pwritev2(fd, iov, 2, off, flags), (long)len,
		    "pwritev2(%s)", desc);
	memcpy(expect + at, tag, len);
	if (at + (off_t)len > exp_size)
		exp_size = at + len;
	size = size_now();
	TST_EXP_EQ_LI(size, exp_size);
	SAFE_PREAD(1, fd, buf, size, 0);
	TST_EXP_EXPR(!memcmp(buf, expect, size),
		     "%s: the bytes landed at %ld, nothing else changed", desc,
		     (long)at);
}

static void test_offsets(void)
{
	SAFE_LSEEK(fd, 10, SEEK_SET);
	check_write(100, 0, 100, "abcd", "offset 100");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 10);

	check_write(-1, 0, 10, "efgh", "offset -1");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 14);

	check_write(0, RWF_APPEND, FSIZE, "ijkl", "offset 0, RWF_APPEND");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 14);

	check_write(-1, RWF_APPEND, FSIZE + 4, "mnop",
		    "offset -1, RWF_APPEND");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), FSIZE + 8);

	check_write(200, RWF_DSYNC, 200, "qrst", "offset 200, RWF_DSYNC");
	check_write(300, RWF_SYNC, 300, "uvwx", "offset 300, RWF_SYNC");
	check_write(400, RWF_HIPRI, 400, "yzAB", "offset 400, RWF_HIPRI");
}

static void test_noappend(void)
{
	struct iovec iov = { "NOAP", 4 };
	off_t size = size_now();
	int afd = SAFE_OPEN(FNAME, O_WRONLY | O_APPEND);

	TEST(fio_pwritev2(afd, &iov, 1, 500, RWF_NOAPPEND));
	SAFE_CLOSE(afd);
	if (TST_RET == -1 && TST_ERR == EOPNOTSUPP) {
		tst_res(TCONF, "RWF_NOAPPEND: EOPNOTSUPP, the kernel predates "
			"it (73fa7547c70b)");
		return;
	}
	TST_EXP_EXPR(TST_RET == 4, "pwritev2(O_APPEND fd, offset 500, "
		     "RWF_NOAPPEND) returned %ld", TST_RET);
	memcpy(expect + 500, "NOAP", 4);
	SAFE_PREAD(1, fd, buf, size, 0);
	TST_EXP_EXPR(size_now() == size && !memcmp(buf, expect, size),
		     "RWF_NOAPPEND wrote at 500, the size stayed %ld",
		     (long)size);
}

static void test_pipe(void)
{
	struct iovec iov[2] = { { "pi", 2 }, { "pe", 2 } };
	char pbuf[4];
	int fds[2];

	SAFE_PIPE(fds);
	TST_EXP_VAL(fio_pwritev2(fds[1], iov, 2, -1, 0), 4,
		    "pwritev2(pipe, offset -1)");
	SAFE_READ(1, fds[0], pbuf, 4);
	TST_EXP_EXPR(!memcmp(pbuf, "pipe", 4), "the pipe holds the iovecs");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void run(void)
{
	/* Each iteration starts from the same file. */
	fio_fill(expect, FSIZE, 29);
	exp_size = FSIZE;
	SAFE_FTRUNCATE(fd, 0);
	SAFE_PWRITE(1, fd, expect, FSIZE, 0);
	test_offsets();
	test_noappend();
	test_pipe();
}

static void setup(void)
{
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
	.needs_root = 1,
	.all_filesystems = 1,
};
