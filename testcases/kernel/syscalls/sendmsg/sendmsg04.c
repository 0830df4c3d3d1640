// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sendmsg(2) and sendto(2) errors of the socket's state against the
 * address given, each through both calls with one byte of data:
 * - ENOTSOCK for a regular file and for a pipe (net/socket.c
 *   sockfd_lookup_light());
 * - EDESTADDRREQ for an unconnected UDP socket without an address
 *   (udp_sendmsg());
 * - AF_UNIX (net/unix/af_unix.c of 6.1 and 6.12): ENOTCONN for an
 *   unconnected datagram socket without an address, and for an
 *   unconnected SOCK_SEQPACKET socket even with one (the state is checked
 *   before the address is dropped); a SOCK_STREAM socket given an address
 *   is EISCONN when connected, EOPNOTSUPP when not.
 * After the EISCONN rows the peer receives exactly the one byte sent next
 * without an address: the failed call queued nothing.
 * Syscalls: sendmsg, sendto
 */
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "tst_test.h"

enum kind { K_FILE, K_PIPE, K_UDP, K_UNIX_DGRAM, K_SEQPACKET,
	    K_STREAM_CONNECTED, K_STREAM_UNCONNECTED };

static struct tcase {
	enum kind kind;
	int with_addr;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ K_FILE, 0, ENOTSOCK, "a regular file" },
	{ K_PIPE, 0, ENOTSOCK, "a pipe" },
	{ K_UDP, 0, EDESTADDRREQ, "an unconnected UDP socket, no address" },
	{ K_UNIX_DGRAM, 0, ENOTCONN,
	  "an unconnected AF_UNIX datagram socket, no address" },
	{ K_SEQPACKET, 1, ENOTCONN,
	  "an unconnected AF_UNIX SOCK_SEQPACKET socket, an address" },
	{ K_STREAM_CONNECTED, 1, EISCONN,
	  "a connected AF_UNIX stream socket, an address" },
	{ K_STREAM_UNCONNECTED, 1, EOPNOTSUPP,
	  "an unconnected AF_UNIX stream socket, an address" },
};

static struct sockaddr_un sun = { .sun_family = AF_UNIX };

/* fd[0] is the one to send on; fd[1] its peer or -1. */
static void make(enum kind kind, int fd[2])
{
	int p[2];

	fd[1] = -1;
	switch (kind) {
	case K_FILE:
		fd[0] = SAFE_OPEN("file", O_RDWR | O_CREAT, 0600);
		break;
	case K_PIPE:
		SAFE_PIPE(p);
		fd[0] = p[1];
		fd[1] = p[0];
		break;
	case K_UDP:
		fd[0] = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
		break;
	case K_UNIX_DGRAM:
		fd[0] = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
		break;
	case K_SEQPACKET:
		fd[0] = SAFE_SOCKET(AF_UNIX, SOCK_SEQPACKET, 0);
		break;
	case K_STREAM_CONNECTED:
		SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, fd);
		break;
	case K_STREAM_UNCONNECTED:
		fd[0] = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
		break;
	}
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	char c = 'x', got[2];
	struct iovec iov = { &c, 1 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	const struct sockaddr *addr = NULL;
	socklen_t alen = 0;
	int fd[2];

	if (tc->with_addr) {
		addr = (const struct sockaddr *)&sun;
		alen = sizeof(sun);
		msg.msg_name = &sun;
		msg.msg_namelen = alen;
	}
	make(tc->kind, fd);
	TST_EXP_FAIL(sendmsg(fd[0], &msg, MSG_DONTWAIT), tc->exp_errno,
		     "sendmsg() on %s", tc->desc);
	TST_EXP_FAIL(sendto(fd[0], &c, 1, MSG_DONTWAIT, addr, alen),
		     tc->exp_errno, "sendto() on %s", tc->desc);
	if (tc->kind == K_STREAM_CONNECTED) {
		c = 'y';
		SAFE_WRITE(1, fd[0], &c, 1);
		SAFE_CLOSE(fd[0]);
		/* blocking: the peer is closed after the byte */
		TST_EXP_VAL(read(fd[1], got, sizeof(got)), 1,
			    "the peer reads one byte");
		TST_EXP_EXPR(got[0] == 'y', "it is the byte sent after");
	} else {
		SAFE_CLOSE(fd[0]);
	}
	if (fd[1] >= 0)
		SAFE_CLOSE(fd[1]);
}

static void setup(void)
{
	/* a name nobody binds: the calls must fail before looking it up */
	snprintf(sun.sun_path, sizeof(sun.sun_path), "unbound_sock");
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
