// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * recvmsg() on an RDS socket (AF_RDS, SOCK_SEQPACKET, over RDS's loopback
 * transport on 127.0.0.1) reports the sender's address: with a name
 * buffer larger than a sockaddr_in, msg_namelen comes back as exactly
 * sizeof(struct sockaddr_in), and the name holds AF_INET, 127.0.0.1 and
 * the port the sender is bound to; the datagram arrives whole. Before
 * 06b6a1cf6e77 ("rds: set correct msg_namelen") RDS filled in the name
 * but left msg_namelen at what the caller passed in.
 * Both sockets are bound to port 0, so the kernel picks free ports and
 * copies of the test running side by side do not collide.
 * rds.ko declares no protocol alias, so the kernel does not load it for
 * socket(AF_RDS): as root the test runs "modprobe rds" first, as a
 * distribution's rds-tools would. TCONF when the kernel has no RDS
 * (EAFNOSUPPORT).
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "tst_test.h"
#include "socket_helpers.h"

#define MSG "recvmsg03 over RDS loopback"

static int tx = -1, rx = -1;
static struct sockaddr_in tx_addr, rx_addr;

static int rds_socket(struct sockaddr_in *addr)
{
	socklen_t len = sizeof(*addr);
	int fd = SAFE_SOCKET(AF_RDS, SOCK_SEQPACKET, 0);

	memset(addr, 0, sizeof(*addr));
	addr->sin_family = AF_INET;
	addr->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)addr, sizeof(*addr)))
		tst_brk(TBROK | TERRNO, "bind(RDS socket, 127.0.0.1:0)");
	if (getsockname(fd, (struct sockaddr *)addr, &len))
		tst_brk(TBROK | TERRNO, "getsockname(RDS socket)");
	if (!addr->sin_port)
		tst_brk(TBROK, "RDS socket bound to port 0");
	return fd;
}

/* A receive that gives up after 10 s (times the timeout multiplier). */
static void bound_receive(int fd)
{
	struct timeval tv = { .tv_sec = 10 * tst_timeout_mul() };

	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RCVTIMEO)");
}

static void run(void)
{
	char buf[128];
	struct {
		struct sockaddr_in sin;
		char pad[16];
	} from;
	struct iovec iov = { .iov_base = MSG, .iov_len = sizeof(MSG) };
	struct msghdr msg = {
		.msg_name = &rx_addr,
		.msg_namelen = sizeof(rx_addr),
		.msg_iov = &iov,
		.msg_iovlen = 1,
	};

	if (sendmsg(tx, &msg, 0) != sizeof(MSG))
		tst_brk(TBROK | TERRNO, "sendmsg() on RDS to port %u",
			ntohs(rx_addr.sin_port));

	if (!(sock_wait(rx, POLLIN) & POLLIN)) {
		tst_res(TFAIL, "the RDS datagram did not arrive");
		return;
	}

	/*
	 * Blocking, bounded by SO_RCVTIMEO: RDS's poll() also reports POLLIN
	 * for its notification and congestion queues, so POLLIN does not
	 * promise that a MSG_DONTWAIT read finds the datagram (seen once in
	 * CI as EAGAIN).
	 */
	memset(&from, 0xa5, sizeof(from));
	memset(buf, 0, sizeof(buf));
	iov.iov_base = buf;
	iov.iov_len = sizeof(buf);
	msg.msg_name = &from;
	msg.msg_namelen = sizeof(from);
	TST_EXP_VAL(recvmsg(rx, &msg, 0), (long)sizeof(MSG),
		    "recvmsg() on RDS");
	TST_EXP_EXPR(!memcmp(buf, MSG, sizeof(MSG)), "the datagram arrived "
		     "unchanged");
	TST_EXP_EQ_LU(msg.msg_namelen, sizeof(struct sockaddr_in));
	TST_EXP_EXPR(from.sin.sin_family == AF_INET &&
		     from.sin.sin_addr.s_addr == htonl(INADDR_LOOPBACK) &&
		     from.sin.sin_port == tx_addr.sin_port,
		     "the name is the sender: family %u, %s port %u "
		     "(sender's port %u)", from.sin.sin_family,
		     inet_ntoa(from.sin.sin_addr), ntohs(from.sin.sin_port),
		     ntohs(tx_addr.sin_port));
}

static void setup(void)
{
	const char *const modprobe[] = {"modprobe", "-q", "rds", NULL};
	int fd = socket(AF_RDS, SOCK_SEQPACKET, 0);

	/* rds.ko has no net-pf-21 alias: socket() does not load it */
	if (fd < 0 && errno == EAFNOSUPPORT && !geteuid()) {
		tst_cmd(modprobe, 1);
		fd = socket(AF_RDS, SOCK_SEQPACKET, 0);
	}
	if (fd < 0) {
		if (errno == EAFNOSUPPORT)
			tst_brk(TCONF, "no RDS in this kernel (socket(AF_RDS): "
				"EAFNOSUPPORT)");
		tst_brk(TBROK | TERRNO, "socket(AF_RDS, SOCK_SEQPACKET)");
	}
	SAFE_CLOSE(fd);
	rx = rds_socket(&rx_addr);
	bound_receive(rx);
	tx = rds_socket(&tx_addr);
}

static void cleanup(void)
{
	if (tx >= 0)
		SAFE_CLOSE(tx);
	if (rx >= 0)
		SAFE_CLOSE(rx);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.tags = (const struct tst_tag[]) {
		/* rds: set correct msg_namelen */
		{"linux-git", "06b6a1cf6e77"},
		{}
	},
};
