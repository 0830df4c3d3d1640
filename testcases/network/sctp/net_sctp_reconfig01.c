// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SCTP stream reconfiguration (RFC 6525; net/sctp/stream.c), one-to-one
 * over IPv4 and IPv6, both ends with SCTP_RECONFIG_SUPPORTED and all
 * three SCTP_ENABLE_STREAM_RESET requests, 4 streams each way:
 * - errors: SCTP_ENABLE_STREAM_RESET with an unknown flag, a short
 *   SCTP_RESET_STREAMS, srs_number_streams past the list given, no
 *   direction, a stream at the outgoing or incoming count, and
 *   SCTP_ADD_STREAMS of nothing or past 65535 streams are EINVAL; with
 *   the request not enabled locally, ENOPROTOOPT; against a peer
 *   without RECONFIG support, every request is ENOPROTOOPT;
 * - resetting outgoing stream 1 after 3 messages on it and 2 on stream
 *   0: SCTP_STREAM_RESET_EVENT on the client (OUTGOING_SSN, list {1})
 *   and on the server (INCOMING_SSN, list {1}); the next message on
 *   stream 1 has SSN 0, the one on stream 0 SSN 2;
 * - the same request with the server's association not allowing it:
 *   the client's event says DENIED, the server gets none, and stream 1
 *   goes on with SSN 1;
 * - adding 2 outgoing streams: SCTP_STREAM_CHANGE_EVENT on both ends
 *   (the streams added: out 2 on the client, in 2 on the server),
 *   SCTP_STATUS 6 out on the client and 6 in on the server, stream 5
 *   carries a message, stream 6 is EINVAL; one more with the server
 *   denying: the event says DENIED (out 1) and the count stays 6;
 * - SCTP_RESET_ASSOC once nothing is unacked: SCTP_ASSOC_RESET_EVENT on
 *   both ends with the TSNs crossed (each end's local TSN the other's
 *   remote one), the client's next DATA has the TSN the server gave it
 *   (its last TSN plus 2^31), the server's next DATA the one the client
 *   was told, and every stream starts again at SSN 0 both ways.
 */
#include <stdlib.h>
#include "sctp_common.h"

#define NSTR 4
#define ALL_REQS (SCTP_ENABLE_RESET_STREAM_REQ | SCTP_ENABLE_RESET_ASSOC_REQ | \
		  SCTP_ENABLE_CHANGE_ASSOC_REQ)

static char buf[4096];
static union sctp_notification *const sn = (union sctp_notification *)buf;

static void setup(void)
{
	net_hosts_setup();
}

static void assoc_value(int fd, int opt, sctp_assoc_t id, unsigned int v,
			const char *what)
{
	struct sctp_assoc_value av = { .assoc_id = id, .assoc_value = v };

	sctp_setopt(fd, opt, &av, sizeof(av), what);
}

/* An end with 4 streams each way, reconfig on (on: also its requests). */
static void prepare(int fd, int on)
{
	struct sctp_initmsg im = { .sinit_num_ostreams = NSTR,
				   .sinit_max_instreams = NSTR };

	sctp_setopt(fd, SCTP_INITMSG, &im, sizeof(im), "SCTP_INITMSG");
	assoc_value(fd, SCTP_RECONFIG_SUPPORTED, SCTP_FUTURE_ASSOC, on,
		    "SCTP_RECONFIG_SUPPORTED");
	if (on)
		assoc_value(fd, SCTP_ENABLE_STREAM_RESET, SCTP_FUTURE_ASSOC,
			    ALL_REQS, "SCTP_ENABLE_STREAM_RESET");
	sctp_event_on(fd, SCTP_STREAM_RESET_EVENT);
	sctp_event_on(fd, SCTP_ASSOC_RESET_EVENT);
	sctp_event_on(fd, SCTP_STREAM_CHANGE_EVENT);
	sctp_rcvinfo_on(fd);
}

