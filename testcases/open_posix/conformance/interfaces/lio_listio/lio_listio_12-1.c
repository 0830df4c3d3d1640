// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lio_listio(): with LIO_WAIT it returns 0 when all the I/O has
 * completed successfully, and only then: on return every one of 16
 * requests (8 writes at their offsets, 8 reads of data written before)
 * already reports status 0 (not EINPROGRESS) and its count, the data is
 * in the file and in the buffers.
 */
#include "pts_aiopend.h"

#define N 16

static struct aiocb cb[N];
static char wbuf[8][4096], rbuf[8][4096], back[4096];

int main(void)
{
	struct aiocb *list[N];
	char path[64];
	int fd, i, r;

	snprintf(path, sizeof(path), "/tmp/pts_lio12_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, 16 * 4096))
		PTS_UNRES("set-up: %m");
	for (i = 0; i < 8; i++) {
		memset(back, 'A' + i, sizeof(back));
		if (pwrite(fd, back, 4096, (8 + i) * 4096) != 4096)
			PTS_UNRES("pwrite(): %m");
	}
	for (i = 0; i < N; i++) {
		int wr = i < 8;

		memset(wbuf[i % 8], 'a' + i % 8, 4096);
		cb[i].aio_fildes = fd;
		cb[i].aio_buf = wr ? wbuf[i] : rbuf[i - 8];
		cb[i].aio_nbytes = 4096;
		cb[i].aio_offset = (off_t)i * 4096;
		cb[i].aio_lio_opcode = wr ? LIO_WRITE : LIO_READ;
		list[i] = &cb[i];
	}
	r = lio_listio(LIO_WAIT, list, N, NULL);
	if (r != 0)
		PTS_FAILED("lio_listio(LIO_WAIT) returned %d (%m)", r);
	for (i = 0; i < N; i++)
		if (aio_error(&cb[i]) != 0 || aio_return(&cb[i]) != 4096)
			PTS_FAILED("request %d: status %d on return", i,
				   aio_error(&cb[i]));
	for (i = 0; i < 8; i++) {
		memset(back, 'A' + i, sizeof(back));
		if (memcmp(rbuf[i], back, 4096))
			PTS_FAILED("read %d has the wrong data", i);
		if (pread(fd, back, 4096, i * 4096) != 4096 ||
		    memcmp(back, wbuf[i], 4096))
			PTS_FAILED("write %d is not in the file", i);
	}
	PTS_PASSED("LIO_WAIT returned 0 with all 16 requests complete");
}
