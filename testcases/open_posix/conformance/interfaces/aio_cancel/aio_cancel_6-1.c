// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_cancel(): returns AIO_CANCELED when the requested operations were
 * cancelled. Behind a pipe read that is running (its worker sleeps in
 * read()), two more reads wait in the queue; cancelling each queued one
 * by its aiocbp returns AIO_CANCELED exactly when that request then
 * reports [ECANCELED] (which can be cancelled is the implementation's
 * choice, printed; with none cancelled the result is unsupported here).
 */
#include "pts_aiopend.h"

static struct aiocb cb[3];
static char buf[3];

int main(void)
{
	int p[2], i, r, e, canc = 0;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	for (i = 0; i < 3; i++)
		pts_aio_read_on(&cb[i], p[0], &buf[i], 1);
	pts_aio_worker_in(SYS_read);
	for (i = 1; i < 3; i++) {
		r = aio_cancel(p[0], &cb[i]);
		e = aio_error(&cb[i]);
		printf("queued request %d: %s, status %d\n", i,
		       r == AIO_CANCELED ? "AIO_CANCELED" :
		       r == AIO_NOTCANCELED ? "AIO_NOTCANCELED" : "?", e);
		if (r == AIO_CANCELED) {
			if (e != ECANCELED || aio_return(&cb[i]) != -1)
				PTS_FAILED("AIO_CANCELED, the request not cancelled");
			canc++;
		} else if (r != AIO_NOTCANCELED || e != EINPROGRESS) {
			PTS_FAILED("aio_cancel() %d with status %d", r, e);
		}
	}
	if (write(p[1], "abc", 3 - canc) != 3 - canc)
		PTS_UNRES("write(): %m");
	for (i = 0; i < 3; i++)
		if (aio_error(&cb[i]) != ECANCELED &&
		    (pts_aio_wait(&cb[i], &e) != 1 || e))
			PTS_FAILED("request %d did not complete", i);
	if (!canc)
		PTS_UNSUPP("no queued request could be cancelled (allowed)");
	PTS_PASSED("AIO_CANCELED for each cancelled queued request");
}