/* A connected pair: *c in the local host, *s accepted in the remote. */
static void pair(int family, int server_on, int *c, int *s)
{
	struct sockaddr_storage ss;
	int lfd = sctp_bound(NET_B, family, SOCK_STREAM, &ss), err;

	prepare(lfd, server_on);
	if (listen(lfd, 4))
		tst_brk(TBROK | TERRNO, "listen(SCTP)");
	*c = sctp_socket(NET_A, family, SOCK_STREAM);
	prepare(*c, 1);
	err = sctp_connect(*c, &ss);
	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "connect(SCTP)");
	}
	*s = net_accept(lfd);
	sctp_rcvinfo_on(*s);
	SAFE_CLOSE(lfd);
}

static int reset_streams(int fd, int flags, int n, const uint16_t *list,
			 socklen_t len)
{
	struct {
		struct sctp_reset_streams r;
		uint16_t list[8];
	} rs = { .r = { .srs_flags = flags, .srs_number_streams = n } };

	if (n)
		memcpy(rs.list, list, n * sizeof(*list));
	return setsockopt(fd, IPPROTO_SCTP, SCTP_RESET_STREAMS, &rs,
			  len ? len : sizeof(rs.r) + n * sizeof(*list));
}

static int add_streams(int fd, int in, int out)
{
	struct sctp_add_streams as = { .sas_instrms = in, .sas_outstrms = out };

	return setsockopt(fd, IPPROTO_SCTP, SCTP_ADD_STREAMS, &as, sizeof(as));
}

static void send_on(int fd, int stream, const char *what)
{
	if (sctp_send(fd, what, strlen(what), stream, 0, 0, 0, NULL,
		      MSG_NOSIGNAL) != (ssize_t)strlen(what))
		tst_brk(TBROK | TERRNO, "sendmsg(stream %d)", stream);
}

/* The next message on fd: data (0) or a notification of type (1). */
static int next(int fd, struct sctp_msg *m)
{
	ssize_t n = sctp_recv(fd, buf, sizeof(buf) - 1, m);

	if (n <= 0 || !(m->flags & MSG_EOR))
		tst_brk(TBROK | TERRNO, "recvmsg(SCTP): %zd, flags 0x%x", n,
			m->flags);
	buf[n] = 0;
	return !!(m->flags & MSG_NOTIFICATION);
}

/* Expect data what on stream with SSN ssn; returns its TSN. */
static uint32_t expect_data(int fd, int stream, int ssn, const char *what)
{
	struct sctp_msg m;

	if (next(fd, &m)) {
		tst_res(TFAIL, "'%s': notification %u instead", what,
			sn->sn_header.sn_type);
		return 0;
	}
	if (strcmp(buf, what) || !m.has_rcvinfo || m.ri.rcv_sid != stream ||
	    m.ri.rcv_ssn != ssn)
		tst_res(TFAIL, "got '%s' on stream %u SSN %u, expected '%s' on %d SSN %d",
			buf, m.ri.rcv_sid, m.ri.rcv_ssn, what, stream, ssn);
	else
		tst_res(TPASS, "'%s' on stream %d with SSN %d", what, stream,
			ssn);
	return m.ri.rcv_tsn;
}

/* Expect a notification of type on fd; TFAIL (and 0) otherwise. */
static int expect_note(int fd, int type, const char *who)
{
	struct sctp_msg m;

	if (!next(fd, &m)) {
		tst_res(TFAIL, "%s: data '%s' instead of notification %d", who,
			buf, type);
		return 0;
	}
	if (sn->sn_header.sn_type != type) {
		tst_res(TFAIL, "%s: notification %u, expected %d", who,
			sn->sn_header.sn_type, type);
		return 0;
	}
	return 1;
}

