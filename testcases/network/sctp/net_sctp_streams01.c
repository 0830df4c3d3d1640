// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SCTP streams between two network namespaces, over IPv4 and IPv6:
 * - the client asks (SCTP_INITMSG) for 10 outbound and 10 inbound
 *   streams, the listener allows 5 inbound and offers 3 outbound: both
 *   sides' SCTP_STATUS give the minimum (client sstat_outstrms 5,
 *   sstat_instrms 3; server 3 and 5), and the client's SCTP_COMM_UP
 *   notification says the same (sac_outbound_streams,
 *   sac_inbound_streams);
 * - 100 messages sent round robin on streams 0..4 arrive each with its
 *   stream number (rcv_sid), in order within each stream (rcv_ssn 0, 1,
 *   2... and the payload protocol ids increasing), none lost;
 * - messages sent with SCTP_UNORDERED arrive with SCTP_UNORDERED in
 *   rcv_flags, all of them, on their stream;
 * - a send on a stream at or past the negotiated count is EINVAL (client
 *   stream 5, server stream 3), the last valid stream works both ways.
 */
#include <stdlib.h>
#include "sctp_common.h"

#define NOUT 5		/* client's outbound streams after negotiation */
#define NIN 3		/* client's inbound streams after negotiation */
#define NMSG 100
#define NUNORD 20

static char buf[4096];

static void setup(void)
{
	net_hosts_setup();
}

