// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SCTP partial reliability (PR-SCTP, RFC 3758), IPv4 and IPv6, with an
 * nf_tables rule in the remote host dropping every SCTP packet to the
 * server's port for a window:
 * - SCTP_PR_SUPPORTED reads 1 for the association (both ends enable it
 *   by default); SCTP_DEFAULT_PRINFO reads back what was set; EINVAL for
 *   a policy outside SCTP_PR_SCTP_MASK (option and SCTP_PRINFO cmsg), a
 *   short option, SCTP_PR_ASSOC_STATUS with no policy or with a policy
 *   and SCTP_PR_SCTP_ALL, SCTP_PR_STREAM_STATUS on a stream at the
 *   outgoing count;
 * - SCTP_PR_SCTP_RTX with 0 retransmissions (set by SCTP_DEFAULT_PRINFO,
 *   sent with plain send() on the default stream 1): the three messages
 *   lost on the path are abandoned at the first retransmission timeout:
 *   abandoned_sent 3, abandoned_unsent 0;
 * - SCTP_PR_SCTP_TTL of 50 ms (SCTP_PRINFO cmsg, stream 2) for three
 *   messages queued behind a 20000 byte reliable message that the
 *   congestion window holds back: they expire before they are ever
 *   sent: abandoned_unsent 3, abandoned_sent 0;
 * - per stream (SCTP_PR_STREAM_STATUS) the counts are on the streams
 *   the messages were sent on, by policy, and 0 elsewhere; SCTP_PR_SCTP_ALL
 *   sums them;
 * - once the drop rule is gone the reliable message arrives whole, the
 *   abandoned messages never do, and the next message on streams 1 and
 *   2 is delivered: on stream 1 with stream sequence number 3
 *   (FORWARD-TSN skipped the three abandoned ones), on stream 2 with 0
 *   (the expired messages were never numbered, as they were never
 *   sent); nothing else queued at the receiver.
 * Would catch abandoned chunks counted twice or under the wrong policy
 * or sent/unsent bucket, a receiver stuck on a hole FORWARD-TSN should
 * have skipped, or expired messages still delivered.
 */
#include <stdlib.h>
#include <time.h>
#include "sctp_common.h"
#include "net_nft.h"

#define BIG 20000
#define NLOST 3
#define TTL_MS 50
#define TABLE "prsctp"

static char buf[BIG + 64], big[BIG];

static void setup(void)
{
	int i;

	for (i = 0; i < BIG; i++)
		big[i] = 'a' + (i * 7 + i / 251) % 26;
	net_hosts_setup();
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* SCTP_SNDINFO for the stream plus, when policy >= 0, SCTP_PRINFO. */
static ssize_t send_pr(int fd, const void *data, size_t len, int sid,
		       uint32_t ppid, int policy, uint32_t value)
{
	union {
		char buf[CMSG_SPACE(sizeof(struct sctp_sndinfo)) +
			 CMSG_SPACE(sizeof(struct sctp_prinfo))];
		struct cmsghdr align;
	} cb;
	struct iovec iov = { .iov_base = (void *)data, .iov_len = len };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cb.buf,
		.msg_controllen = CMSG_SPACE(sizeof(struct sctp_sndinfo)),
	};
	struct sctp_sndinfo si = { .snd_sid = sid, .snd_ppid = htonl(ppid) };
	struct sctp_prinfo pi = { .pr_policy = policy, .pr_value = value };
	struct cmsghdr *c;

	memset(&cb, 0, sizeof(cb));
	if (policy >= 0)
		msg.msg_controllen = sizeof(cb.buf);
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = IPPROTO_SCTP;
	c->cmsg_type = SCTP_SNDINFO;
	c->cmsg_len = CMSG_LEN(sizeof(si));
	memcpy(CMSG_DATA(c), &si, sizeof(si));
	if (policy >= 0) {
		c = CMSG_NXTHDR(&msg, c);
		c->cmsg_level = IPPROTO_SCTP;
		c->cmsg_type = SCTP_PRINFO;
		c->cmsg_len = CMSG_LEN(sizeof(pi));
		memcpy(CMSG_DATA(c), &pi, sizeof(pi));
	}
	return sendmsg(fd, &msg, MSG_NOSIGNAL);
}

/* getsockopt(opt) of struct sctp_prstatus: 0 or the errno. */
static int pr_status(int fd, int opt, int sid, int policy,
		     struct sctp_prstatus *ps, socklen_t len)
{
	memset(ps, 0, sizeof(*ps));
	ps->sprstat_sid = sid;
	ps->sprstat_policy = policy;
	return getsockopt(fd, IPPROTO_SCTP, opt, ps, &len) ? errno : 0;
}

