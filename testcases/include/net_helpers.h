/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Loopback helpers of the network namespace tests. */
#ifndef NET_HELPERS_H
#define NET_HELPERS_H

#include <net/if.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include "tst_test.h"

/* lo's interface flags (SIOCGIFFLAGS). */
static inline short lo_flags(void)
{
	struct ifreq ifr = {};
	int fd = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);

	strcpy(ifr.ifr_name, "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCGIFFLAGS, lo)");
	SAFE_CLOSE(fd);
	return ifr.ifr_flags;
}

/* Bring lo up with SIOCSIFFLAGS. */
static inline void lo_up(void)
{
	struct ifreq ifr = {};
	int fd = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);

	strcpy(ifr.ifr_name, "lo");
	ifr.ifr_flags = lo_flags() | IFF_UP;
	if (ioctl(fd, SIOCSIFFLAGS, &ifr))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCSIFFLAGS, lo up)");
	SAFE_CLOSE(fd);
}

static inline struct sockaddr_in loopback_addr(unsigned short port)
{
	struct sockaddr_in sin = {
		.sin_family = AF_INET,
		.sin_port = htons(port),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};

	return sin;
}

/* A TCP socket listening on 127.0.0.1:port (0: any); its port. */
static inline int tcp_listener(unsigned short port, unsigned short *bound)
{
	struct sockaddr_in sin = loopback_addr(port);
	socklen_t len = sizeof(sin);
	int fd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);

	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "bind(127.0.0.1:%u)", port);
	if (listen(fd, 4))
		tst_brk(TBROK | TERRNO, "listen()");
	if (getsockname(fd, (struct sockaddr *)&sin, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	if (bound)
		*bound = ntohs(sin.sin_port);
	return fd;
}

#endif /* NET_HELPERS_H */
