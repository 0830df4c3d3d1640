// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Error paths of socket(), each with its exact errno and no descriptor
 * left behind:
 *  - a family number beyond every family (1000, -1): EAFNOSUPPORT;
 *  - a type beyond every type (99), or flags other than SOCK_NONBLOCK and
 *    SOCK_CLOEXEC in the type: EINVAL;
 *  - AF_UNIX with protocol 2 (only 0 and PF_UNIX are its own):
 *    EPROTONOSUPPORT; AF_UNIX with SOCK_RDM:
 *    ESOCKTNOSUPPORT; AF_INET with protocol -1: EINVAL;
 *  - AF_INET SOCK_RAW as nobody (no CAP_NET_RAW): EPERM.
 * Only cases that fail before the kernel would try to load a module.
 */
#include "socket_helpers.h"

static void as_nobody(void)
{
	TST_EXP_FAIL(socket(AF_INET, SOCK_RAW, IPPROTO_ICMP), EPERM,
		     "nobody: socket(AF_INET, SOCK_RAW, IPPROTO_ICMP)");
}

static void run(void)
{
	int fd, fd_before, fd_after;
	pid_t pid;

	fd = SAFE_OPEN("/dev/null", O_RDONLY);
	fd_before = fd;
	SAFE_CLOSE(fd);

	TST_EXP_FAIL(socket(1000, SOCK_STREAM, 0), EAFNOSUPPORT,
		     "socket(family 1000)");
	TST_EXP_FAIL(socket(-1, SOCK_STREAM, 0), EAFNOSUPPORT,
		     "socket(family -1)");
	TST_EXP_FAIL(socket(AF_UNIX, 99, 0), EINVAL, "socket(AF_UNIX, type 99)");
	TST_EXP_FAIL(socket(AF_UNIX, SOCK_STREAM | 0x40000000, 0), EINVAL,
		     "socket(AF_UNIX, SOCK_STREAM | unknown flag 0x40000000)");
	TST_EXP_FAIL(socket(AF_UNIX, SOCK_STREAM, 2), EPROTONOSUPPORT,
		     "socket(AF_UNIX, SOCK_STREAM, protocol 2)");
	TST_EXP_FAIL(socket(AF_UNIX, SOCK_RDM, 0), ESOCKTNOSUPPORT,
		     "socket(AF_UNIX, SOCK_RDM)");
	TST_EXP_FAIL(socket(AF_INET, SOCK_STREAM, -1), EINVAL,
		     "socket(AF_INET, SOCK_STREAM, protocol -1)");

	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		as_nobody();
		exit(0);
	}
	reap_child(pid);

	/* the lowest free descriptor is still the one before the calls */
	fd = SAFE_OPEN("/dev/null", O_RDONLY);
	fd_after = fd;
	SAFE_CLOSE(fd);
	TST_EXP_EQ_LI(fd_after, fd_before);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