static void expect_status(int fd, int opt, int sid, int policy,
			  unsigned long long unsent, unsigned long long sent,
			  const char *what)
{
	struct sctp_prstatus ps;
	int err = pr_status(fd, opt, sid, policy, &ps, sizeof(ps));

	if (err) {
		tst_res(TFAIL, "%s: %s", what, tst_strerrno(err));
	} else if (ps.sprstat_abandoned_unsent != unsent ||
		   ps.sprstat_abandoned_sent != sent) {
		tst_res(TFAIL, "%s: abandoned unsent %llu sent %llu, expected %llu and %llu",
			what,
			(unsigned long long)ps.sprstat_abandoned_unsent,
			(unsigned long long)ps.sprstat_abandoned_sent,
			unsent, sent);
	} else {
		tst_res(TPASS, "%s: abandoned unsent %llu sent %llu", what,
			unsent, sent);
	}
}

/* Bounded wait for the association's count of a policy to reach n. */
static void wait_abandoned(int fd, int policy, int sent, unsigned long long n)
{
	long long end = now_ms() + net_ms(20000);
	struct sctp_prstatus ps;

	for (;;) {
		if (pr_status(fd, SCTP_PR_ASSOC_STATUS, 0, policy, &ps,
			      sizeof(ps)))
			tst_brk(TBROK | TERRNO, "SCTP_PR_ASSOC_STATUS");
		if ((sent ? ps.sprstat_abandoned_sent :
			    ps.sprstat_abandoned_unsent) >= n)
			return;
		if (now_ms() > end)
			tst_brk(TBROK, "policy 0x%x: abandoned %s %llu, waited for %llu",
				policy, sent ? "sent" : "unsent",
				(unsigned long long)(sent ?
					ps.sprstat_abandoned_sent :
					ps.sprstat_abandoned_unsent), n);
		usleep(20000);
	}
}

static void drop_rule(int on, unsigned short port)
{
	static struct nft_batch b;
	int ret;

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	if (on) {
		nft_add_table(&b, 0);
		nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0,
			      NF_ACCEPT, 0);
		nft_rule_begin(&b, "in", 0);
		nft_match_l4dport(&b, IPPROTO_SCTP, port);
		nft_counter(&b);
		nft_verdict(&b, NF_DROP, NULL);
		nft_rule_end(&b);
	} else {
		nft_del_table(&b, 0);
	}
	ret = nft_commit(&b);
	if (ret)
		tst_brk(TBROK, "nft %s the drop rule: %s", on ? "adding" :
			"deleting", tst_strerrno(-ret));
}

