/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the accept4() and ppoll() tests: a TCP listener on the
 * loopback with a kernel-chosen port, a client connected to it (the
 * connection then waits in the listener's queue), and the descriptor
 * and status flags of a descriptor.
 */
#ifndef PTS_P20_H
#define PTS_P20_H

#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include "pts_sigkit.h"

/* a TCP socket listening on 127.0.0.1, flags as for socket()'s type */
static inline int pts_p20_listener(int type_flags, struct sockaddr_in *sa)
{
	socklen_t len = sizeof(*sa);
	int s = socket(AF_INET, SOCK_STREAM | type_flags, 0);

	memset(sa, 0, sizeof(*sa));
	sa->sin_family = AF_INET;
	sa->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (s < 0 || bind(s, (struct sockaddr *)sa, sizeof(*sa)) ||
	    listen(s, 8) || getsockname(s, (struct sockaddr *)sa, &len))
		PTS_UNRES("listener: %s", strerror(errno));
	return s;
}

/* a client connected to sa (loopback: the handshake completes at once) */
static inline int pts_p20_connect(const struct sockaddr_in *sa)
{
	int c = socket(AF_INET, SOCK_STREAM, 0);

	if (c < 0 || connect(c, (const struct sockaddr *)sa, sizeof(*sa)))
		PTS_UNRES("connect: %s", strerror(errno));
	return c;
}

/* FD_CLOEXEC of fd (F_GETFD) and O_NONBLOCK (F_GETFL), as 0 or 1 */
static inline int pts_p20_cloexec(int fd)
{
	int f = fcntl(fd, F_GETFD);

	if (f == -1)
		PTS_UNRES("F_GETFD %d: %s", fd, strerror(errno));
	return !!(f & FD_CLOEXEC);
}

static inline int pts_p20_nonblock(int fd)
{
	int f = fcntl(fd, F_GETFL);

	if (f == -1)
		PTS_UNRES("F_GETFL %d: %s", fd, strerror(errno));
	return !!(f & O_NONBLOCK);
}

/*
 * Wait (bounded) until fd polls readable: on a listener, a connection
 * is queued. The loopback handshake may finish in ksoftirqd after
 * connect() has returned, so a non-blocking accept must wait for it.
 */
static inline void pts_p20_wait_in(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	if (poll(&pfd, 1, (int)(pts_bound_ns(30) / 1000000)) != 1)
		PTS_UNRES("descriptor %d never became readable", fd);
}

/*
 * One byte from fd, waiting for it (bounded) with poll() first, so a
 * non-blocking descriptor is not read before the data has arrived;
 * -1 when none came.
 */
static inline int pts_p20_read1(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	unsigned char b;

	if (poll(&pfd, 1, (int)(pts_bound_ns(30) / 1000000)) != 1 ||
	    read(fd, &b, 1) != 1)
		return -1;
	return b;
}

#endif /* PTS_P20_H */
