// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_write(): returns 0 when the request is queued: exactly 0 for a
 * write to a file (completing with its count, the data read back), for
 * a write of 0 bytes, and for writes to a full pipe that cannot
 * complete yet (EINPROGRESS after the call; they complete once the pipe
 * is drained).
 */
#include "pts_aiopend.h"

static struct aiocb f, z, p1;
static char big[1 << 17];

static void submit(struct aiocb *cb, int fd, const char *buf, size_t n,
		   const char *what)
{
	int r;

	cb->aio_fildes = fd;
	cb->aio_buf = (void *)buf;
	cb->aio_nbytes = n;
	r = aio_write(cb);
	if (r != 0)
		PTS_FAILED("%s: aio_write() returned %d (%m)", what, r);
}

int main(void)
{
	char path[64], back[8];
	int fd, p[2], e;

	snprintf(path, sizeof(path), "/tmp/pts_aio_write5_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || pipe(p) || fcntl(p[1], F_SETFL, O_NONBLOCK))
		PTS_UNRES("set-up: %m");
	while (write(p[1], big, sizeof(big)) > 0)
		;
	if (fcntl(p[1], F_SETFL, 0))
		PTS_UNRES("fcntl(): %m");
	submit(&p1, p[1], "pipe", 4, "a full pipe");
	pts_aio_worker_in(SYS_write);
	if (aio_error(&p1) != EINPROGRESS)
		PTS_FAILED("the write to a full pipe is not EINPROGRESS");
	submit(&f, fd, "written", 7, "a file");
	submit(&z, fd, "", 0, "0 bytes");
	if (pts_aio_wait(&f, &e) != 7 || e || pread(fd, back, 7, 0) != 7 ||
	    memcmp(back, "written", 7))
		PTS_FAILED("the file write: status %d", e);
	if (pts_aio_wait(&z, &e) != 0 || e)
		PTS_FAILED("the write of 0 bytes: status %d", e);
	if (read(p[0], big, sizeof(big)) <= 0 || pts_aio_wait(&p1, &e) != 4 || e)
		PTS_FAILED("the pipe write did not complete: status %d", e);
	PTS_PASSED("aio_write() returned 0 for each queued request");
}
