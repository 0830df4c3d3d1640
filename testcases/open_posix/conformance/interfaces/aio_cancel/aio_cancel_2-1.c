// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_cancel(): with aiocbp NULL all outstanding cancelable requests
 * against fildes are cancelled, and only those. Three reads pend on
 * pipe A and two on pipe B; aio_cancel(A, NULL) returns AIO_CANCELED
 * or AIO_NOTCANCELED (which requests can be cancelled is printed), A's
 * requests each report [ECANCELED] (aio_return() -1) or complete with
 * their byte afterwards, while both of B's stay EINPROGRESS and then
 * read B's bytes.
 */
#include "pts_aiopend.h"

static struct aiocb a[3], b[2];
static char ab[3], bb[2];

int main(void)
{
	int pa[2], pb[2], i, r, e, canc = 0;

	if (pipe(pa) || pipe(pb))
		PTS_UNRES("pipe(): %m");
	for (i = 0; i < 3; i++)
		pts_aio_read_on(&a[i], pa[0], &ab[i], 1);
	for (i = 0; i < 2; i++)
		pts_aio_read_on(&b[i], pb[0], &bb[i], 1);
	r = aio_cancel(pa[0], NULL);
	if (r != AIO_CANCELED && r != AIO_NOTCANCELED)
		PTS_FAILED("aio_cancel(A, NULL) returned %d", r);
	for (i = 0; i < 3; i++) {
		e = aio_error(&a[i]);
		if (e == ECANCELED) {
			canc++;
			if (aio_return(&a[i]) != -1)
				PTS_FAILED("A%d cancelled, aio_return() not -1", i);
		} else if (e != EINPROGRESS) {
			PTS_FAILED("A%d: status %d after aio_cancel()", i, e);
		}
	}
	printf("%s, %d of A's 3 requests cancelled\n",
	       r == AIO_CANCELED ? "AIO_CANCELED" : "AIO_NOTCANCELED", canc);
	if ((r == AIO_CANCELED) != (canc == 3))
		PTS_FAILED("the return value does not match the requests' states");
	for (i = 0; i < 2; i++)
		if (aio_error(&b[i]) != EINPROGRESS)
			PTS_FAILED("B%d: status %d, cancelled with A's", i,
				   aio_error(&b[i]));
	if (write(pb[1], "xy", 2) != 2 || write(pa[1], "abc", 3 - canc) != 3 - canc)
		PTS_UNRES("write(): %m");
	for (i = 0; i < 2; i++)
		if (pts_aio_wait(&b[i], &e) != 1 || e)
			PTS_FAILED("B%d did not complete: status %d", i, e);
	if (!((bb[0] == 'x' && bb[1] == 'y') || (bb[0] == 'y' && bb[1] == 'x')))
		PTS_FAILED("B's requests read the wrong bytes");
	for (i = 0; i < 3; i++)
		if (aio_error(&a[i]) != ECANCELED &&
		    (pts_aio_wait(&a[i], &e) != 1 || e))
			PTS_FAILED("A%d, not cancelled, did not complete", i);
	PTS_PASSED("only the named descriptor's requests were cancelled");
}
