// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_cancel(): returns AIO_ALLDONE when all the operations have already
 * completed: a write, a read, a short read at EOF and a failed write
 * (EBADF on a read-only descriptor) of one file, asked with NULL and
 * with each aiocbp; the error and return statuses of every request read
 * back unchanged afterwards.
 */
#include "pts_aiopend.h"

static struct aiocb cb[3];

int main(void)
{
	char path[64], wbuf[8] = "1234567", rbuf[2][8];
	int fd, ro, i, r, e[3];

	snprintf(path, sizeof(path), "/tmp/pts_aio_cancel8_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	ro = open(path, O_RDONLY);
	unlink(path);
	if (fd < 0 || ro < 0)
		PTS_UNRES("open(): %m");
	cb[0].aio_fildes = fd;
	cb[0].aio_buf = wbuf;
	cb[0].aio_nbytes = 7;
	if (aio_write(&cb[0]) || (pts_aio_wait(&cb[0], &e[0]), e[0]))
		PTS_UNRES("aio_write()");
	cb[1].aio_fildes = fd;
	cb[1].aio_buf = rbuf[0];
	cb[1].aio_nbytes = 8;
	cb[1].aio_offset = 4;
	if (aio_read(&cb[1]))
		PTS_UNRES("aio_read(): %m");
	cb[2].aio_fildes = ro;
	cb[2].aio_buf = wbuf;
	cb[2].aio_nbytes = 1;
	if (aio_write(&cb[2]))
		PTS_UNRES("aio_write(): %m");
	pts_aio_wait(&cb[1], &e[1]);
	pts_aio_wait(&cb[2], &e[2]);
	if (e[1] || aio_return(&cb[1]) != 3 || e[2] != EBADF)
		PTS_UNRES("statuses %d (%zd) and %d", e[1], aio_return(&cb[1]),
			  e[2]);
	r = aio_cancel(fd, NULL);
	if (r != AIO_ALLDONE)
		PTS_FAILED("aio_cancel(fd, NULL) returned %d, not AIO_ALLDONE", r);
	for (i = 0; i < 3; i++) {
		r = aio_cancel(cb[i].aio_fildes, &cb[i]);
		if (r != AIO_ALLDONE)
			PTS_FAILED("aio_cancel() of completed request %d: %d", i, r);
		if (aio_error(&cb[i]) != e[i])
			PTS_FAILED("request %d: status %d after aio_cancel(), was %d",
				   i, aio_error(&cb[i]), e[i]);
	}
	if (aio_return(&cb[1]) != 3 || aio_return(&cb[2]) != -1)
		PTS_FAILED("a return status changed after aio_cancel()");
	PTS_PASSED("AIO_ALLDONE for completed requests, statuses kept");
}
