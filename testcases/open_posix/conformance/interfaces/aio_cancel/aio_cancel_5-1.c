// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_cancel(): an aiocb that is not successfully cancelled is not
 * modified. The running read of a pipe (its worker sleeps in read())
 * is asked to be cancelled; whatever the result, a request not
 * cancelled keeps its public members (aio_fildes, aio_buf, aio_nbytes,
 * aio_offset, aio_reqprio, aio_sigevent, aio_lio_opcode) as they were,
 * stays EINPROGRESS and completes with the bytes that come.
 */
#include "pts_aiopend.h"

static struct aiocb cb, copy;
static char buf[4];

static int same(void)
{
	return cb.aio_fildes == copy.aio_fildes && cb.aio_buf == copy.aio_buf &&
	       cb.aio_nbytes == copy.aio_nbytes &&
	       cb.aio_offset == copy.aio_offset &&
	       cb.aio_reqprio == copy.aio_reqprio &&
	       cb.aio_lio_opcode == copy.aio_lio_opcode &&
	       !memcmp(&cb.aio_sigevent, &copy.aio_sigevent,
		       sizeof(cb.aio_sigevent));
}

int main(void)
{
	int p[2], r, e;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	pts_aio_read_on(&cb, p[0], buf, 3);
	copy = cb;
	pts_aio_worker_in(SYS_read);
	r = aio_cancel(p[0], &cb);
	if (r == AIO_CANCELED) {
		if (aio_error(&cb) != ECANCELED)
			PTS_FAILED("AIO_CANCELED but status %d", aio_error(&cb));
		PTS_UNSUPP("the running read was cancelled: nothing left to check (allowed)");
	}
	if (r != AIO_NOTCANCELED)
		PTS_FAILED("aio_cancel() returned %d", r);
	if (aio_error(&cb) != EINPROGRESS)
		PTS_FAILED("AIO_NOTCANCELED but status %d", aio_error(&cb));
	if (!same())
		PTS_FAILED("the aiocb not cancelled was modified");
	if (write(p[1], "abc", 3) != 3)
		PTS_UNRES("write(): %m");
	if (pts_aio_wait(&cb, &e) != 3 || e || memcmp(buf, "abc", 3))
		PTS_FAILED("the request not cancelled did not complete: status %d",
			   e);
	if (!same())
		PTS_FAILED("the aiocb changed by its completion");
	PTS_PASSED("AIO_NOTCANCELED left the aiocb unmodified; it completed");
}
