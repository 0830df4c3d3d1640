// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * select() returns "the total number of bits set in the bit masks",
 * poll() "the total number of pollfd structures that have selected
 * events". A socket with data pending (readable and writable) set in
 * readfds and writefds: select() returns 2, both bits kept. Listed once
 * with POLLIN | POLLOUT, poll() returns 1 (revents both); listed in two
 * pollfd structures, 2.
 */
#include <poll.h>
#include <sys/select.h>
#include <sys/socket.h>

#include "pts_helpers.h"

int main(void)
{
	struct timeval tv = { 0, 0 };
	struct pollfd pf[2];
	fd_set r, w;
	int sv[2], n;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) || write(sv[1], "x", 1) != 1)
		PTS_UNRES("socketpair(): %m");
	FD_ZERO(&r);
	FD_ZERO(&w);
	FD_SET(sv[0], &r);
	FD_SET(sv[0], &w);
	n = select(sv[0] + 1, &r, &w, NULL, &tv);
	if (n != 2 || !FD_ISSET(sv[0], &r) || !FD_ISSET(sv[0], &w))
		PTS_FAILED("select(): %d (read bit %d, write bit %d), expected 2, both set",
			   n, FD_ISSET(sv[0], &r), FD_ISSET(sv[0], &w));
	pf[0] = (struct pollfd){ .fd = sv[0], .events = POLLIN | POLLOUT };
	n = poll(pf, 1, 0);
	if (n != 1 || pf[0].revents != (POLLIN | POLLOUT))
		PTS_FAILED("poll() of one structure: %d, revents %#x", n, pf[0].revents);
	pf[1] = (struct pollfd){ .fd = sv[0], .events = POLLIN };
	pf[0] = (struct pollfd){ .fd = sv[0], .events = POLLOUT };
	n = poll(pf, 2, 0);
	if (n != 2 || pf[0].revents != POLLOUT || pf[1].revents != POLLIN)
		PTS_FAILED("poll() of two structures: %d, revents %#x / %#x", n,
			   pf[0].revents, pf[1].revents);
	PTS_PASSED("select() counts bits (2), poll() structures (1, 2)");
}
