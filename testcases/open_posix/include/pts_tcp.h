/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A connected pair of TCP sockets over the loopback interface, for the
 * tests of out-of-band data (SIGURG, exceptional conditions). Ends the
 * test as unsupported where there is no IPv4 loopback.
 */
#ifndef PTS_TCP_H
#define PTS_TCP_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "pts_helpers.h"

/* *snd is the connecting end, *rcv the accepted one */
static inline void pts_tcp_pair(int *snd, int *rcv)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t len = sizeof(sa);
	int l;

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	l = socket(AF_INET, SOCK_STREAM, 0);
	*snd = socket(AF_INET, SOCK_STREAM, 0);
	if (l < 0 || *snd < 0)
		PTS_UNSUPP("no IPv4 TCP sockets: %m");
	if (bind(l, (struct sockaddr *)&sa, sizeof(sa)) || listen(l, 1) ||
	    getsockname(l, (struct sockaddr *)&sa, &len))
		PTS_UNRES("listen on 127.0.0.1: %m");
	if (connect(*snd, (struct sockaddr *)&sa, sizeof(sa))) {
		if (errno == ENETUNREACH || errno == EADDRNOTAVAIL)
			PTS_UNSUPP("no loopback interface: %m");
		PTS_UNRES("connect(): %m");
	}
	*rcv = accept(l, NULL, NULL);
	if (*rcv < 0)
		PTS_UNRES("accept(): %m");
	close(l);
}

#endif /* PTS_TCP_H */
