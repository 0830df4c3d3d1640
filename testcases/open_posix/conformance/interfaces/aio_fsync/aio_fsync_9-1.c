// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_fsync(): returns 0 when the request is queued: exactly 0 for
 * O_SYNC and O_DSYNC on a file open O_RDWR and O_WRONLY, also with an
 * aio_write() still queued ahead of it on the same descriptor; each
 * request then completes with status 0.
 */
#include "pts_aiopend.h"

static struct aiocb cb[4];

int main(void)
{
	static char data[1 << 16];
	struct aiocb w;
	char path[64];
	int fd, wo, i, r, e;

	snprintf(path, sizeof(path), "/tmp/pts_aio_fsync9_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	wo = open(path, O_WRONLY);
	unlink(path);
	if (fd < 0 || wo < 0)
		PTS_UNRES("open(): %m");
	memset(&w, 0, sizeof(w));
	w.aio_fildes = fd;
	w.aio_buf = data;
	w.aio_nbytes = sizeof(data);
	if (aio_write(&w))
		PTS_UNRES("aio_write(): %m");
	for (i = 0; i < 4; i++) {
		cb[i].aio_fildes = i < 2 ? fd : wo;
		r = aio_fsync(i & 1 ? O_DSYNC : O_SYNC, &cb[i]);
		if (r != 0)
			PTS_FAILED("aio_fsync() %d returned %d (%m)", i, r);
	}
	for (i = 0; i < 4; i++)
		if (pts_aio_wait(&cb[i], &e) != 0 || e)
			PTS_FAILED("request %d completed with status %d", i, e);
	if (pts_aio_wait(&w, &e) != (ssize_t)sizeof(data) || e)
		PTS_FAILED("the aio_write() ahead: status %d", e);
	PTS_PASSED("aio_fsync() returned 0 for each queued request");
}
