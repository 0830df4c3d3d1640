// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One-to-one SCTP (SOCK_STREAM, IPPROTO_SCTP) between two network
 * namespaces joined by a veth pair, over IPv4 and over IPv6:
 * - connect() to a listener on the remote host; the client, subscribed
 *   with SCTP_EVENT, first reads an SCTP_ASSOC_CHANGE notification
 *   (MSG_NOTIFICATION | MSG_EOR) with sac_state SCTP_COMM_UP; SCTP_STATUS
 *   says SCTP_ESTABLISHED and getpeername() names the other host;
 * - about 2 MiB in 400 messages of 1 byte to 64 KiB (sizes around the
 *   MTU and the fragmentation point among them): each arrives whole, in
 *   order (the payload protocol id set with SCTP_SNDINFO comes back in
 *   SCTP_RCVINFO as rcv_ppid, stream 0), with exactly its size, MSG_EOR
 *   and its bytes;
 * - a 3000-byte message read with a 1000-byte buffer comes in three
 *   pieces, MSG_EOR only on the last;
 * - shutdown(SHUT_WR) on the client: the server reads an
 *   SCTP_SHUTDOWN_EVENT and then EOF (0), the client an
 *   SCTP_ASSOC_CHANGE with SCTP_SHUTDOWN_COMP; a send on the client
 *   afterwards is EPIPE.
 * Catches lost, reordered, merged or split messages in the SCTP
 * fragmentation and reassembly paths and broken shutdown notifications.
 */
#include <stdlib.h>
#include "sctp_common.h"

#define NMSG 400
#define MAXMSG 65536
#define BUFLEN (MAXMSG + 4096)

static unsigned char *out, *in;
static size_t msize[NMSG], moff[NMSG], total;
static int saw_shutdown_event, saw_shutdown_comp, saw_comm_up;

static void setup(void)
{
	static const size_t sz[] = {
		1, 7, 100, 1000, 1199, 1200, 1201, 1399, 1400, 1401, 1452,
		1500, 2904, 3000, 9000, 16384, 32768, 65535, 65536, 4096,
	};
	unsigned int seed = 7;
	size_t i;

	for (i = 0; i < NMSG; i++) {
		msize[i] = sz[i % ARRAY_SIZE(sz)];
		moff[i] = total;
		total += msize[i];
	}
	out = SAFE_MALLOC(total);
	in = SAFE_MALLOC(BUFLEN);
	for (i = 0; i < total; i++) {
		seed = seed * 1103515245 + 12345;
		out[i] = seed >> 16;
	}
	net_hosts_setup();
}

static void note(const union sctp_notification *sn, size_t len)
{
	if (len < sizeof(sn->sn_header))
		tst_brk(TBROK, "short notification (%zu bytes)", len);
	switch (sn->sn_header.sn_type) {
	case SCTP_ASSOC_CHANGE:
		if (sn->sn_assoc_change.sac_state == SCTP_COMM_UP)
			saw_comm_up++;
		if (sn->sn_assoc_change.sac_state == SCTP_SHUTDOWN_COMP)
			saw_shutdown_comp++;
		break;
	case SCTP_SHUTDOWN_EVENT:
		saw_shutdown_event++;
		break;
	default:
		tst_res(TINFO, "notification type 0x%x",
			sn->sn_header.sn_type);
	}
}

static void check_peer(int fd, int h, int family, const char *side)
{
	struct sockaddr_storage got, want;
	socklen_t len = sizeof(got);

	net_addr(h, family, 0, &want);
	if (getpeername(fd, (struct sockaddr *)&got, &len))
		tst_brk(TBROK | TERRNO, "getpeername()");
	if (got.ss_family != family ||
	    memcmp(net_rawaddr(&got), net_rawaddr(&want),
		   family == AF_INET ? 4 : 16))
		tst_res(TFAIL, "%s: getpeername() is not the %s host", side,
			net_hname[h]);
	else
		tst_res(TPASS, "%s: getpeername() is the %s host", side,
			net_hname[h]);
}

static void transfer(int cfd, int sfd)
{
	size_t sent = 0, recvd = 0, bad = 0;
	struct sctp_msg m;
	ssize_t n;

	while (recvd < NMSG) {
		while (sent < NMSG) {
			ssize_t r = sctp_send(cfd, out + moff[sent],
					      msize[sent], 0, 0, sent, 0, NULL,
					      MSG_DONTWAIT | MSG_NOSIGNAL);

			if (r < 0 && errno == EAGAIN)
				break;
			if (r < 0)
				tst_brk(TBROK | TERRNO, "sendmsg(%zu bytes)",
					msize[sent]);
			if ((size_t)r != msize[sent])
				tst_brk(TBROK, "sendmsg() sent %zd of %zu",
					r, msize[sent]);
			sent++;
		}
		if (sent == recvd) {
			net_wait(cfd, POLLOUT);
			continue;
		}
		n = sctp_recv_msg(sfd, in, BUFLEN, &m, NULL);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recvmsg()");
		if (!n)
			tst_brk(TBROK, "EOF after %zu messages", recvd);
		if ((size_t)n != msize[recvd] || !(m.flags & MSG_EOR) ||
		    !m.has_rcvinfo || ntohl(m.ri.rcv_ppid) != recvd ||
		    m.ri.rcv_sid != 0 ||
		    memcmp(in, out + moff[recvd], n)) {
			if (!bad++)
				tst_res(TFAIL, "message %zu: %zd bytes (sent %zu), flags 0x%x, rcvinfo %d ppid %u sid %u, data %s",
					recvd, n, msize[recvd], m.flags,
					m.has_rcvinfo, ntohl(m.ri.rcv_ppid),
					m.ri.rcv_sid,
					(size_t)n == msize[recvd] &&
					!memcmp(in, out + moff[recvd], n) ?
					"same" : "differ");
		}
		recvd++;
	}
	if (!bad)
		tst_res(TPASS, "%d messages (%zu bytes) each whole, in order, with its size, MSG_EOR, ppid and bytes",
			NMSG, total);
	else
		tst_res(TFAIL, "%zu of %d messages wrong", bad, NMSG);
}