static void check_stream_reset(int fd, int flags, const char *who)
{
	struct sctp_stream_reset_event *e = &sn->sn_strreset_event;

	if (!expect_note(fd, SCTP_STREAM_RESET_EVENT, who))
		return;
	if (e->strreset_flags != flags ||
	    e->strreset_length != sizeof(*e) + sizeof(uint16_t) ||
	    e->strreset_stream_list[0] != 1)
		tst_res(TFAIL, "%s: stream reset flags 0x%x length %u stream %u, expected 0x%x, one stream, 1",
			who, e->strreset_flags, e->strreset_length,
			e->strreset_stream_list[0], flags);
	else
		tst_res(TPASS, "%s: SCTP_STREAM_RESET_EVENT flags 0x%x for stream 1",
			who, flags);
}

/*
 * A stream change event; Linux reports the streams added (in, out),
 * not the new totals, on both ends and also when refused.
 */
static void check_change(int fd, int flags, int in, int out,
			 const char *who)
{
	struct sctp_stream_change_event *e = &sn->sn_strchange_event;

	if (!expect_note(fd, SCTP_STREAM_CHANGE_EVENT, who))
		return;
	if (e->strchange_flags != flags || e->strchange_instrms != in ||
	    e->strchange_outstrms != out)
		tst_res(TFAIL, "%s: stream change flags 0x%x in %u out %u, expected 0x%x, %d, %d",
			who, e->strchange_flags, e->strchange_instrms,
			e->strchange_outstrms, flags, in, out);
	else
		tst_res(TPASS, "%s: SCTP_STREAM_CHANGE_EVENT flags 0x%x in %d out %d",
			who, flags, in, out);
}

/* What the peer's association allows (its strreset_enable). */
static void allow(int s, unsigned int reqs)
{
	assoc_value(s, SCTP_ENABLE_STREAM_RESET, 0, reqs,
		    "SCTP_ENABLE_STREAM_RESET");
}

static void errors(int c, int family)
{
	static const uint16_t one = 1, past = NSTR, two[2] = { 0, 1 };
	struct sctp_assoc_value av = { .assoc_value = 0x08 };
	int plain, s;

	TST_EXP_FAIL(setsockopt(c, IPPROTO_SCTP, SCTP_ENABLE_STREAM_RESET, &av,
				sizeof(av)), EINVAL,
		     "SCTP_ENABLE_STREAM_RESET with flag 0x08");
	TST_EXP_FAIL(reset_streams(c, SCTP_STREAM_RESET_OUTGOING, 0, NULL, 4),
		     EINVAL, "SCTP_RESET_STREAMS of 4 bytes");
	TST_EXP_FAIL(reset_streams(c, SCTP_STREAM_RESET_OUTGOING, 2, two,
				   sizeof(struct sctp_reset_streams) + 2),
		     EINVAL, "srs_number_streams 2 with room for 1");
	TST_EXP_FAIL(reset_streams(c, 0, 1, &one, 0), EINVAL,
		     "SCTP_RESET_STREAMS with no direction");
	TST_EXP_FAIL(reset_streams(c, SCTP_STREAM_RESET_OUTGOING, 1, &past, 0),
		     EINVAL, "resetting outgoing stream %d of %d", NSTR, NSTR);
	TST_EXP_FAIL(reset_streams(c, SCTP_STREAM_RESET_INCOMING, 1, &past, 0),
		     EINVAL, "resetting incoming stream %d of %d", NSTR, NSTR);
	TST_EXP_FAIL(add_streams(c, 0, 0), EINVAL, "SCTP_ADD_STREAMS of none");
	TST_EXP_FAIL(add_streams(c, 0, 65536 - NSTR), EINVAL,
		     "SCTP_ADD_STREAMS to 65536 outgoing streams");
	TST_EXP_FAIL(add_streams(c, 65536 - NSTR, 0), EINVAL,
		     "SCTP_ADD_STREAMS to 65536 incoming streams");

	allow(c, 0);
	TST_EXP_FAIL(reset_streams(c, SCTP_STREAM_RESET_OUTGOING, 0, NULL, 0),
		     ENOPROTOOPT, "stream reset not enabled locally");
	TST_EXP_FAIL(setsockopt(c, IPPROTO_SCTP, SCTP_RESET_ASSOC,
				&(sctp_assoc_t){ 0 }, sizeof(sctp_assoc_t)),
		     ENOPROTOOPT, "association reset not enabled locally");
	TST_EXP_FAIL(add_streams(c, 0, 1), ENOPROTOOPT,
		     "adding streams not enabled locally");
	allow(c, ALL_REQS);

	pair(family, 0, &plain, &s);
	TST_EXP_FAIL(reset_streams(plain, SCTP_STREAM_RESET_OUTGOING, 0, NULL,
				   0), ENOPROTOOPT,
		     "stream reset, peer without RECONFIG");
	TST_EXP_FAIL(setsockopt(plain, IPPROTO_SCTP, SCTP_RESET_ASSOC,
				&(sctp_assoc_t){ 0 }, sizeof(sctp_assoc_t)),
		     ENOPROTOOPT, "association reset, peer without RECONFIG");
	TST_EXP_FAIL(add_streams(plain, 0, 1), ENOPROTOOPT,
		     "adding streams, peer without RECONFIG");
	SAFE_CLOSE(plain);
	SAFE_CLOSE(s);
}

