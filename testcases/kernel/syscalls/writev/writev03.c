// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * writev(2) cases writev01/writev02 leave out:
 * - zero-length iovecs contribute nothing, the others land back to back;
 * - IOV_MAX iovecs of one byte each are accepted and written in order;
 * - with O_APPEND the gathered bytes go to the end, wherever the offset;
 * - into a pipe a writev() of at most PIPE_BUF bytes is atomic: two
 *   processes writing many such records never interleave inside one;
 * - a full O_NONBLOCK pipe: EAGAIN; a pipe without reader: EPIPE.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "writev03_file"
#define RECORDS 64
#define PARTS 4

static unsigned char data[2048], buf[2048];
static struct iovec iovs[IOV_MAX];

static void check_file(int fd, const unsigned char *exp, size_t len,
		       const char *what)
{
	struct stat st;

	SAFE_FSTAT(fd, &st);
	SAFE_PREAD(0, fd, buf, sizeof(buf), 0);
	TST_EXP_EXPR(st.st_size == (off_t)len && !memcmp(buf, exp, len),
		     "%s: the file holds the expected %zu bytes (size %ld)",
		     what, len, (long)st.st_size);
}

static void test_file(void)
{
	size_t lens[] = { 5, 0, 10, 0, 3 };
	unsigned char exp[IOV_MAX + 8];
	size_t off = 0;
	int fd, i;

	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	for (i = 0; i < 5; i++) {
		iovs[i].iov_base = data + off + i * 16;
		iovs[i].iov_len = lens[i];
		memcpy(exp + off, data + off + i * 16, lens[i]);
		off += lens[i];
	}
	TST_EXP_VAL(writev(fd, iovs, 5), 18,
		    "writev() of 5, 0, 10, 0, 3 bytes");
	check_file(fd, exp, 18, "zero-length iovecs");

	SAFE_FTRUNCATE(fd, 0);
	SAFE_LSEEK(fd, 0, SEEK_SET);
	for (i = 0; i < IOV_MAX; i++) {
		iovs[i].iov_base = data + IOV_MAX - 1 - i;
		iovs[i].iov_len = 1;
		exp[i] = data[IOV_MAX - 1 - i];
	}
	TST_EXP_VAL(writev(fd, iovs, IOV_MAX), IOV_MAX,
		    "writev() of IOV_MAX one-byte iovecs");
	check_file(fd, exp, IOV_MAX, "IOV_MAX iovecs");
	SAFE_CLOSE(fd);

	fd = SAFE_OPEN(FNAME, O_RDWR | O_APPEND);
	SAFE_LSEEK(fd, 0, SEEK_SET);
	iovs[0].iov_base = "ap";
	iovs[0].iov_len = 2;
	iovs[1].iov_base = "pend";
	iovs[1].iov_len = 4;
	TST_EXP_VAL(writev(fd, iovs, 2), 6, "writev() with O_APPEND at 0");
	memcpy(exp + IOV_MAX, "append", 6);
	check_file(fd, exp, IOV_MAX + 6, "O_APPEND");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), IOV_MAX + 6);
	SAFE_CLOSE(fd);
}

/* RECORDS records of PIPE_BUF bytes, each of PARTS iovecs, all "tag". */
static void write_records(int wfd, unsigned char tag)
{
	unsigned char part[PIPE_BUF / PARTS];
	struct iovec iov[PARTS];
	int i;

	memset(part, tag, sizeof(part));
	for (i = 0; i < PARTS; i++) {
		iov[i].iov_base = part;
		iov[i].iov_len = sizeof(part);
	}
	for (i = 0; i < RECORDS; i++) {
		if (writev(wfd, iov, PARTS) != PIPE_BUF)
			tst_brk(TBROK | TERRNO, "writev() of a record");
	}
}

static void test_pipe_atomic(void)
{
	static unsigned char rec[PIPE_BUF];
	int fds[2], i, j, torn = 0;
	pid_t pid[2];

	SAFE_PIPE(fds);
	for (i = 0; i < 2; i++) {
		pid[i] = SAFE_FORK();
		if (!pid[i]) {
			SAFE_CLOSE(fds[0]);
			write_records(fds[1], 'A' + i);
			exit(0);
		}
	}
	SAFE_CLOSE(fds[1]);
	for (i = 0; i < 2 * RECORDS; i++) {
		SAFE_READ(1, fds[0], rec, PIPE_BUF);
		for (j = 1; j < PIPE_BUF && rec[j] == rec[0]; j++)
			;
		if (j < PIPE_BUF)
			torn++;
	}
	SAFE_CLOSE(fds[0]);
	for (i = 0; i < 2; i++)
		reap_child(pid[i]);
	TST_EXP_EXPR(!torn, "%d of %d PIPE_BUF records from 2 writers were "
		     "interleaved", torn, 2 * RECORDS);
}

static void test_pipe_errors(void)
{
	struct iovec iov[2] = { { data, 1 }, { data, 1 } };
	int fds[2];

	SAFE_PIPE2(fds, O_NONBLOCK);
	while (write(fds[1], data, sizeof(data)) > 0)
		;
	TST_EXP_FAIL(writev(fds[1], iov, 2), EAGAIN,
		     "writev() to a full O_NONBLOCK pipe");
	SAFE_CLOSE(fds[0]);
	signal(SIGPIPE, SIG_IGN);
	TST_EXP_FAIL(writev(fds[1], iov, 2), EPIPE,
		     "writev() to a pipe without reader");
	signal(SIGPIPE, SIG_DFL);
	SAFE_CLOSE(fds[1]);
}

static void run(void)
{
	test_file();
	test_pipe_atomic();
	test_pipe_errors();
}

static void setup(void)
{
	fio_fill(data, sizeof(data), 43);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};
