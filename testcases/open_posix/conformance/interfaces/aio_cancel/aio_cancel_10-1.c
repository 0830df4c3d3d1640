// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_cancel(): -1 with [EBADF] when fildes is not a valid descriptor:
 * -1, a just closed descriptor and INT_MAX, with aiocbp NULL and with
 * an aiocbp naming that descriptor; an aiocb given so is not touched.
 * A pending request on another descriptor stays EINPROGRESS.
 */
#include <limits.h>

#include "pts_aiopend.h"

static struct aiocb pend, named, copy;
static char c;

static void ebadf(int fd, const char *what)
{
	int r;

	errno = 0;
	r = aio_cancel(fd, NULL);
	if (r != -1 || errno != EBADF)
		PTS_FAILED("%s, NULL: %d %s, expected -1 EBADF", what, r,
			   strerrorname_np(errno));
	named.aio_fildes = fd;
	copy = named;
	errno = 0;
	r = aio_cancel(fd, &named);
	if (r != -1 || errno != EBADF)
		PTS_FAILED("%s, aiocbp: %d %s, expected -1 EBADF", what, r,
			   strerrorname_np(errno));
	if (memcmp(&copy, &named, sizeof(named)))
		PTS_FAILED("%s: the aiocb was modified", what);
}

int main(void)
{
	int p[2], closed, e;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	closed = dup(p[1]);
	if (closed < 0 || close(closed))
		PTS_UNRES("dup/close: %m");
	pts_aio_read_on(&pend, p[0], &c, 1);
	named.aio_buf = &c;
	named.aio_nbytes = 1;
	ebadf(-1, "fd -1");
	ebadf(closed, "a closed descriptor");
	ebadf(INT_MAX, "INT_MAX");
	if (aio_error(&pend) != EINPROGRESS)
		PTS_FAILED("a pending request on another descriptor changed");
	if (write(p[1], "z", 1) != 1 || pts_aio_wait(&pend, &e) != 1 || e)
		PTS_FAILED("the pending request did not complete");
	PTS_PASSED("-1 EBADF for invalid descriptors, nothing touched");
}