static void stream_resets(int c, int s)
{
	static const uint16_t one = 1;

	send_on(c, 1, "a0");
	send_on(c, 1, "a1");
	send_on(c, 0, "b0");
	send_on(c, 1, "a2");
	send_on(c, 0, "b1");
	expect_data(s, 1, 0, "a0");
	expect_data(s, 1, 1, "a1");
	expect_data(s, 0, 0, "b0");
	expect_data(s, 1, 2, "a2");
	expect_data(s, 0, 1, "b1");

	TST_EXP_PASS(reset_streams(c, SCTP_STREAM_RESET_OUTGOING, 1, &one, 0),
		     "SCTP_RESET_STREAMS outgoing {1}");
	check_stream_reset(c, SCTP_STREAM_RESET_OUTGOING_SSN, "client");
	check_stream_reset(s, SCTP_STREAM_RESET_INCOMING_SSN, "server");
	send_on(c, 1, "a3");
	send_on(c, 0, "b2");
	expect_data(s, 1, 0, "a3");
	expect_data(s, 0, 2, "b2");

	/* the server's association refuses: no reset, no event there */
	allow(s, ALL_REQS & ~SCTP_ENABLE_RESET_STREAM_REQ);
	TST_EXP_PASS(reset_streams(c, SCTP_STREAM_RESET_OUTGOING, 1, &one, 0),
		     "SCTP_RESET_STREAMS outgoing {1}, server refusing");
	check_stream_reset(c, SCTP_STREAM_RESET_OUTGOING_SSN |
			      SCTP_STREAM_RESET_DENIED, "client (denied)");
	send_on(c, 1, "a4");
	expect_data(s, 1, 1, "a4");
	allow(s, ALL_REQS);
}

static void stream_adds(int c, int s)
{
	struct sctp_status st;

	TST_EXP_PASS(add_streams(c, 0, 2), "SCTP_ADD_STREAMS 2 outgoing");
	check_change(c, 0, 0, 2, "client");
	check_change(s, 0, 2, 0, "server");
	sctp_get_status(c, 0, &st);
	NET_EXP_EQ(st.sstat_outstrms, NSTR + 2, "client sstat_outstrms");
	net_enter(NET_B);
	sctp_get_status(s, 0, &st);
	NET_EXP_EQ(st.sstat_instrms, NSTR + 2, "server sstat_instrms");
	send_on(c, NSTR + 1, "n0");
	expect_data(s, NSTR + 1, 0, "n0");
	TST_EXP_FAIL(sctp_send(c, "x", 1, NSTR + 2, 0, 0, 0, NULL,
			       MSG_NOSIGNAL), EINVAL,
		     "send on stream %d of %d", NSTR + 2, NSTR + 2);

	allow(s, ALL_REQS & ~SCTP_ENABLE_CHANGE_ASSOC_REQ);
	TST_EXP_PASS(add_streams(c, 0, 1), "SCTP_ADD_STREAMS 1, server refusing");
	check_change(c, SCTP_STREAM_CHANGE_DENIED, 0, 1, "client (denied)");
	sctp_get_status(c, 0, &st);
	NET_EXP_EQ(st.sstat_outstrms, NSTR + 2,
		   "client sstat_outstrms after the refusal");
	allow(s, ALL_REQS);
}

