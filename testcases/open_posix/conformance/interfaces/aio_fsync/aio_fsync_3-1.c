// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_fsync(): with op O_SYNC all I/O operations queued on the file at
 * the time of the call are completed as if by fsync(). Eight 1 MiB
 * aio_write()s are queued, then aio_fsync(O_SYNC): once the fsync
 * request reports completion (status 0, return 0), none of the writes
 * may still be in progress, each returns its full count and its bytes
 * are in the file.
 */
#include "pts_aiopend.h"

int main(void)
{
	char path[64];
	int fd, pending;

	snprintf(path, sizeof(path), "/tmp/pts_aio_fsync3_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	pending = pts_aio_fsync_after_writes(fd, O_SYNC);
	if (pending)
		PTS_FAILED("%d of %d earlier writes pending when the O_SYNC request completed",
			   pending, PTS_AIO_FSYNC_N);
	PTS_PASSED("O_SYNC completed after every write queued before it");
}
