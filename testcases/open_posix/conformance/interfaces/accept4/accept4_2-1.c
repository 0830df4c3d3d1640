// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * accept4() fails with [EINVAL] for a flags value with a bit other than
 * SOCK_CLOEXEC and SOCK_NONBLOCK (the pending connection is not
 * consumed: a valid accept4() then returns it, carrying the client's
 * byte), and for a socket that is not accepting connections (bound but
 * not listening).
 */
#include "pts_p20.h"

int main(void)
{
	struct sockaddr_in sa, sb = { .sin_family = AF_INET };
	int l, c, s, u;

	l = pts_p20_listener(SOCK_NONBLOCK, &sa);
	c = pts_p20_connect(&sa);
	if (write(c, "y", 1) != 1)
		PTS_UNRES("write: %s", strerror(errno));
	pts_p20_wait_in(l);
	PTS_EXPECT_ERRNO(accept4(l, NULL, NULL, O_APPEND), EINVAL, "accept4(O_APPEND)");
	PTS_EXPECT_ERRNO(accept4(l, NULL, NULL, 0x40000000), EINVAL,
			 "accept4(unknown bit)");
	PTS_EXPECT_ERRNO(accept4(l, NULL, NULL, SOCK_CLOEXEC | O_SYNC), EINVAL,
			 "accept4(SOCK_CLOEXEC | O_SYNC)");
	s = accept4(l, NULL, NULL, 0);
	if (s < 0)
		PTS_FAILED("the connection was lost by the failed calls: %s",
			   strerror(errno));
	if (pts_p20_read1(s) != 'y')
		PTS_FAILED("the accepted socket lacks the client's byte");

	u = socket(AF_INET, SOCK_STREAM, 0);
	sb.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (u < 0 || bind(u, (struct sockaddr *)&sb, sizeof(sb)))
		PTS_UNRES("bind: %s", strerror(errno));
	PTS_EXPECT_ERRNO(accept4(u, NULL, NULL, 0), EINVAL, "accept4 on a socket not listening");
	PTS_PASSED("EINVAL for unknown flag bits (connection kept) and for a non-listening socket");
}
