// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sendto() on SCTP with data the kernel cannot read is EFAULT, not
 * ENOMEM: sctp_datamsg_from_user() returned -ENOMEM for any failure
 * until 6e51fe757259 ("sctp: fix -ENOMEM result with invalid user space
 * pointer in sendto() syscall"). In a private network namespace, with an
 * SCTP listener on 127.0.0.1, for a one-to-one (SOCK_STREAM) and a
 * one-to-many (SOCK_SEQPACKET) sender:
 *  - a NULL buffer of 1 byte, a PROT_NONE page, and 16 bytes of which
 *    the last 8 lie in a PROT_NONE page are EFAULT;
 *  - sendmsg() with a good iovec and then a NULL one is EFAULT;
 *  - the association such a send started is freed, and a good sendto()
 *    afterwards connects and delivers exactly its message: the listener
 *    accepts and reads "hello" and nothing of the failed sends.
 * A destination address in a PROT_NONE page is EFAULT as well.
 * The guest loads the sctp module on first use; TCONF without SCTP.
 * Syscalls: sendto, sendmsg
 */
#include <sched.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <netinet/in.h>
#include "tst_test.h"
#include "socket_helpers.h"
#include "net_helpers.h"

#ifndef IPPROTO_SCTP
# define IPPROTO_SCTP 132
#endif

static int lsn = -1;
static struct sockaddr_in laddr;
static char *straddle, *noaccess;

static int sctp_socket(int type)
{
	int fd = socket(AF_INET, type, IPPROTO_SCTP);

	if (fd < 0 && (errno == EPROTONOSUPPORT || errno == ESOCKTNOSUPPORT))
		tst_brk(TCONF | TERRNO, "no SCTP (CONFIG_IP_SCTP)");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_INET, %d, IPPROTO_SCTP)",
			type);
	return fd;
}

static void expect_efault(int fd, const void *buf, size_t len,
			  const char *what, const char *style)
{
	TST_EXP_FAIL(sendto(fd, buf, len, 0, (struct sockaddr *)&laddr,
			    sizeof(laddr)), EFAULT, "%s: sendto() of %s",
		     style, what);
}

static void check_sender(int type, const char *style)
{
	int fd = sctp_socket(type), acc;
	char buf[64];
	struct iovec iov[2] = {
		{ .iov_base = "hello", .iov_len = 5 },
		{ .iov_base = NULL, .iov_len = 5 },
	};
	struct msghdr mh = {
		.msg_name = &laddr, .msg_namelen = sizeof(laddr),
		.msg_iov = iov, .msg_iovlen = 2,
	};

	expect_efault(fd, NULL, 1, "NULL, 1 byte", style);
	expect_efault(fd, noaccess, 16, "a PROT_NONE page", style);
	expect_efault(fd, straddle, 16, "16 bytes, the last 8 unmapped",
		      style);
	TST_EXP_FAIL(sendmsg(fd, &mh, 0), EFAULT,
		     "%s: sendmsg() of a good iovec then a NULL one", style);
	TST_EXP_FAIL(sendto(fd, "hello", 5, 0, (struct sockaddr *)noaccess,
			    sizeof(laddr)), EFAULT,
		     "%s: sendto() to an address in a PROT_NONE page", style);

	TST_EXP_VAL(sendto(fd, "hello", 5, 0, (struct sockaddr *)&laddr,
			   sizeof(laddr)), 5,
		    "%s: a good sendto() after the failures", style);
	if (!(sock_wait(lsn, POLLIN) & POLLIN))
		tst_brk(TBROK, "%s: no association to accept", style);
	acc = accept(lsn, NULL, NULL);
	if (acc < 0)
		tst_brk(TBROK | TERRNO, "accept()");
	if (!(sock_wait(acc, POLLIN) & POLLIN))
		tst_brk(TBROK, "%s: the message did not arrive", style);
	memset(buf, 0, sizeof(buf));
	TST_EXP_VAL(recv(acc, buf, sizeof(buf), 0), 5,
		    "%s: the listener receives one 5-byte message", style);
	TST_EXP_EXPR(!memcmp(buf, "hello", 5), "%s: it is 'hello' ('%.5s')",
		     style, buf);
	SAFE_CLOSE(acc);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	check_sender(SOCK_STREAM, "one-to-one");
	check_sender(SOCK_SEQPACKET, "one-to-many");
}

static void setup(void)
{
	long psz = getpagesize();
	socklen_t len = sizeof(laddr);
	char *two;

	two = SAFE_MMAP(NULL, 2 * psz, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MPROTECT(two + psz, psz, PROT_NONE);
	memset(two, 'x', psz);
	straddle = two + psz - 8;
	noaccess = two + psz;

	if (unshare(CLONE_NEWNET))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNET)");
	lo_up();
	lsn = sctp_socket(SOCK_STREAM);
	laddr = lo4(0);
	if (bind(lsn, (struct sockaddr *)&laddr, sizeof(laddr)))
		tst_brk(TBROK | TERRNO, "bind(SCTP, 127.0.0.1)");
	if (getsockname(lsn, (struct sockaddr *)&laddr, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	if (listen(lsn, 8))
		tst_brk(TBROK | TERRNO, "listen(SCTP)");
}

static void cleanup(void)
{
	if (lsn >= 0)
		SAFE_CLOSE(lsn);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.tags = (const struct tst_tag[]) {
		/*
		 * sctp: fix -ENOMEM result with invalid user space pointer
		 * in sendto() syscall
		 */
		{"linux-git", "6e51fe757259"},
		{}
	},
};
