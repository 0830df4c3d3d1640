// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Error paths of socketpair(), each with its exact errno, leaving no
 * descriptor behind (the lowest free descriptor is the same afterwards):
 *  - AF_INET, whose sockets cannot be paired: EOPNOTSUPP, for stream and
 *    datagram;
 *  - family 1000: EAFNOSUPPORT; AF_UNIX protocol 2: EPROTONOSUPPORT;
 *  - type 99, or an unknown flag in the type: EINVAL;
 *  - sv outside the address space: EFAULT.
 */
#include "socket_helpers.h"

static int lowest_free_fd(void)
{
	int fd = SAFE_OPEN("/dev/null", O_RDONLY), ret = fd;

	SAFE_CLOSE(fd);
	return ret;
}

static void run(void)
{
	int before = lowest_free_fd();
	int sv[2];

	TST_EXP_FAIL(socketpair(AF_INET, SOCK_STREAM, 0, sv), EOPNOTSUPP,
		     "socketpair(AF_INET, SOCK_STREAM)");
	TST_EXP_FAIL(socketpair(AF_INET, SOCK_DGRAM, 0, sv), EOPNOTSUPP,
		     "socketpair(AF_INET, SOCK_DGRAM)");
	TST_EXP_FAIL(socketpair(1000, SOCK_STREAM, 0, sv), EAFNOSUPPORT,
		     "socketpair(family 1000)");
	TST_EXP_FAIL(socketpair(AF_UNIX, SOCK_STREAM, 2, sv), EPROTONOSUPPORT,
		     "socketpair(AF_UNIX, SOCK_STREAM, protocol 2)");
	TST_EXP_FAIL(socketpair(AF_UNIX, 99, 0, sv), EINVAL,
		     "socketpair(AF_UNIX, type 99)");
	TST_EXP_FAIL(socketpair(AF_UNIX, SOCK_STREAM | 0x40000000, 0, sv),
		     EINVAL, "socketpair(AF_UNIX, unknown flag 0x40000000)");
	TST_EXP_FAIL(socketpair(AF_UNIX, SOCK_STREAM, 0, (void *)-1), EFAULT,
		     "socketpair(sv (void *)-1)");
	TST_EXP_EQ_LI(lowest_free_fd(), before);
}

static struct tst_test test = {
	.test_all = run,
};
