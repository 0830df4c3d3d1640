// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_fsync() queues a synchronisation of the descriptor's data: with
 * O_SYNC and with O_DSYNC it completes with aio_error() 0 and
 * aio_return() 0, after which the data written before it reads back.
 * It fails with [EINVAL] for an op other than O_SYNC/O_DSYNC, and with
 * [EBADF] (from the call, or as the request's status with aio_return()
 * -1) for a descriptor that is not open; for a read-only descriptor the
 * result is only printed (fsync() of it succeeds on Linux).
 */
#include <aio.h>

#include "pts_helpers.h"

static int wait_done(struct aiocb *cb)
{
	const struct aiocb *list[1] = { cb };
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	struct timespec ts = { 0, 100000000 };

	while (aio_error(cb) == EINPROGRESS) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("aio_fsync() never completed");
		aio_suspend(list, 1, &ts);
	}
	return aio_error(cb);
}

int main(void)
{
	char path[] = "/tmp/aio_fsync_1-1.XXXXXX", back[16];
	struct aiocb cb;
	int fd, rfd, e, ops[2] = { O_SYNC, O_DSYNC }, i;
	ssize_t r;

	fd = mkstemp(path);
	if (fd < 0)
		PTS_UNRES("mkstemp(): %s", strerror(errno));
	rfd = open(path, O_RDONLY);
	unlink(path);
	for (i = 0; i < 2; i++) {
		if (pwrite(fd, i ? "second" : "first!", 6, 0) != 6)
			PTS_UNRES("pwrite(): %s", strerror(errno));
		memset(&cb, 0, sizeof(cb));
		cb.aio_fildes = fd;
		if (aio_fsync(ops[i], &cb))
			PTS_FAILED("aio_fsync(%s): %s", i ? "O_DSYNC" : "O_SYNC",
				   strerror(errno));
		e = wait_done(&cb);
		r = aio_return(&cb);
		if (e || r)
			PTS_FAILED("aio_fsync(%s): aio_error %d, aio_return %zd",
				   i ? "O_DSYNC" : "O_SYNC", e, r);
		if (pread(rfd, back, 6, 0) != 6 ||
		    memcmp(back, i ? "second" : "first!", 6))
			PTS_FAILED("data not read back after aio_fsync()");
	}
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	PTS_EXPECT_ERRNO(aio_fsync(O_RDWR | 0x100000, &cb), EINVAL,
			 "aio_fsync(bad op)");
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = 9999;
	errno = 0;
	if (aio_fsync(O_SYNC, &cb) == 0) {
		e = wait_done(&cb);
		if (e != EBADF)
			PTS_FAILED("aio_fsync() of a closed fd: status %d, not EBADF",
				   e);
		if (aio_return(&cb) != -1)
			PTS_FAILED("aio_return() of the failed fsync not -1");
	} else if (errno != EBADF) {
		PTS_FAILED("aio_fsync() of a closed fd: %s, not EBADF",
			   strerror(errno));
	}
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = rfd;
	if (aio_fsync(O_SYNC, &cb))
		printf("read-only fd: aio_fsync() %s\n", strerror(errno));
	else
		printf("read-only fd: queued, status %d\n", wait_done(&cb));
	close(fd);
	close(rfd);
	PTS_PASSED("O_SYNC and O_DSYNC complete with 0, data read back; EINVAL, EBADF");
}
