// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_cancel(): [EBADF] for a descriptor that is not open; AIO_ALLDONE
 * when every request of the descriptor has completed (also with none
 * ever made, and for a completed aiocbp). For outstanding requests it
 * returns AIO_CANCELED when all were cancelled or AIO_NOTCANCELED when
 * one could not be (which ones can is implementation-defined, printed):
 * a cancelled request reports [ECANCELED] from aio_error() and -1 from
 * aio_return(); one not cancelled completes normally with its data. The
 * requests here are reads of an empty pipe, so they cannot complete
 * before the call.
 */
#include <aio.h>

#include "pts_helpers.h"

static struct aiocb cb[3];
static char buf[3][8];

int main(void)
{
	int p[2], fd, r, i, e, canc = 0, done = 0;
	char path[] = "/tmp/aio_cancel_1-1.XXXXXX";
	const struct aiocb *list[1];
	long long end;

	PTS_EXPECT_ERRNO(aio_cancel(-1, NULL), EBADF, "aio_cancel(-1)");
	fd = mkstemp(path);
	if (fd < 0 || pipe(p))
		PTS_UNRES("set-up: %s", strerror(errno));
	unlink(path);
	r = aio_cancel(fd, NULL);
	if (r != AIO_ALLDONE)
		PTS_FAILED("aio_cancel() with no request returned %d, not AIO_ALLDONE",
			   r);
	cb[0].aio_fildes = fd;
	cb[0].aio_buf = buf[0];
	cb[0].aio_nbytes = 4;
	if (aio_write(&cb[0]))
		PTS_UNRES("aio_write(): %s", strerror(errno));
	list[0] = &cb[0];
	aio_suspend(list, 1, NULL);
	while (aio_error(&cb[0]) == EINPROGRESS)
		aio_suspend(list, 1, NULL);
	if (aio_return(&cb[0]) != 4)
		PTS_UNRES("aio_write() did not complete");
	r = aio_cancel(fd, &cb[0]);
	if (r != AIO_ALLDONE)
		PTS_FAILED("aio_cancel() of a completed request returned %d", r);

	for (i = 0; i < 3; i++) {
		memset(&cb[i], 0, sizeof(cb[i]));
		cb[i].aio_fildes = p[0];
		cb[i].aio_buf = buf[i];
		cb[i].aio_nbytes = 1;
		if (aio_read(&cb[i]))
			PTS_UNRES("aio_read(): %s", strerror(errno));
	}
	r = aio_cancel(p[0], NULL);
	printf("aio_cancel() of three pending pipe reads: %s\n",
	       r == AIO_CANCELED ? "AIO_CANCELED" :
	       r == AIO_NOTCANCELED ? "AIO_NOTCANCELED" : "?");
	if (r != AIO_CANCELED && r != AIO_NOTCANCELED)
		PTS_FAILED("aio_cancel() of pending requests returned %d", r);
	for (i = 0; i < 3; i++) {
		e = aio_error(&cb[i]);
		if (e == ECANCELED) {
			canc++;
			if (aio_return(&cb[i]) != -1)
				PTS_FAILED("a cancelled request's aio_return() is not -1");
		} else if (e != EINPROGRESS) {
			PTS_FAILED("request %d: aio_error() %d after aio_cancel()",
				   i, e);
		}
	}
	printf("%d of 3 cancelled\n", canc);
	if (r == AIO_CANCELED && canc != 3)
		PTS_FAILED("AIO_CANCELED but only %d of 3 report ECANCELED", canc);
	if (r == AIO_NOTCANCELED && canc == 3)
		PTS_FAILED("AIO_NOTCANCELED but every request reports ECANCELED");
	/* the survivors must complete with data */
	if (write(p[1], "abc", 3) != 3)
		PTS_UNRES("write(): %s", strerror(errno));
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	for (i = 0; i < 3; i++) {
		if (aio_error(&cb[i]) == ECANCELED)
			continue;
		list[0] = &cb[i];
		while (aio_error(&cb[i]) == EINPROGRESS) {
			struct timespec ts = { 0, 100000000 };

			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_FAILED("a request not cancelled never completed");
			aio_suspend(list, 1, &ts);
		}
		if (aio_error(&cb[i]) || aio_return(&cb[i]) != 1)
			PTS_FAILED("a request not cancelled failed");
		done++;
	}
	if (canc + done != 3)
		PTS_FAILED("%d cancelled + %d completed of 3", canc, done);
	close(fd);
	PTS_PASSED("EBADF, AIO_ALLDONE, pending requests cancelled (ECANCELED, -1) or completed");
}
