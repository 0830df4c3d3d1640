// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lio_listio(): with LIO_NOWAIT it returns 0 when the operations are
 * queued: exactly 0 for a list holding a read of an empty pipe, which
 * then still reports EINPROGRESS, and a write to a file; both complete
 * afterwards (the pipe read once a byte is written).
 */
#include "pts_aiopend.h"

static struct aiocb rd, wr;
static char c;

int main(void)
{
	struct aiocb *list[2] = { &rd, &wr };
	char path[64], back[4];
	int fd, p[2], r, e;

	snprintf(path, sizeof(path), "/tmp/pts_lio10_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || pipe(p))
		PTS_UNRES("set-up: %m");
	rd.aio_fildes = p[0];
	rd.aio_buf = &c;
	rd.aio_nbytes = 1;
	rd.aio_lio_opcode = LIO_READ;
	wr.aio_fildes = fd;
	wr.aio_buf = "file";
	wr.aio_nbytes = 4;
	wr.aio_lio_opcode = LIO_WRITE;
	r = lio_listio(LIO_NOWAIT, list, 2, NULL);
	if (r != 0)
		PTS_FAILED("lio_listio(LIO_NOWAIT) returned %d (%m)", r);
	if (aio_error(&rd) != EINPROGRESS)
		PTS_FAILED("the pipe read is not in progress after the call");
	if (pts_aio_wait(&wr, &e) != 4 || e || pread(fd, back, 4, 0) != 4 ||
	    memcmp(back, "file", 4))
		PTS_FAILED("the file write: status %d", e);
	if (write(p[1], "p", 1) != 1 || pts_aio_wait(&rd, &e) != 1 || e ||
	    c != 'p')
		PTS_FAILED("the pipe read: status %d", e);
	PTS_PASSED("LIO_NOWAIT returned 0 with a request still pending");
}