static void pieces(int cfd, int sfd)
{
	struct sctp_msg m;
	size_t got = 0;
	int i, ok = 1;

	if (sctp_send(cfd, out, 3000, 0, 0, 0, 0, NULL, MSG_NOSIGNAL) != 3000)
		tst_brk(TBROK | TERRNO, "sendmsg(3000)");
	for (i = 0; i < 3; i++) {
		ssize_t n = sctp_recv(sfd, in + got, 1000, &m);

		if (n != 1000 || !(m.flags & MSG_EOR) != (i < 2)) {
			tst_res(TFAIL, "piece %d: %zd bytes flags 0x%x", i, n,
				m.flags);
			ok = 0;
			break;
		}
		got += n;
	}
	if (ok && memcmp(in, out, 3000)) {
		tst_res(TFAIL, "the 3000 bytes read in pieces differ");
		ok = 0;
	}
	if (ok)
		tst_res(TPASS, "3000 bytes read in 3 pieces of 1000, MSG_EOR only on the last");
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;
	struct sockaddr_storage ss;
	struct sctp_status st;
	struct sctp_msg m;
	int lfd, cfd, sfd, err;
	ssize_t r;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	saw_shutdown_event = saw_shutdown_comp = saw_comm_up = 0;

	lfd = sctp_bound(NET_B, family, SOCK_STREAM, &ss);
	sctp_event_on(lfd, SCTP_SHUTDOWN_EVENT);
	sctp_rcvinfo_on(lfd);
	if (listen(lfd, 8))
		tst_brk(TBROK | TERRNO, "listen(SCTP)");
	cfd = sctp_socket(NET_A, family, SOCK_STREAM);
	sctp_event_on(cfd, SCTP_ASSOC_CHANGE);
	sctp_event_on(cfd, SCTP_SHUTDOWN_EVENT);
	err = sctp_connect(cfd, &ss);
	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "connect(SCTP)");
	}
	sfd = net_accept(lfd);
	sctp_rcvinfo_on(sfd);

	r = sctp_recv(cfd, in, BUFLEN, &m);
	if (r < 0)
		tst_brk(TBROK | TERRNO, "recvmsg(client)");
	if ((m.flags & (MSG_NOTIFICATION | MSG_EOR)) !=
	    (MSG_NOTIFICATION | MSG_EOR)) {
		tst_res(TFAIL, "client: first read is not a notification (flags 0x%x)",
			m.flags);
	} else {
		note((union sctp_notification *)in, r);
		if (saw_comm_up != 1)
			tst_res(TFAIL, "client: first notification type 0x%x, not ASSOC_CHANGE COMM_UP",
				((union sctp_notification *)in)->sn_header.sn_type);
		else
			tst_res(TPASS, "client: SCTP_ASSOC_CHANGE SCTP_COMM_UP first");
	}
	sctp_get_status(cfd, 0, &st);
	NET_EXP_EQ(st.sstat_state, SCTP_ESTABLISHED,
		   "client: SCTP_STATUS sstat_state");
	check_peer(cfd, NET_B, family, "client");
	check_peer(sfd, NET_A, family, "server");

	transfer(cfd, sfd);
	pieces(cfd, sfd);

	if (shutdown(cfd, SHUT_WR))
		tst_brk(TBROK | TERRNO, "shutdown(SHUT_WR)");
	r = sctp_recv_msg(sfd, in, BUFLEN, &m, note);
	if (r)
		tst_res(TFAIL | TERRNO, "server: read after shutdown returned %zd, not EOF",
			r);
	else if (saw_shutdown_event != 1)
		tst_res(TFAIL, "server: EOF but %d SCTP_SHUTDOWN_EVENT",
			saw_shutdown_event);
	else
		tst_res(TPASS, "server: SCTP_SHUTDOWN_EVENT then EOF");

	while (!saw_shutdown_comp) {
		r = sctp_recv(cfd, in, BUFLEN, &m);
		if (r <= 0)
			break;
		if (!(m.flags & MSG_NOTIFICATION)) {
			tst_res(TFAIL, "client: %zd bytes of data after shutdown",
				r);
			break;
		}
		note((union sctp_notification *)in, r);
	}
	if (saw_shutdown_comp == 1)
		tst_res(TPASS, "client: SCTP_ASSOC_CHANGE SCTP_SHUTDOWN_COMP");
	else
		tst_res(TFAIL | TERRNO, "client: no SHUTDOWN_COMP (read %zd)", r);
	TST_EXP_FAIL(sctp_send(cfd, "x", 1, 0, 0, 0, 0, NULL, MSG_NOSIGNAL),
		     EPIPE, "client: send after the association closed");

	close(cfd);
	close(sfd);
	close(lfd);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
