// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_write(): [EBADF], from the call or as the request's error status
 * (aio_return() -1), when aio_fildes is not a valid descriptor open for
 * writing: a descriptor open O_RDONLY, one open O_PATH (Linux), a just
 * closed one and -1. The file keeps its size and bytes.
 */
#include <sys/stat.h>

#include "pts_aiopend.h"

static void ebadf(int fd, const char *what)
{
	struct aiocb cb;
	ssize_t r;
	int e;

	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	cb.aio_buf = "XXXX";
	cb.aio_nbytes = 4;
	errno = 0;
	if (aio_write(&cb)) {
		if (errno != EBADF)
			PTS_FAILED("%s: aio_write(): %s, expected EBADF", what,
				   strerrorname_np(errno));
		return;
	}
	r = pts_aio_wait(&cb, &e);
	if (e != EBADF || r != -1)
		PTS_FAILED("%s: status %d, return %zd; expected EBADF, -1", what,
			   e, r);
}

int main(void)
{
	char path[64], back[8];
	struct stat st;
	int fd, ro, op, closed;

	snprintf(path, sizeof(path), "/tmp/pts_aio_write8_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	ro = open(path, O_RDONLY);
	op = open(path, O_PATH);
	unlink(path);
	closed = dup(fd);
	if (fd < 0 || ro < 0 || op < 0 || closed < 0 || close(closed) ||
	    write(fd, "orig", 4) != 4)
		PTS_UNRES("set-up: %m");
	ebadf(ro, "O_RDONLY");
	ebadf(op, "O_PATH");
	ebadf(closed, "a closed descriptor");
	ebadf(-1, "fd -1");
	if (fstat(fd, &st) || st.st_size != 4 || pread(fd, back, 4, 0) != 4 ||
	    memcmp(back, "orig", 4))
		PTS_FAILED("the file changed");
	PTS_PASSED("EBADF for descriptors not open for writing, file unchanged");
}
