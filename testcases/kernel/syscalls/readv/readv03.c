// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readv(2) cases readv01/readv02 leave out:
 * - zero-length iovecs in the middle are skipped, the others filled in
 *   order;
 * - a zero-length first iovec, its base in an inaccessible page, is
 *   skipped too, on a regular file and on /proc/self/cmdline, whose only
 *   read method is ->read, so readv() loops over the segments itself:
 *   a kernel that did not step past the empty segment spun there forever
 *   (19f18459330f);
 * - IOV_MAX iovecs of one byte each are accepted and filled in order;
 * - near the end of the file the iovecs fill up to the end, the rest stay
 *   untouched, the offset stops at the end, and the next readv() returns 0;
 * - from a pipe it returns what is there, scattered in order;
 * - an empty O_NONBLOCK pipe: EAGAIN.
 */
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "readv03_file"
#define FSIZE 2048
#define UNTOUCHED 0xa5

static unsigned char data[FSIZE], buf[FSIZE];
static struct iovec iovs[IOV_MAX];
static int fd = -1;
static void *bad_addr;

static void test_zero_len(void)
{
	size_t lens[] = { 5, 0, 10, 0, 3 };
	unsigned int i;
	size_t off = 0;

	memset(buf, UNTOUCHED, sizeof(buf));
	for (i = 0; i < 5; i++) {
		/* Leave a gap after each iovec: it must stay untouched. */
		iovs[i].iov_base = buf + off + i * 16;
		iovs[i].iov_len = lens[i];
		off += lens[i];
	}
	SAFE_LSEEK(fd, 0, SEEK_SET);
	TST_EXP_VAL(readv(fd, iovs, 5), 18, "readv() of 5, 0, 10, 0, 3 bytes");
	TST_EXP_EXPR(!memcmp(buf, data, 5) && buf[5] == UNTOUCHED &&
		     !memcmp(buf + 5 + 32, data + 5, 10) &&
		     buf[15 + 32] == UNTOUCHED &&
		     !memcmp(buf + 15 + 64, data + 15, 3) &&
		     buf[18 + 64] == UNTOUCHED,
		     "the non-empty iovecs hold bytes 0-4, 5-14, 15-17");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 18);
}

static void zero_first(int rfd, const char *name, const unsigned char *want,
		       ssize_t len)
{
	memset(buf, UNTOUCHED, sizeof(buf));
	iovs[0].iov_base = bad_addr;
	iovs[0].iov_len = 0;
	iovs[1].iov_base = buf;
	iovs[1].iov_len = 64;
	TST_EXP_VAL(readv(rfd, iovs, 2), len, "readv(0 + 64) of %s", name);
	TST_EXP_EXPR(!memcmp(buf, want, len) && buf[len] == UNTOUCHED,
		     "%s: its first %zd bytes in the second iovec", name, len);
}

static void test_zero_first(void)
{
	unsigned char cmdline[65];
	ssize_t len;
	int pfd;

	SAFE_LSEEK(fd, 0, SEEK_SET);
	zero_first(fd, "a regular file", data, 64);

	pfd = SAFE_OPEN("/proc/self/cmdline", O_RDONLY);
	len = SAFE_READ(0, pfd, cmdline, 64);
	if (len <= 0)
		tst_brk(TBROK, "/proc/self/cmdline read %zd bytes", len);
	SAFE_LSEEK(pfd, 0, SEEK_SET);
	zero_first(pfd, "/proc/self/cmdline", cmdline, len);
	SAFE_CLOSE(pfd);
}

static void test_iov_max(void)
{
	int i;

	memset(buf, UNTOUCHED, sizeof(buf));
	for (i = 0; i < IOV_MAX; i++) {
		iovs[i].iov_base = buf + IOV_MAX - 1 - i;
		iovs[i].iov_len = 1;
	}
	SAFE_LSEEK(fd, 0, SEEK_SET);
	TST_EXP_VAL(readv(fd, iovs, IOV_MAX), IOV_MAX,
		    "readv() of IOV_MAX one-byte iovecs");
	for (i = 0; i < IOV_MAX && buf[IOV_MAX - 1 - i] == data[i]; i++)
		;
	TST_EXP_EXPR(i == IOV_MAX, "iovec i holds byte i (the buffers are "
		     "in reverse order in memory)");
}

static void test_eof(void)
{
	memset(buf, UNTOUCHED, sizeof(buf));
	iovs[0].iov_base = buf;
	iovs[0].iov_len = 64;
	iovs[1].iov_base = buf + 64;
	iovs[1].iov_len = 64;
	SAFE_LSEEK(fd, FSIZE - 100, SEEK_SET);
	TST_EXP_VAL(readv(fd, iovs, 2), 100, "readv(64 + 64) 100 bytes "
		    "before the end");
	TST_EXP_EXPR(!memcmp(buf, data + FSIZE - 100, 100) &&
		     buf[100] == UNTOUCHED && buf[127] == UNTOUCHED,
		     "the last 100 bytes, the rest of the 2nd iovec untouched");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), FSIZE);
	TST_EXP_VAL(readv(fd, iovs, 2), 0, "readv() at the end");
}

static void test_pipe(void)
{
	int fds[2];

	SAFE_PIPE2(fds, O_NONBLOCK);
	SAFE_WRITE(1, fds[1], data, 10);
	memset(buf, UNTOUCHED, sizeof(buf));
	iovs[0].iov_base = buf;
	iovs[0].iov_len = 8;
	iovs[1].iov_base = buf + 8;
	iovs[1].iov_len = 8;
	TST_EXP_VAL(readv(fds[0], iovs, 2), 10, "readv(8 + 8) of a pipe "
		    "holding 10 bytes");
	TST_EXP_EXPR(!memcmp(buf, data, 10) && buf[10] == UNTOUCHED,
		     "the pipe's 10 bytes in order");
	TST_EXP_FAIL(readv(fds[0], iovs, 2), EAGAIN,
		     "readv() of an empty O_NONBLOCK pipe");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void run(void)
{
	test_zero_len();
	test_zero_first();
	test_iov_max();
	test_eof();
	test_pipe();
}

static void setup(void)
{
	fio_fill(data, sizeof(data), 41);
	bad_addr = SAFE_MMAP(NULL, 4096, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
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
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		/* do "fold checks into iterate_and_advance()" right */
		{"linux-git", "19f18459330f"},
		{}
	},
};
