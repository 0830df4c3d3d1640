// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * accept4() errors: [EAGAIN] or [EWOULDBLOCK] (one value on Linux) when
 * the listening socket has O_NONBLOCK and no connection is pending;
 * [EBADF] for a descriptor that is not open; [ENOTSOCK] for a pipe;
 * [EOPNOTSUPP] for a socket type that does not accept connections
 * (SOCK_DGRAM). A connection made afterwards is still accepted.
 */
#include "pts_p20.h"

int main(void)
{
	struct sockaddr_in sa;
	int l, c, s, d, p[2], closed;

	l = pts_p20_listener(SOCK_NONBLOCK, &sa);
	PTS_EXPECT_ERRNO(accept4(l, NULL, NULL, SOCK_CLOEXEC), EAGAIN,
			 "accept4 with nothing pending");
	closed = dup(0);
	close(closed);
	PTS_EXPECT_ERRNO(accept4(closed, NULL, NULL, 0), EBADF, "accept4(closed fd)");
	PTS_EXPECT_ERRNO(accept4(-1, NULL, NULL, 0), EBADF, "accept4(-1)");
	if (pipe(p))
		PTS_UNRES("pipe: %s", strerror(errno));
	PTS_EXPECT_ERRNO(accept4(p[0], NULL, NULL, 0), ENOTSOCK, "accept4(pipe)");
	d = socket(AF_INET, SOCK_DGRAM, 0);
	if (d < 0)
		PTS_UNRES("socket: %s", strerror(errno));
	PTS_EXPECT_ERRNO(accept4(d, NULL, NULL, 0), EOPNOTSUPP, "accept4(SOCK_DGRAM)");
	c = pts_p20_connect(&sa);
	pts_p20_wait_in(l);
	s = accept4(l, NULL, NULL, 0);
	if (s < 0)
		PTS_FAILED("accept4 after the connect: %s", strerror(errno));
	close(c);
	PTS_PASSED("EAGAIN, EBADF, ENOTSOCK, EOPNOTSUPP; a later connection accepted");
}
