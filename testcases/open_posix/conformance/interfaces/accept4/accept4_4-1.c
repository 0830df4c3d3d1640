// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * accept4() stores the address of the connecting socket in *address and
 * its length in *address_len: the client's 127.0.0.1 and the port
 * getsockname() reports for the client, length sizeof(struct
 * sockaddr_in). A null address is allowed (nothing stored). The
 * returned socket's getpeername() is the same address.
 */
#include "pts_p20.h"

int main(void)
{
	struct sockaddr_in sa, ca, got, peer;
	socklen_t len, clen = sizeof(ca), plen = sizeof(peer);
	int l, c, s;

	l = pts_p20_listener(0, &sa);
	c = pts_p20_connect(&sa);
	if (getsockname(c, (struct sockaddr *)&ca, &clen))
		PTS_UNRES("getsockname: %s", strerror(errno));
	memset(&got, 0xa5, sizeof(got));
	len = sizeof(got) + 8;
	s = accept4(l, (struct sockaddr *)&got, &len, SOCK_CLOEXEC);
	if (s < 0)
		PTS_FAILED("accept4: %s", strerror(errno));
	if (len != sizeof(struct sockaddr_in))
		PTS_FAILED("address_len %u, expected %zu", len, sizeof(struct sockaddr_in));
	if (got.sin_family != AF_INET || got.sin_port != ca.sin_port ||
	    got.sin_addr.s_addr != htonl(INADDR_LOOPBACK))
		PTS_FAILED("address family %d port %d, expected AF_INET port %d",
			   got.sin_family, ntohs(got.sin_port), ntohs(ca.sin_port));
	if (getpeername(s, (struct sockaddr *)&peer, &plen) ||
	    peer.sin_port != ca.sin_port)
		PTS_FAILED("getpeername of the new socket disagrees");
	close(s);
	close(c);
	c = pts_p20_connect(&sa);
	s = accept4(l, NULL, NULL, 0);
	if (s < 0)
		PTS_FAILED("accept4 with a null address: %s", strerror(errno));
	PTS_PASSED("peer address and length stored; a null address allowed");
}
