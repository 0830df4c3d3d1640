// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP error paths between two namespaces, IPv4 and IPv6:
 * - connect() to a bound port nobody listens on: the RST makes it
 *   ECONNREFUSED (SO_ERROR of the non-blocking connect);
 * - the peer closes with SO_LINGER {1, 0}: the RST makes the next read
 *   ECONNRESET, the socket is ST_CLOSE, and the next send EPIPE (with
 *   MSG_NOSIGNAL, and SIGPIPE without it);
 * - the peer closes with unread data: RST instead of FIN (RFC 2525), the
 *   reader sees ECONNRESET, not EOF;
 * - half-close: after shutdown(SHUT_WR) the peer reads the data then
 *   EOF and is in CLOSE_WAIT, our side reaches FIN_WAIT2, the peer can
 *   still send and we receive it, and our own send is EPIPE; after the
 *   peer's FIN our socket is TCP_CLOSE (a time-wait socket took over).
 */
#include <signal.h>
#include <linux/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

/* tcpi_state values (the kernel's enum, include/net/tcp_states.h) */
enum { ST_FIN_WAIT2 = 5, ST_CLOSE = 7, ST_CLOSE_WAIT = 8 };

static volatile sig_atomic_t sigpipes;

static void on_sigpipe(int sig)
{
	(void)sig;
	sigpipes++;
}

static void refused(int family)
{
	struct sockaddr_storage ss;
	int b = net_bound(NET_B, family, SOCK_STREAM, &ss);
	int fd = net_socket(NET_A, family, SOCK_STREAM);
	int err = net_connect_fd(fd, &ss);

	if (err == ECONNREFUSED)
		tst_res(TPASS, "connect() to a port with no listener: ECONNREFUSED");
	else
		tst_res(TFAIL, "connect() to a port with no listener: %s, expected ECONNREFUSED",
			err ? tst_strerrno(err) : "connected");
	close(fd);
	close(b);
}

static void reset(int family)
{
	struct linger lg = { .l_onoff = 1, .l_linger = 0 };
	int cfd, sfd;
	char c;

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	if (setsockopt(sfd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_LINGER)");
	close(sfd);
	net_wait(cfd, POLLIN);
	TST_EXP_FAIL(read(cfd, &c, 1), ECONNRESET, "read() after the RST");
	NET_EXP_EQ(net_tcp_state(cfd), ST_CLOSE, "state after the RST");
	TST_EXP_FAIL(send(cfd, "x", 1, MSG_NOSIGNAL), EPIPE,
		     "send(MSG_NOSIGNAL) after the RST");
	sigpipes = 0;
	TST_EXP_FAIL(send(cfd, "x", 1, 0), EPIPE, "send() after the RST");
	NET_EXP_EQ(sigpipes, 1, "SIGPIPEs from send() without MSG_NOSIGNAL");
	close(cfd);
}

static void unread_close(int family)
{
	int cfd, sfd;
	char c;

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	if (net_write_all(cfd, "unread", 6))
		tst_brk(TBROK, "write()");
	net_wait(sfd, POLLIN);
	close(sfd);
	net_wait(cfd, POLLIN);
	TST_EXP_FAIL(read(cfd, &c, 1), ECONNRESET,
		     "read() after the peer closed with unread data");
	close(cfd);
}

static void half_close(int family)
{
	int cfd, sfd, s;
	char buf[16];

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	if (net_write_all(cfd, "request", 7))
		tst_brk(TBROK, "write()");
	if (shutdown(cfd, SHUT_WR))
		tst_brk(TBROK | TERRNO, "shutdown(SHUT_WR)");
	if (net_read_all(sfd, buf, sizeof(buf)) != 7 ||
	    memcmp(buf, "request", 7))
		tst_res(TFAIL, "the peer did not read the 7 bytes then EOF");
	else
		tst_res(TPASS, "the peer read the data, then EOF");
	NET_EXP_EQ(net_tcp_state(sfd), ST_CLOSE_WAIT, "peer's state after our FIN");
	s = net_tcp_wait_state(cfd, ST_FIN_WAIT2);
	NET_EXP_EQ(s, ST_FIN_WAIT2, "our state once the FIN is acked");
	TST_EXP_FAIL(send(cfd, "x", 1, MSG_NOSIGNAL), EPIPE,
		     "send() after shutdown(SHUT_WR)");
	if (net_write_all(sfd, "reply", 5))
		tst_brk(TBROK, "peer's write() in CLOSE_WAIT");
	close(sfd);
	if (net_read_all(cfd, buf, sizeof(buf)) != 5 ||
	    memcmp(buf, "reply", 5))
		tst_res(TFAIL, "the half-closed side did not get the reply then EOF");
	else
		tst_res(TPASS, "the half-closed side still received, then EOF");
	/* the time-wait mini socket took over: ours is closed */
	NET_EXP_EQ(net_tcp_state(cfd), ST_CLOSE, "our state after the peer's FIN");
	close(cfd);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	refused(family);
	reset(family);
	unread_close(family);
	half_close(family);
}

static void setup(void)
{
	struct sigaction sa = { .sa_handler = on_sigpipe };

	sigaction(SIGPIPE, &sa, NULL);
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