static void check_errnos(int cfd)
{
	struct sctp_default_prinfo dp = {
		.pr_policy = SCTP_PR_SCTP_TTL, .pr_value = 1234,
	};
	struct sctp_assoc_value av = { 0 };
	struct sctp_prstatus ps;
	socklen_t len = sizeof(av);

	if (getsockopt(cfd, IPPROTO_SCTP, SCTP_PR_SUPPORTED, &av, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_PR_SUPPORTED)");
	NET_EXP_EQ(av.assoc_value, 1, "SCTP_PR_SUPPORTED of the association");

	sctp_setopt(cfd, SCTP_DEFAULT_PRINFO, &dp, sizeof(dp),
		    "SCTP_DEFAULT_PRINFO");
	memset(&dp, 0, sizeof(dp));
	len = sizeof(dp);
	if (getsockopt(cfd, IPPROTO_SCTP, SCTP_DEFAULT_PRINFO, &dp, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_DEFAULT_PRINFO)");
	if (dp.pr_policy != SCTP_PR_SCTP_TTL || dp.pr_value != 1234)
		tst_res(TFAIL, "SCTP_DEFAULT_PRINFO read back policy 0x%x value %u",
			dp.pr_policy, dp.pr_value);
	else
		tst_res(TPASS, "SCTP_DEFAULT_PRINFO read back TTL 1234");

	dp.pr_policy = 0x40;
	TST_EXP_FAIL(setsockopt(cfd, IPPROTO_SCTP, SCTP_DEFAULT_PRINFO, &dp,
				sizeof(dp)), EINVAL,
		     "SCTP_DEFAULT_PRINFO policy 0x40");
	dp.pr_policy = SCTP_PR_SCTP_RTX;
	TST_EXP_FAIL(setsockopt(cfd, IPPROTO_SCTP, SCTP_DEFAULT_PRINFO, &dp,
				sizeof(dp) - 1), EINVAL,
		     "SCTP_DEFAULT_PRINFO one byte short");
	TST_EXP_FAIL(send_pr(cfd, "x", 1, 0, 1, 0x40, 0), EINVAL,
		     "SCTP_PRINFO cmsg policy 0x40");
	TST_EXP_EQ_LI(pr_status(cfd, SCTP_PR_ASSOC_STATUS, 0, 0, &ps,
				sizeof(ps)), EINVAL);
	TST_EXP_EQ_LI(pr_status(cfd, SCTP_PR_ASSOC_STATUS, 0,
				SCTP_PR_SCTP_ALL | SCTP_PR_SCTP_TTL, &ps,
				sizeof(ps)), EINVAL);
	TST_EXP_EQ_LI(pr_status(cfd, SCTP_PR_ASSOC_STATUS, 0, SCTP_PR_SCTP_ALL,
				&ps, sizeof(ps) - 1), EINVAL);
	TST_EXP_EQ_LI(pr_status(cfd, SCTP_PR_STREAM_STATUS, 3,
				SCTP_PR_SCTP_ALL, &ps, sizeof(ps)), EINVAL);
	TST_EXP_EQ_LI(pr_status(cfd, SCTP_PR_STREAM_STATUS, 2,
				SCTP_PR_SCTP_ALL, &ps, sizeof(ps)), 0);
}

static void read_one(int fd, struct sctp_msg *m, ssize_t *n)
{
	*n = sctp_recv_msg(fd, buf, sizeof(buf), m, NULL);
	if (*n <= 0 || !m->has_rcvinfo)
		tst_brk(TBROK | TERRNO, "server: read %zd, rcvinfo %d", *n,
			m->has_rcvinfo);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;
	struct sctp_rtoinfo rto = {
		.srto_initial = 300, .srto_max = 500, .srto_min = 200,
	};
	struct sctp_assocparams ap = { .sasoc_asocmaxrxt = 1000 };
	struct sctp_paddrparams pp = {
		.spp_pathmaxrxt = 1000, .spp_flags = SPP_HB_DISABLE,
	};
	struct sctp_initmsg im = {
		.sinit_num_ostreams = 3, .sinit_max_instreams = 3,
	};
	struct sctp_sndinfo dsi = { .snd_sid = 1 };
	struct sctp_default_prinfo dp = { .pr_policy = SCTP_PR_SCTP_RTX };
	struct sockaddr_storage ss;
	struct sctp_msg m;
	int lfd, cfd, sfd, i, err, got = 0;
	long long t;
	ssize_t r;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	lfd = sctp_bound(NET_B, family, SOCK_STREAM, &ss);
	sctp_setopt(lfd, SCTP_INITMSG, &im, sizeof(im), "SCTP_INITMSG");
	sctp_rcvinfo_on(lfd);
	if (listen(lfd, 4))
		tst_brk(TBROK | TERRNO, "listen(SCTP)");

	/* fixed, short retransmission timeouts; no heartbeats; no abort */
	cfd = sctp_socket(NET_A, family, SOCK_STREAM);
	sctp_setopt(cfd, SCTP_INITMSG, &im, sizeof(im), "SCTP_INITMSG");
	sctp_setopt(cfd, SCTP_RTOINFO, &rto, sizeof(rto), "SCTP_RTOINFO");
	sctp_setopt(cfd, SCTP_ASSOCINFO, &ap, sizeof(ap), "SCTP_ASSOCINFO");
	sctp_setopt(cfd, SCTP_PEER_ADDR_PARAMS, &pp, sizeof(pp),
		    "SCTP_PEER_ADDR_PARAMS");
	err = sctp_connect(cfd, &ss);
	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "connect(SCTP)");
	}
	sfd = net_accept(lfd);
	sctp_rcvinfo_on(sfd);

	net_enter(NET_A);
	check_errnos(cfd);

	drop_rule(1, net_port(&ss));
	net_enter(NET_A);

	/* RTX 0 by default on stream 1: lost, abandoned on the first T3 */
	sctp_setopt(cfd, SCTP_DEFAULT_SNDINFO, &dsi, sizeof(dsi),
		    "SCTP_DEFAULT_SNDINFO");
	sctp_setopt(cfd, SCTP_DEFAULT_PRINFO, &dp, sizeof(dp),
		    "SCTP_DEFAULT_PRINFO");
	for (i = 0; i < NLOST; i++) {
		if (send(cfd, "rtx-lost", 8, MSG_NOSIGNAL) != 8)
			tst_brk(TBROK | TERRNO, "send(RTX message)");
	}
	wait_abandoned(cfd, SCTP_PR_SCTP_RTX, 1, NLOST);
	dp.pr_policy = SCTP_PR_SCTP_NONE;
	sctp_setopt(cfd, SCTP_DEFAULT_PRINFO, &dp, sizeof(dp),
		    "SCTP_DEFAULT_PRINFO");

	/*
	 * A reliable message larger than any congestion window the lossy
	 * path allows, then TTL messages queued behind it: they can only
	 * leave once the big one is acknowledged, after the drop.
	 */
	if (send_pr(cfd, big, BIG, 0, 100, -1, 0) != BIG)
		tst_brk(TBROK | TERRNO, "sendmsg(%d bytes)", BIG);
	for (i = 0; i < NLOST; i++) {
		if (send_pr(cfd, "ttl-lost", 8, 2, 300 + i, SCTP_PR_SCTP_TTL,
			    TTL_MS) != 8)
			tst_brk(TBROK | TERRNO, "sendmsg(TTL message)");
	}
	/* the lifetime is a timer of ours: let it run out, with margin */
	t = now_ms() + 6 * TTL_MS;
	while (now_ms() < t)
		usleep(20000);
	drop_rule(0, 0);

	net_enter(NET_B);
	read_one(sfd, &m, &r);
	if (r != BIG || m.ri.rcv_sid != 0 || ntohl(m.ri.rcv_ppid) != 100 ||
	    memcmp(buf, big, BIG))
		tst_res(TFAIL, "first message: %zd bytes stream %u ppid %u",
			r, m.ri.rcv_sid, ntohl(m.ri.rcv_ppid));
	else
		tst_res(TPASS, "the reliable %d byte message arrived whole",
			BIG);

	net_enter(NET_A);
	wait_abandoned(cfd, SCTP_PR_SCTP_TTL, 0, NLOST);
	if (send_pr(cfd, "later1", 6, 1, 201, -1, 0) != 6 ||
	    send_pr(cfd, "later2", 6, 2, 202, -1, 0) != 6)
		tst_brk(TBROK | TERRNO, "sendmsg(later messages)");

	net_enter(NET_B);
	for (i = 0; i < 2; i++) {
		unsigned int ppid, sid;

		read_one(sfd, &m, &r);
		ppid = ntohl(m.ri.rcv_ppid);
		sid = m.ri.rcv_sid;
		if ((ppid != 201 && ppid != 202) || sid != ppid - 200 ||
		    r != 6 || memcmp(buf, sid == 1 ? "later1" : "later2", 6) ||
		    m.ri.rcv_ssn != (sid == 1 ? NLOST : 0) ||
		    (got & (1 << sid))) {
			tst_res(TFAIL, "server got %zd bytes ppid %u stream %u ssn %u",
				r, ppid, sid, m.ri.rcv_ssn);
			continue;
		}
		got |= 1 << sid;
	}
	if (got == 6)
		tst_res(TPASS, "later messages delivered: stream 1 ssn %d (FORWARD-TSN skipped the sent ones), stream 2 ssn 0 (the expired ones never numbered)",
			NLOST);
	if (net_poll(sfd, POLLIN, 300) & POLLIN) {
		r = recv(sfd, buf, sizeof(buf), MSG_DONTWAIT);
		tst_res(TFAIL, "server: %zd more bytes: '%.8s'", r, buf);
	} else {
		tst_res(TPASS, "server: none of the abandoned messages");
	}

	net_enter(NET_A);
	expect_status(cfd, SCTP_PR_ASSOC_STATUS, 0, SCTP_PR_SCTP_RTX, 0, NLOST,
		      "association RTX");
	expect_status(cfd, SCTP_PR_ASSOC_STATUS, 0, SCTP_PR_SCTP_TTL, NLOST, 0,
		      "association TTL");
	expect_status(cfd, SCTP_PR_ASSOC_STATUS, 0, SCTP_PR_SCTP_PRIO, 0, 0,
		      "association PRIO");
	expect_status(cfd, SCTP_PR_ASSOC_STATUS, 0, SCTP_PR_SCTP_ALL, NLOST,
		      NLOST, "association ALL");
	expect_status(cfd, SCTP_PR_STREAM_STATUS, 0, SCTP_PR_SCTP_ALL, 0, 0,
		      "stream 0 ALL");
	expect_status(cfd, SCTP_PR_STREAM_STATUS, 1, SCTP_PR_SCTP_RTX, 0, NLOST,
		      "stream 1 RTX");
	expect_status(cfd, SCTP_PR_STREAM_STATUS, 1, SCTP_PR_SCTP_TTL, 0, 0,
		      "stream 1 TTL");
	expect_status(cfd, SCTP_PR_STREAM_STATUS, 2, SCTP_PR_SCTP_TTL, NLOST, 0,
		      "stream 2 TTL");
	expect_status(cfd, SCTP_PR_STREAM_STATUS, 2, SCTP_PR_SCTP_RTX, 0, 0,
		      "stream 2 RTX");

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