static void read_data(int fd, struct sctp_msg *m, const char *who)
{
	ssize_t n = sctp_recv(fd, buf, sizeof(buf) - 1, m);

	if (n < 0)
		tst_brk(TBROK | TERRNO, "recvmsg(%s)", who);
	if (!n || (m->flags & MSG_NOTIFICATION) || !(m->flags & MSG_EOR) ||
	    !m->has_rcvinfo)
		tst_brk(TBROK, "%s: read %zd flags 0x%x rcvinfo %d", who, n,
			m->flags, m->has_rcvinfo);
	buf[n] = 0;
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;
	struct sockaddr_storage ss;
	struct sctp_initmsg im;
	struct sctp_status st;
	struct sctp_msg m;
	union sctp_notification *sn = (union sctp_notification *)buf;
	int lfd, cfd, sfd, err, i, bad;
	unsigned int next_ppid[NOUT], next_ssn[NOUT], got_unord;
	char s[32];
	ssize_t r;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	lfd = sctp_bound(NET_B, family, SOCK_STREAM, &ss);
	memset(&im, 0, sizeof(im));
	im.sinit_num_ostreams = NIN;
	im.sinit_max_instreams = NOUT;
	sctp_setopt(lfd, SCTP_INITMSG, &im, sizeof(im), "SCTP_INITMSG");
	sctp_rcvinfo_on(lfd);
	if (listen(lfd, 8))
		tst_brk(TBROK | TERRNO, "listen(SCTP)");

	cfd = sctp_socket(NET_A, family, SOCK_STREAM);
	im.sinit_num_ostreams = 10;
	im.sinit_max_instreams = 10;
	sctp_setopt(cfd, SCTP_INITMSG, &im, sizeof(im), "SCTP_INITMSG");
	sctp_event_on(cfd, SCTP_ASSOC_CHANGE);
	sctp_rcvinfo_on(cfd);
	err = sctp_connect(cfd, &ss);
	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "connect(SCTP)");
	}
	sfd = net_accept(lfd);
	sctp_rcvinfo_on(sfd);

	r = sctp_recv(cfd, buf, sizeof(buf), &m);
	if (r < 0 || !(m.flags & MSG_NOTIFICATION) ||
	    sn->sn_header.sn_type != SCTP_ASSOC_CHANGE ||
	    sn->sn_assoc_change.sac_state != SCTP_COMM_UP)
		tst_brk(TBROK, "client: no SCTP_COMM_UP first");
	if (sn->sn_assoc_change.sac_outbound_streams != NOUT ||
	    sn->sn_assoc_change.sac_inbound_streams != NIN)
		tst_res(TFAIL, "COMM_UP: %u out %u in, expected %d and %d",
			sn->sn_assoc_change.sac_outbound_streams,
			sn->sn_assoc_change.sac_inbound_streams, NOUT, NIN);
	else
		tst_res(TPASS, "COMM_UP: %d outbound, %d inbound streams",
			NOUT, NIN);

	sctp_get_status(cfd, 0, &st);
	NET_EXP_EQ(st.sstat_outstrms, NOUT, "client sstat_outstrms");
	NET_EXP_EQ(st.sstat_instrms, NIN, "client sstat_instrms");
	net_enter(NET_B);
	sctp_get_status(sfd, 0, &st);
	NET_EXP_EQ(st.sstat_outstrms, NIN, "server sstat_outstrms");
	NET_EXP_EQ(st.sstat_instrms, NOUT, "server sstat_instrms");

	/* ordered, round robin over the streams */
	for (i = 0; i < NMSG; i++) {
		snprintf(s, sizeof(s), "m%d", i);
		if (sctp_send(cfd, s, strlen(s), i % NOUT, 0, i, 0, NULL,
			      MSG_NOSIGNAL) != (ssize_t)strlen(s))
			tst_brk(TBROK | TERRNO, "sendmsg(stream %d)", i % NOUT);
	}
	memset(next_ppid, 0, sizeof(next_ppid));
	memset(next_ssn, 0, sizeof(next_ssn));
	for (i = 0; i < NOUT; i++)
		next_ppid[i] = i;
	bad = 0;
	for (i = 0; i < NMSG; i++) {
		unsigned int ppid, sid;

		read_data(sfd, &m, "server");
		ppid = ntohl(m.ri.rcv_ppid);
		sid = m.ri.rcv_sid;
		snprintf(s, sizeof(s), "m%u", ppid);
		if (sid >= NOUT || ppid % NOUT != sid ||
		    ppid != next_ppid[sid] || m.ri.rcv_ssn != next_ssn[sid] ||
		    strcmp(buf, s) || (m.ri.rcv_flags & SCTP_UNORDERED)) {
			if (!bad++)
				tst_res(TFAIL, "'%s' ppid %u on stream %u ssn %u flags 0x%x, expected ppid %u ssn %u there",
					buf, ppid, sid, m.ri.rcv_ssn,
					m.ri.rcv_flags,
					sid < NOUT ? next_ppid[sid] : 0,
					sid < NOUT ? next_ssn[sid] : 0);
			continue;
		}
		next_ppid[sid] += NOUT;
		next_ssn[sid]++;
	}
	if (!bad)
		tst_res(TPASS, "%d messages on %d streams: each on its stream, ordered within it (ssn and ppid)",
			NMSG, NOUT);

	/* unordered on the last stream */
	for (i = 0; i < NUNORD; i++) {
		snprintf(s, sizeof(s), "u%d", i);
		if (sctp_send(cfd, s, strlen(s), NOUT - 1, SCTP_UNORDERED, i,
			      0, NULL, MSG_NOSIGNAL) != (ssize_t)strlen(s))
			tst_brk(TBROK | TERRNO, "sendmsg(SCTP_UNORDERED)");
	}
	got_unord = 0;
	bad = 0;
	for (i = 0; i < NUNORD; i++) {
		unsigned int ppid;

		read_data(sfd, &m, "server");
		ppid = ntohl(m.ri.rcv_ppid);
		snprintf(s, sizeof(s), "u%u", ppid);
		if (ppid >= NUNORD || (got_unord & (1u << ppid)) ||
		    strcmp(buf, s) || m.ri.rcv_sid != NOUT - 1 ||
		    !(m.ri.rcv_flags & SCTP_UNORDERED)) {
			if (!bad++)
				tst_res(TFAIL, "unordered: '%s' ppid %u stream %u flags 0x%x",
					buf, ppid, m.ri.rcv_sid,
					m.ri.rcv_flags);
			continue;
		}
		got_unord |= 1u << ppid;
	}
	if (!bad && got_unord == (1u << NUNORD) - 1)
		tst_res(TPASS, "%d SCTP_UNORDERED messages, all with SCTP_UNORDERED in rcv_flags",
			NUNORD);
	else if (!bad)
		tst_res(TFAIL, "unordered: got mask 0x%x", got_unord);

	/* the limits */
	TST_EXP_FAIL(sctp_send(cfd, "x", 1, NOUT, 0, 0, 0, NULL, MSG_NOSIGNAL),
		     EINVAL, "client send on stream %d (of %d)", NOUT, NOUT);
	TST_EXP_FAIL(sctp_send(sfd, "x", 1, NIN, 0, 0, 0, NULL, MSG_NOSIGNAL),
		     EINVAL, "server send on stream %d (of %d)", NIN, NIN);
	TST_EXP_FAIL(sctp_send(cfd, "x", 1, 65535, 0, 0, 0, NULL,
			       MSG_NOSIGNAL),
		     EINVAL, "client send on stream 65535");
	if (sctp_send(cfd, "last", 4, NOUT - 1, 0, 7, 0, NULL,
		      MSG_NOSIGNAL) != 4 ||
	    sctp_send(sfd, "back", 4, NIN - 1, 0, 8, 0, NULL,
		      MSG_NOSIGNAL) != 4)
		tst_brk(TBROK | TERRNO, "sendmsg() on the last streams");
	read_data(sfd, &m, "server");
	if (strcmp(buf, "last") || m.ri.rcv_sid != NOUT - 1)
		tst_res(TFAIL, "server: '%s' on stream %u", buf, m.ri.rcv_sid);
	else
		tst_res(TPASS, "server: the message on stream %d, nothing of the refused sends",
			NOUT - 1);
	read_data(cfd, &m, "client");
	if (strcmp(buf, "back") || m.ri.rcv_sid != NIN - 1)
		tst_res(TFAIL, "client: '%s' on stream %u", buf, m.ri.rcv_sid);
	else
		tst_res(TPASS, "client: the message on stream %d", NIN - 1);

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
