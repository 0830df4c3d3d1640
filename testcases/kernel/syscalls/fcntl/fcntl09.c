// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) errors, each exact, with no lock taken:
 * - EBADF: fd -1, a closed fd; a read lock through an O_WRONLY fd, a
 *   write lock through an O_RDONLY fd (also OFD locks); a lock through
 *   an O_PATH fd (which F_GETFD does accept);
 * - EINVAL: an unknown command; a lock type other than F_RDLCK, F_WRLCK,
 *   F_UNLCK (and F_UNLCK for F_GETLK); an unknown l_whence; a range
 *   starting before 0 (from SEEK_SET, SEEK_CUR, or through a negative
 *   l_len);
 * - EOVERFLOW: a range whose end lies beyond the largest offset;
 * - EFAULT: the struct flock in an unmapped page.
 */
#include <fcntl.h>
#include <stdint.h>
#include "tst_test.h"
#include "fcntl_lock.h"
#include "fileio.h"

#define FNAME "fcntl09_file"

static int rdonly_fd, wronly_fd, rdwr_fd, path_fd, closed_fd;
static int bad_fd = -1;

static struct tcase {
	int *fd;
	int cmd;
	short type, whence;
	off_t start, len;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &bad_fd, F_SETLK, F_WRLCK, SEEK_SET, 0, 1, EBADF, "fd -1" },
	{ &closed_fd, F_GETLK, F_WRLCK, SEEK_SET, 0, 1, EBADF, "a closed fd" },
	{ &wronly_fd, F_SETLK, F_RDLCK, SEEK_SET, 0, 1, EBADF,
	  "F_RDLCK, O_WRONLY fd" },
	{ &rdonly_fd, F_SETLK, F_WRLCK, SEEK_SET, 0, 1, EBADF,
	  "F_WRLCK, O_RDONLY fd" },
	{ &rdonly_fd, F_OFD_SETLK, F_WRLCK, SEEK_SET, 0, 1, EBADF,
	  "F_OFD_SETLK F_WRLCK, O_RDONLY fd" },
	{ &path_fd, F_SETLK, F_RDLCK, SEEK_SET, 0, 1, EBADF, "O_PATH fd" },
	{ &rdwr_fd, F_SETLK, 99, SEEK_SET, 0, 1, EINVAL, "l_type 99" },
	{ &rdwr_fd, F_GETLK, F_UNLCK, SEEK_SET, 0, 1, EINVAL,
	  "F_GETLK of F_UNLCK" },
	{ &rdwr_fd, F_SETLK, F_WRLCK, 99, 0, 1, EINVAL, "l_whence 99" },
	{ &rdwr_fd, F_SETLK, F_WRLCK, SEEK_SET, -1, 1, EINVAL,
	  "SEEK_SET l_start -1" },
	{ &rdwr_fd, F_SETLK, F_WRLCK, SEEK_CUR, -11, 1, EINVAL,
	  "SEEK_CUR to -1 (offset 10)" },
	{ &rdwr_fd, F_SETLK, F_WRLCK, SEEK_SET, 5, -6, EINVAL,
	  "l_start 5, l_len -6" },
	{ &rdwr_fd, F_GETLK, F_WRLCK, SEEK_SET, 5, -6, EINVAL,
	  "F_GETLK l_start 5, l_len -6" },
	{ &rdwr_fd, F_SETLK, F_WRLCK, SEEK_SET, 10, INT64_MAX, EOVERFLOW,
	  "l_start 10, l_len INT64_MAX" },
	{ &rdwr_fd, F_SETLK, F_WRLCK, SEEK_END, INT64_MAX, 1, EOVERFLOW,
	  "SEEK_END (size 100) l_start INT64_MAX" },
};

static void run(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(tcases) / sizeof(tcases[0]); i++) {
		struct tcase *tc = &tcases[i];
		struct flock fl = {
			.l_type = tc->type,
			.l_whence = tc->whence,
			.l_start = tc->start,
			.l_len = tc->len,
		};

		TST_EXP_FAIL(fcntl(*tc->fd, tc->cmd, &fl), tc->exp_errno,
			     "fcntl(%s)", tc->desc);
	}
	TST_EXP_FAIL(fcntl(rdwr_fd, 9999), EINVAL, "fcntl(cmd 9999)");
	TST_EXP_FAIL(fcntl(rdwr_fd, F_SETLK, fio_bad_addr()), EFAULT,
		     "F_SETLK of an unmapped struct flock");
	TST_EXP_FAIL(fcntl(rdwr_fd, F_GETLK, fio_bad_addr()), EFAULT,
		     "F_GETLK of an unmapped struct flock");
	TST_EXP_FD(fcntl(path_fd, F_GETFD), "F_GETFD of the O_PATH fd");

	/* Nothing above may have locked: another process sees no lock. */
	if (!SAFE_FORK()) {
		check_getlk(rdwr_fd, F_GETLK, F_WRLCK, 0, 0, F_UNLCK, 0, 0, 0);
		exit(0);
	}
}

static void setup(void)
{
	char buf[100] = { 0 };

	rdwr_fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);
	SAFE_WRITE(1, rdwr_fd, buf, sizeof(buf));
	SAFE_LSEEK(rdwr_fd, 10, SEEK_SET);
	rdonly_fd = SAFE_OPEN(FNAME, O_RDONLY);
	wronly_fd = SAFE_OPEN(FNAME, O_WRONLY);
	path_fd = SAFE_OPEN(FNAME, O_PATH);
	closed_fd = path_fd + 100;
	if (fio_fd_is_open(closed_fd))
		tst_brk(TBROK, "fd %d is unexpectedly open", closed_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
