// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_error(): [EINPROGRESS] while the operation has not completed: a
 * read of an empty pipe (its worker sleeping in read()) and a write to
 * a full pipe report EINPROGRESS, asked repeatedly; once the other end
 * supplies or drains bytes, each reports 0 and aio_return() gives its
 * count and data.
 */
#include "pts_aiopend.h"

static struct aiocb r, w;
static char in[4], out[4096];

int main(void)
{
	static char drain[1 << 17];
	int a[2], b[2], i, e;
	ssize_t n;

	if (pipe(a) || pipe(b))
		PTS_UNRES("pipe(): %m");
	/* fill pipe b so that a write to it blocks */
	if (fcntl(b[1], F_SETFL, O_NONBLOCK))
		PTS_UNRES("fcntl(): %m");
	while (write(b[1], drain, sizeof(drain)) > 0)
		;
	if (fcntl(b[1], F_SETFL, 0))
		PTS_UNRES("fcntl(): %m");
	pts_aio_read_on(&r, a[0], in, 3);
	memset(out, 'w', sizeof(out));
	w.aio_fildes = b[1];
	w.aio_buf = out;
	w.aio_nbytes = sizeof(out);
	if (aio_write(&w))
		PTS_UNRES("aio_write(): %m");
	pts_aio_worker_in(SYS_write);
	pts_aio_worker_in(SYS_read);
	for (i = 0; i < 3; i++)
		if (aio_error(&r) != EINPROGRESS || aio_error(&w) != EINPROGRESS)
			PTS_FAILED("status %d/%d of pending requests, not EINPROGRESS",
				   aio_error(&r), aio_error(&w));
	if (write(a[1], "abc", 3) != 3)
		PTS_UNRES("write(): %m");
	if (pts_aio_wait(&r, &e) != 3 || e || memcmp(in, "abc", 3))
		PTS_FAILED("the read: status %d", e);
	/* one read empties the pipe (its capacity is below the buffer) */
	n = read(b[0], drain, sizeof(drain));
	if (n < (ssize_t)sizeof(out))
		PTS_UNRES("read() of the full pipe: %zd", n);
	if (pts_aio_wait(&w, &e) != (ssize_t)sizeof(out) || e)
		PTS_FAILED("the write: status %d", e);
	PTS_PASSED("EINPROGRESS while pending, 0 and the count once completed");
}
