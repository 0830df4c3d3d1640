// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * select(), poll(): "A socket shall be considered to have an exceptional
 * condition pending if a receive operation with ... the MSG_OOB flag
 * set would return out-of-band data without blocking." A connected TCP
 * socket with only in-band data is readable but not in exceptfds
 * (zero timeout), and poll() reports POLLIN without POLLPRI; once the
 * peer sends an out-of-band byte, select() with a bounded timeout
 * returns the socket in exceptfds (count 1 with readfds not asked), and
 * poll() reports POLLPRI; recv(MSG_OOB) then returns that byte.
 */
#include <poll.h>
#include <sys/select.h>

#include "pts_tcp.h"

int main(void)
{
	struct timeval zero = { 0, 0 }, lim;
	struct pollfd pf;
	fd_set rd, ex;
	int snd, rcv, r;
	char buf[4];

	pts_tcp_pair(&snd, &rcv);
	if (send(snd, "ab", 2, 0) != 2)
		PTS_UNRES("send(): %m");
	FD_ZERO(&rd);
	FD_SET(rcv, &rd);
	lim.tv_sec = pts_bound_ns(30) / PTS_NSEC;
	lim.tv_usec = 0;
	if (select(rcv + 1, &rd, NULL, NULL, &lim) != 1)
		PTS_UNRES("the in-band data never arrived");
	FD_ZERO(&ex);
	FD_SET(rcv, &ex);
	r = select(rcv + 1, NULL, NULL, &ex, &zero);
	if (r != 0 || FD_ISSET(rcv, &ex))
		PTS_FAILED("in-band data only: select() %d, in exceptfds %d",
			   r, FD_ISSET(rcv, &ex));
	pf.fd = rcv;
	pf.events = POLLIN | POLLPRI;
	if (poll(&pf, 1, 0) != 1 || pf.revents != POLLIN)
		PTS_FAILED("in-band data only: revents %#x, expected POLLIN",
			   pf.revents);

	if (send(snd, "!", 1, MSG_OOB) != 1)
		PTS_UNRES("send(MSG_OOB): %m");
	FD_ZERO(&ex);
	FD_SET(rcv, &ex);
	lim.tv_sec = pts_bound_ns(30) / PTS_NSEC;
	lim.tv_usec = 0;
	r = select(rcv + 1, NULL, NULL, &ex, &lim);
	if (r != 1 || !FD_ISSET(rcv, &ex))
		PTS_FAILED("out-of-band data pending: select() %d, in exceptfds %d",
			   r, FD_ISSET(rcv, &ex));
	if (poll(&pf, 1, 0) != 1 || !(pf.revents & POLLPRI))
		PTS_FAILED("out-of-band data pending: revents %#x without POLLPRI",
			   pf.revents);
	if (recv(rcv, buf, 1, MSG_OOB) != 1 || buf[0] != '!')
		PTS_FAILED("recv(MSG_OOB) did not return the byte: %m");
	PTS_PASSED("exceptfds and POLLPRI exactly while out-of-band data is pending");
}
