// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_cancel(): a successfully cancelled request has error status
 * [ECANCELED] and return status -1, and aiocbp names the one request to
 * cancel. Three reads pend on a pipe, the first running (its worker
 * sleeps in read()); aio_cancel(fd, &second) returns AIO_CANCELED (the
 * second then reports ECANCELED and -1) or AIO_NOTCANCELED (it stays
 * in progress); the first and third are untouched and, like a second
 * not cancelled, complete with the pipe's bytes.
 */
#include "pts_aiopend.h"

static struct aiocb cb[3];
static char buf[3];

int main(void)
{
	int p[2], i, r, e, left = 3;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	for (i = 0; i < 3; i++)
		pts_aio_read_on(&cb[i], p[0], &buf[i], 1);
	pts_aio_worker_in(SYS_read);
	r = aio_cancel(p[0], &cb[1]);
	e = aio_error(&cb[1]);
	printf("aio_cancel(second): %s\n", r == AIO_CANCELED ? "AIO_CANCELED" :
	       r == AIO_NOTCANCELED ? "AIO_NOTCANCELED" : "?");
	if (r == AIO_CANCELED) {
		if (e != ECANCELED || aio_return(&cb[1]) != -1)
			PTS_FAILED("AIO_CANCELED but status %d", e);
		left = 2;
	} else if (r != AIO_NOTCANCELED || e != EINPROGRESS) {
		PTS_FAILED("aio_cancel() %d, the request's status %d", r, e);
	}
	if (aio_error(&cb[0]) != EINPROGRESS || aio_error(&cb[2]) != EINPROGRESS)
		PTS_FAILED("another request was touched by aio_cancel(&second)");
	if (write(p[1], "abc", left) != left)
		PTS_UNRES("write(): %m");
	for (i = 0; i < 3; i++) {
		if (i == 1 && left == 2)
			continue;
		if (pts_aio_wait(&cb[i], &e) != 1 || e)
			PTS_FAILED("request %d did not complete: status %d", i, e);
	}
	PTS_PASSED("only the named request was cancelled (ECANCELED, -1)");
}
