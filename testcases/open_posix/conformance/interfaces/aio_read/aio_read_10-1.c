// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_read(): [EBADF], from the call or as the request's error status
 * (aio_return() -1), when aio_fildes is not a valid descriptor open for
 * reading: a descriptor open O_WRONLY, one open O_PATH (Linux), -1 and
 * INT_MAX; the buffer is untouched each time, and the same file read
 * through an O_RDONLY descriptor gives its data.
 */
#include <limits.h>

#include "pts_aiopend.h"

static char buf[8];

static void ebadf(int fd, const char *what)
{
	struct aiocb cb;
	ssize_t r;
	int e;

	memset(&cb, 0, sizeof(cb));
	memset(buf, '#', sizeof(buf));
	cb.aio_fildes = fd;
	cb.aio_buf = buf;
	cb.aio_nbytes = 4;
	errno = 0;
	if (aio_read(&cb)) {
		if (errno != EBADF)
			PTS_FAILED("%s: aio_read(): %s, expected EBADF", what,
				   strerrorname_np(errno));
	} else {
		r = pts_aio_wait(&cb, &e);
		if (e != EBADF || r != -1)
			PTS_FAILED("%s: status %d, return %zd; expected EBADF, -1",
				   what, e, r);
	}
	if (memcmp(buf, "########", 8))
		PTS_FAILED("%s: the buffer was written", what);
}

int main(void)
{
	struct aiocb cb;
	char path[64];
	int wo, op, ro, e;

	snprintf(path, sizeof(path), "/tmp/pts_aio_read10_%d", (int)getpid());
	wo = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	op = open(path, O_PATH);
	ro = open(path, O_RDONLY);
	unlink(path);
	if (wo < 0 || op < 0 || ro < 0 || write(wo, "file", 4) != 4)
		PTS_UNRES("set-up: %m");
	ebadf(wo, "O_WRONLY");
	ebadf(op, "O_PATH");
	ebadf(-1, "fd -1");
	ebadf(INT_MAX, "INT_MAX");
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = ro;
	cb.aio_buf = buf;
	cb.aio_nbytes = 4;
	if (aio_read(&cb) || pts_aio_wait(&cb, &e) != 4 || e ||
	    memcmp(buf, "file", 4))
		PTS_FAILED("the O_RDONLY read of the same file failed");
	PTS_PASSED("EBADF for descriptors not open for reading, buffer untouched");
}
