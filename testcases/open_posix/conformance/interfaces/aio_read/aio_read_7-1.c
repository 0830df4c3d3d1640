// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_read(): returns 0 when the request is queued: exactly 0 for a
 * read of a file (which then completes with its data), for reads of an
 * empty pipe that cannot complete yet (EINPROGRESS right after the
 * call), and for a read at EOF (completes with 0 bytes).
 */
#include "pts_aiopend.h"

static struct aiocb f, eof, p1, p2;
static char fb[4], eb[4], b1, b2;

static void submit(struct aiocb *cb, int fd, char *buf, size_t n, off_t off,
		   const char *what)
{
	int r;

	cb->aio_fildes = fd;
	cb->aio_buf = buf;
	cb->aio_nbytes = n;
	cb->aio_offset = off;
	r = aio_read(cb);
	if (r != 0)
		PTS_FAILED("%s: aio_read() returned %d (%m)", what, r);
}

int main(void)
{
	char path[64];
	int fd, p[2], e;

	snprintf(path, sizeof(path), "/tmp/pts_aio_read7_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || pipe(p) || write(fd, "data", 4) != 4)
		PTS_UNRES("set-up: %m");
	submit(&p1, p[0], &b1, 1, 0, "an empty pipe");
	submit(&p2, p[0], &b2, 1, 0, "an empty pipe, second");
	if (aio_error(&p2) != EINPROGRESS)
		PTS_FAILED("the queued pipe read is not EINPROGRESS");
	submit(&f, fd, fb, 4, 0, "a file");
	submit(&eof, fd, eb, 4, 4, "a file at EOF");
	if (pts_aio_wait(&f, &e) != 4 || e || memcmp(fb, "data", 4))
		PTS_FAILED("the file read: status %d", e);
	if (pts_aio_wait(&eof, &e) != 0 || e)
		PTS_FAILED("the read at EOF: status %d", e);
	if (write(p[1], "xy", 2) != 2 || pts_aio_wait(&p1, &e) != 1 || e ||
	    pts_aio_wait(&p2, &e) != 1 || e)
		PTS_FAILED("the pipe reads did not complete");
	PTS_PASSED("aio_read() returned 0 for each queued request");
}
