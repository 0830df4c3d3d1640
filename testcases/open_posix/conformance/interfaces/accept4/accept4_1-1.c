// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * accept4() (POSIX.1-2024) is accept() with flags for the new socket:
 * SOCK_CLOEXEC sets FD_CLOEXEC on the new descriptor, SOCK_NONBLOCK sets
 * O_NONBLOCK on its open file description, and each is clear when not
 * given - also when the listening socket itself has O_NONBLOCK and
 * FD_CLOEXEC. All four combinations, each on a connection of its own,
 * read back with fcntl(); the new socket carries the client's data.
 */
#include "pts_p20.h"

int main(void)
{
	static const int flags[] = { 0, SOCK_CLOEXEC, SOCK_NONBLOCK,
				     SOCK_CLOEXEC | SOCK_NONBLOCK };
	struct sockaddr_in sa;
	int l, c, s, i;

	l = pts_p20_listener(SOCK_NONBLOCK | SOCK_CLOEXEC, &sa);
	for (i = 0; i < 4; i++) {
		c = pts_p20_connect(&sa);
		if (write(c, "x", 1) != 1)
			PTS_UNRES("write: %s", strerror(errno));
		pts_p20_wait_in(l);
		s = accept4(l, NULL, NULL, flags[i]);
		if (s < 0)
			PTS_FAILED("accept4(flags %#x): %s", flags[i], strerror(errno));
		if (pts_p20_cloexec(s) != !!(flags[i] & SOCK_CLOEXEC) ||
		    pts_p20_nonblock(s) != !!(flags[i] & SOCK_NONBLOCK))
			PTS_FAILED("flags %#x: FD_CLOEXEC %d O_NONBLOCK %d", flags[i],
				   pts_p20_cloexec(s), pts_p20_nonblock(s));
		if (pts_p20_read1(s) != 'x')
			PTS_FAILED("flags %#x: the client's byte did not arrive", flags[i]);
		close(s);
		close(c);
	}
	PTS_PASSED("FD_CLOEXEC and O_NONBLOCK exactly as the flags ask, not from the listener");
}
