// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_fsync(): [EBADF] when aio_fildes is not a valid file descriptor:
 * -1, a just closed descriptor and one at RLIMIT_NOFILE, with O_SYNC
 * and O_DSYNC; the error comes from the call (-1) or as the request's
 * status (aio_return() -1). A descriptor open only for reading is
 * printed: older POSIX wanted [EBADF] for it, POSIX.1-2008 does not.
 */
#include "pts_aiopend.h"

static void ebadf(int fd, int op, const char *what)
{
	struct aiocb cb;
	ssize_t r;
	int e;

	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	errno = 0;
	if (aio_fsync(op, &cb)) {
		if (errno != EBADF)
			PTS_FAILED("%s: aio_fsync(): %s, expected EBADF", what,
				   strerrorname_np(errno));
		return;
	}
	r = pts_aio_wait(&cb, &e);
	if (e != EBADF || r != -1)
		PTS_FAILED("%s: queued, status %d return %zd; expected EBADF and -1",
			   what, e, r);
}

int main(void)
{
	struct rlimit rl;
	struct aiocb cb;
	int closed, ro, e;

	closed = dup(0);
	ro = open("/proc/self/stat", O_RDONLY);
	if (closed < 0 || close(closed) || ro < 0 || getrlimit(RLIMIT_NOFILE, &rl))
		PTS_UNRES("set-up: %m");
	ebadf(-1, O_SYNC, "fd -1, O_SYNC");
	ebadf(-1, O_DSYNC, "fd -1, O_DSYNC");
	ebadf(closed, O_SYNC, "a closed descriptor, O_SYNC");
	ebadf(closed, O_DSYNC, "a closed descriptor, O_DSYNC");
	ebadf((int)rl.rlim_cur, O_SYNC, "RLIMIT_NOFILE");
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = ro;
	errno = 0;
	if (aio_fsync(O_SYNC, &cb))
		printf("read-only descriptor: %s from the call\n",
		       strerrorname_np(errno));
	else
		printf("read-only descriptor: queued, status %d\n",
		       (pts_aio_wait(&cb, &e), e));
	PTS_PASSED("EBADF for invalid descriptors");
}
