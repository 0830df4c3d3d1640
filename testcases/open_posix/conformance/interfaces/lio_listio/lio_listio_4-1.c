// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lio_listio(): NULL elements of the list are ignored: with LIO_WAIT a
 * list NULL, write, NULL, NULL, read, NULL returns 0 with both real
 * requests done (statuses 0, counts, data); a list of NULLs only
 * returns 0 at once, the file untouched.
 */
#include "pts_aiopend.h"

static struct aiocb w, r;
static char rbuf[4];

int main(void)
{
	struct aiocb *list[6] = { NULL, &w, NULL, NULL, &r, NULL };
	struct aiocb *none[3] = { NULL, NULL, NULL };
	char path[64], back[8];
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_lio4_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || write(fd, "abcdefgh", 8) != 8)
		PTS_UNRES("set-up: %m");
	w.aio_fildes = fd;
	w.aio_buf = "WXYZ";
	w.aio_nbytes = 4;
	w.aio_lio_opcode = LIO_WRITE;
	r.aio_fildes = fd;
	r.aio_buf = rbuf;
	r.aio_nbytes = 4;
	r.aio_offset = 4;
	r.aio_lio_opcode = LIO_READ;
	if (lio_listio(LIO_WAIT, list, 6, NULL))
		PTS_FAILED("a list with NULL elements: %m");
	if (aio_error(&w) || aio_return(&w) != 4 || aio_error(&r) ||
	    aio_return(&r) != 4 || memcmp(rbuf, "efgh", 4))
		PTS_FAILED("the real requests were not done");
	if (lio_listio(LIO_WAIT, none, 3, NULL))
		PTS_FAILED("a list of NULLs only: %m");
	if (lio_listio(LIO_NOWAIT, none, 3, NULL))
		PTS_FAILED("a LIO_NOWAIT list of NULLs only: %m");
	if (pread(fd, back, 8, 0) != 8 || memcmp(back, "WXYZefgh", 8))
		PTS_FAILED("the file holds %.8s", back);
	PTS_PASSED("NULL elements ignored, the others done");
}
