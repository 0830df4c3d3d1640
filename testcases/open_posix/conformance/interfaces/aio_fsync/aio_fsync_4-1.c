// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_fsync(): aio_error() and aio_return() give the error status and
 * return status of the request: 0 and 0 for a regular file (O_SYNC and
 * O_DSYNC); for descriptors open for writing that cannot be
 * synchronised (/dev/null, a pipe's write end; fsync() gives EINVAL)
 * the request is queued and then reports [EINVAL] with aio_return() -1,
 * unless the call itself refuses it with -1 and [EINVAL].
 */
#include "pts_aiopend.h"

static void check(int fd, int op, int want, const char *what)
{
	struct aiocb cb;
	ssize_t r;
	int e;

	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	errno = 0;
	if (aio_fsync(op, &cb)) {
		if (want == EINVAL && errno == EINVAL) {
			printf("%s: EINVAL from the call\n", what);
			return;
		}
		PTS_FAILED("%s: aio_fsync(): %m", what);
	}
	r = pts_aio_wait(&cb, &e);
	printf("%s: status %d, return %zd\n", what, e, r);
	if (e != want || r != (want ? -1 : 0))
		PTS_FAILED("%s: status %d, return %zd; expected %d and %d", what,
			   e, r, want, want ? -1 : 0);
}

int main(void)
{
	char path[64];
	int fd, null, p[2];

	snprintf(path, sizeof(path), "/tmp/pts_aio_fsync4_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	null = open("/dev/null", O_WRONLY);
	if (fd < 0 || null < 0 || pipe(p) || write(fd, "x", 1) != 1)
		PTS_UNRES("set-up: %m");
	check(fd, O_SYNC, 0, "a file, O_SYNC");
	check(fd, O_DSYNC, 0, "a file, O_DSYNC");
	check(null, O_SYNC, EINVAL, "/dev/null");
	check(p[1], O_DSYNC, EINVAL, "a pipe");
	PTS_PASSED("status 0/return 0 for a file; EINVAL/-1 where fsync() is impossible");
}
