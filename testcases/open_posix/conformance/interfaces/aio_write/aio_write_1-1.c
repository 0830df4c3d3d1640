// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_write()/aio_read()/aio_error()/aio_return()/aio_suspend(): an
 * asynchronous write of 64 kB at offset 4096 completes (aio_suspend()
 * waits for it), aio_error() then returns 0 and aio_return() the byte
 * count; the file holds the data (pread), and an aio_read() of it
 * returns the same bytes. A negative aio_offset fails with [EINVAL]
 * (from the call or from aio_error()).
 */
#include <aio.h>

#include "pts_helpers.h"

#define LEN 65536

static void wait_done(struct aiocb *cb)
{
	const struct aiocb *list[1] = { cb };
	struct timespec to = pts_ns_ts(pts_bound_ns(30));

	while (aio_error(cb) == EINPROGRESS)
		if (aio_suspend(list, 1, &to) && errno != EINTR)
			PTS_FAILED("aio_suspend(): %m");
}

int main(void)
{
	static char out[LEN], in[LEN], chk[LEN];
	struct aiocb cb;
	char path[64];
	int fd, i, r;

	for (i = 0; i < LEN; i++)
		out[i] = (char)(i * 7 + 3);
	snprintf(path, sizeof(path), "/tmp/pts_aio_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	cb.aio_buf = out;
	cb.aio_nbytes = LEN;
	cb.aio_offset = 4096;
	if (aio_write(&cb))
		PTS_FAILED("aio_write(): %m");
	wait_done(&cb);
	if (aio_error(&cb) || aio_return(&cb) != LEN)
		PTS_FAILED("aio_write completed with error %d", aio_error(&cb));
	if (pread(fd, chk, LEN, 4096) != LEN || memcmp(chk, out, LEN))
		PTS_FAILED("the file does not hold the written data");
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	cb.aio_buf = in;
	cb.aio_nbytes = LEN;
	cb.aio_offset = 4096;
	if (aio_read(&cb))
		PTS_FAILED("aio_read(): %m");
	wait_done(&cb);
	if (aio_error(&cb) || aio_return(&cb) != LEN || memcmp(in, out, LEN))
		PTS_FAILED("aio_read did not return the data");
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	cb.aio_buf = in;
	cb.aio_nbytes = 10;
	cb.aio_offset = -1;
	r = aio_read(&cb);
	if (r == 0) {
		wait_done(&cb);
		r = aio_error(&cb);
		if (r != EINVAL || aio_return(&cb) != -1)
			PTS_FAILED("negative offset completed with %d", r);
	} else if (errno != EINVAL) {
		PTS_FAILED("negative offset: %m, expected EINVAL");
	}
	PTS_PASSED("aio write and read round trip, EINVAL for a bad offset");
}