/* Bounded wait until fd's association has no unacknowledged DATA. */
static void wait_acked(int fd, const char *who)
{
	long long end = tst_mono_ms() + net_ms(30000);
	struct sctp_status st;

	for (;;) {
		sctp_get_status(fd, 0, &st);
		if (!st.sstat_unackdata)
			return;
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "%s: %u DATA chunks unacked", who,
				st.sstat_unackdata);
		usleep(10000);
	}
}

/*
 * SCTP_RESET_ASSOC, again while EAGAIN (bounded): the SACK that empties
 * the queue and the status read before can race.
 */
static int reset_assoc(int fd)
{
	long long end = tst_mono_ms() + net_ms(10000);
	sctp_assoc_t id = 0;
	int r;

	while ((r = setsockopt(fd, IPPROTO_SCTP, SCTP_RESET_ASSOC, &id,
			       sizeof(id))) && errno == EAGAIN &&
	       tst_mono_ms() < end)
		usleep(10000);
	return r;
}

static void assoc_reset(int c, int s)
{
	struct sctp_assoc_reset_event ce, se;
	uint32_t last, tsn;

	send_on(s, 2, "r0");
	expect_data(c, 2, 0, "r0");
	send_on(c, 3, "q0");
	last = expect_data(s, 3, 0, "q0");
	net_enter(NET_A);
	wait_acked(c, "client");
	net_enter(NET_B);
	wait_acked(s, "server");

	TST_EXP_PASS(reset_assoc(c), "SCTP_RESET_ASSOC");
	if (!expect_note(c, SCTP_ASSOC_RESET_EVENT, "client"))
		return;
	ce = sn->sn_assocreset_event;
	if (!expect_note(s, SCTP_ASSOC_RESET_EVENT, "server"))
		return;
	se = sn->sn_assocreset_event;
	tst_res(TINFO, "TSNs: client local %u remote %u, server local %u remote %u",
		ce.assocreset_local_tsn, ce.assocreset_remote_tsn,
		se.assocreset_local_tsn, se.assocreset_remote_tsn);
	NET_EXP_EQ(ce.assocreset_flags, 0, "client SCTP_ASSOC_RESET_EVENT flags");
	NET_EXP_EQ(se.assocreset_flags, 0, "server SCTP_ASSOC_RESET_EVENT flags");
	NET_EXP_EQ(ce.assocreset_local_tsn, se.assocreset_remote_tsn,
		   "client's local TSN = server's remote TSN");
	NET_EXP_EQ(ce.assocreset_remote_tsn, se.assocreset_local_tsn,
		   "client's remote TSN = server's local TSN");

	send_on(c, 3, "q1");
	tsn = expect_data(s, 3, 0, "q1");
	NET_EXP_EQ(tsn, (uint32_t)(last + (1U << 31)),
		   "client's TSN after the reset (its last plus 2^31)");
	NET_EXP_EQ(tsn, ce.assocreset_remote_tsn,
		   "client's TSN after the reset, as its event said");
	send_on(s, 2, "r1");
	tsn = expect_data(c, 2, 0, "r1");
	NET_EXP_EQ(tsn, ce.assocreset_local_tsn,
		   "server's TSN after the reset, as the client's event said");
	send_on(c, 0, "b3");
	expect_data(s, 0, 0, "b3");
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET, c, s;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	pair(family, 1, &c, &s);
	errors(c, family);
	stream_resets(c, s);
	stream_adds(c, s);
	assoc_reset(c, s);
	SAFE_CLOSE(c);
	SAFE_CLOSE(s);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
