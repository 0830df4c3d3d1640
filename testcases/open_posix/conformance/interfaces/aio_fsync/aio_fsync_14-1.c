// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_fsync(): [EINVAL] when op is neither O_DSYNC nor O_SYNC: 0,
 * O_RDWR, O_APPEND, O_DSYNC | O_APPEND, -1; refused by the call (-1),
 * so no request exists: a later aio_cancel() of the descriptor finds
 * nothing to cancel (AIO_ALLDONE).
 */
#include "pts_aiopend.h"

int main(void)
{
	static const int bad[] = { 0, O_RDWR, O_APPEND, O_DSYNC | O_APPEND, -1 };
	char path[64];
	struct aiocb cb;
	unsigned int i;
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_aio_fsync14_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&cb, 0, sizeof(cb));
		cb.aio_fildes = fd;
		errno = 0;
		if (aio_fsync(bad[i], &cb) != -1 || errno != EINVAL)
			PTS_FAILED("op 0x%x: %s, expected -1 EINVAL", bad[i],
				   strerrorname_np(errno));
	}
	if (aio_cancel(fd, NULL) != AIO_ALLDONE)
		PTS_FAILED("a refused aio_fsync() left a request behind");
	PTS_PASSED("EINVAL for every op other than O_SYNC and O_DSYNC");
}
