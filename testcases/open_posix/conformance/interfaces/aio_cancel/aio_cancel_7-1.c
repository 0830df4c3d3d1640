// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_cancel(): returns AIO_NOTCANCELED when at least one requested
 * operation cannot be cancelled because it is in progress. Of three pipe
 * reads the first is in progress (its worker sleeps in read()); with
 * aiocbp NULL the result must be AIO_NOTCANCELED whenever a request
 * stays EINPROGRESS (and AIO_CANCELED only if all three report
 * [ECANCELED]); every request not cancelled completes afterwards.
 */
#include "pts_aiopend.h"

static struct aiocb cb[3];
static char buf[3];

int main(void)
{
	int p[2], i, r, e, inprog = 0, canc = 0;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	for (i = 0; i < 3; i++)
		pts_aio_read_on(&cb[i], p[0], &buf[i], 1);
	pts_aio_worker_in(SYS_read);
	r = aio_cancel(p[0], NULL);
	for (i = 0; i < 3; i++) {
		e = aio_error(&cb[i]);
		inprog += e == EINPROGRESS;
		canc += e == ECANCELED;
	}
	printf("%s: %d in progress, %d cancelled\n",
	       r == AIO_NOTCANCELED ? "AIO_NOTCANCELED" :
	       r == AIO_CANCELED ? "AIO_CANCELED" : "?", inprog, canc);
	if (inprog + canc != 3)
		PTS_FAILED("a request has another status after aio_cancel()");
	if (inprog && r != AIO_NOTCANCELED)
		PTS_FAILED("%d request(s) still in progress, returned %d", inprog, r);
	if (!inprog && r != AIO_CANCELED)
		PTS_FAILED("all cancelled, returned %d", r);
	if (write(p[1], "abc", inprog) != inprog)
		PTS_UNRES("write(): %m");
	for (i = 0; i < 3; i++)
		if (aio_error(&cb[i]) != ECANCELED &&
		    (pts_aio_wait(&cb[i], &e) != 1 || e))
			PTS_FAILED("request %d did not complete", i);
	if (!inprog)
		PTS_UNSUPP("the running request was cancelled too (allowed)");
	PTS_PASSED("AIO_NOTCANCELED with a request in progress, which completed");
}
