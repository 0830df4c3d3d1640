// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Socket timestamps between two namespaces (software stamps: veth calls
 * skb_tx_timestamp(), the qdisc layer gives the SCHED stamp):
 * - SO_TIMESTAMPING EINVAL for bit 31 (past SOF_TIMESTAMPING_MASK), for
 *   OPT_STATS without OPT_TSONLY and for OPT_ID on a TCP socket that is
 *   closed or listening; the flags are read back;
 * - UDP, IPv4 and IPv6, TX_SCHED | TX_SOFTWARE | SOFTWARE | OPT_ID: each
 *   of three datagrams gives exactly two error queue messages, SCHED then
 *   SND, with ee_data (the OPT_ID key) 0, 1, 2, ee_errno ENOMSG,
 *   ee_origin SO_EE_ORIGIN_TIMESTAMPING, an IP_RECVERR / IPV6_RECVERR
 *   control message and an SCM_TIMESTAMPING one whose ts[0] lies between
 *   the send and the read (SCHED no later than SND) and ts[1], ts[2] are
 *   zero; the data returned is the frame as it left (Ethernet, IP and
 *   UDP headers, then the datagram); then the queue is empty;
 *   setting the flags again with OPT_ID kept continues the key (3),
 *   turning OPT_ID off and on restarts it (0); with OPT_TSONLY no data;
 * - the per-datagram SO_TIMESTAMPING control message: with only
 *   reporting flags on the socket, a datagram asking for TX_SOFTWARE
 *   gets one SND stamp, a plain one none and no key (keys 0 then 1);
 *   a flag outside the TX record mask and a short option are EINVAL;
 * - TCP with OPT_ID | TX_SOFTWARE | TX_ACK | OPT_TSONLY: writes of 100
 *   and 50 bytes give SND then ACK stamps keyed by the offset of their
 *   last byte, 99 and 149, SND no later than ACK;
 * - receive: RX_SOFTWARE | SOFTWARE gives an SCM_TIMESTAMPING control
 *   message (type SO_TIMESTAMPING_NEW when set through that option)
 *   within send and read; RX_SOFTWARE alone gives none;
 * - SO_TIMESTAMP, SO_TIMESTAMPNS, SO_TIMESTAMP_NEW, SO_TIMESTAMPNS_NEW:
 *   each reads back as the only one of the four set (but
 *   SO_TIMESTAMPNS_NEW also reads as SO_TIMESTAMP_NEW), its control
 *   message has its own type, and five datagrams carry stamps within
 *   their send and read that never go back;
 * - SIOCGSTAMPNS: ENOENT before any datagram was read, then the stamp of
 *   the last one read, within its send and read, later for a later one.
 */
#include <sys/ioctl.h>
#include <time.h>
#include <linux/errqueue.h>
#include <linux/net_tstamp.h>
#include <linux/sockios.h>
#include "tst_test.h"
#include "net_hosts.h"

#define F_TX (SOF_TIMESTAMPING_TX_SCHED | SOF_TIMESTAMPING_TX_SOFTWARE | \
	      SOF_TIMESTAMPING_SOFTWARE | SOF_TIMESTAMPING_OPT_ID)

struct tsmsg {
	ssize_t len;
	int msg_flags;
	int have_ts, ts_zero12, have_err;
	long long ns;
	struct sock_extended_err ee;
	unsigned char data[512];
};

static long long real_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void set_ts(int fd, int opt, int flags)
{
	struct so_timestamping t = { .flags = flags };

	if (setsockopt(fd, SOL_SOCKET, opt, &t, sizeof(t)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_TIMESTAMPING, 0x%x)",
			flags);
}

static int get_int(int fd, int opt)
{
	int val = -1;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, SOL_SOCKET, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d)", opt);
	return val;
}

/* One error queue message, after POLLERR (bounded): 0, or -1 if none. */
static int read_errq(int fd, struct tsmsg *t, int wait)
{
	char ctl[512];
	struct iovec iov = { t->data, sizeof(t->data) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = ctl, .msg_controllen = sizeof(ctl),
	};
	struct cmsghdr *cm;

	memset(t, 0, sizeof(*t));
	if (wait && !(net_poll(fd, 0, 10000) & POLLERR))
		return -1;
	t->len = recvmsg(fd, &mh, MSG_ERRQUEUE | MSG_DONTWAIT);
	if (t->len < 0) {
		if (errno == EAGAIN)
			return -1;
		tst_brk(TBROK | TERRNO, "recvmsg(MSG_ERRQUEUE)");
	}
	t->msg_flags = mh.msg_flags;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
		if (cm->cmsg_level == SOL_SOCKET &&
		    cm->cmsg_type == SO_TIMESTAMPING_OLD) {
			struct scm_timestamping *s = (void *)CMSG_DATA(cm);

			t->have_ts = 1;
			t->ns = s->ts[0].tv_sec * 1000000000LL +
				s->ts[0].tv_nsec;
			t->ts_zero12 = !s->ts[1].tv_sec && !s->ts[1].tv_nsec &&
				       !s->ts[2].tv_sec && !s->ts[2].tv_nsec;
		} else if ((cm->cmsg_level == SOL_IP &&
			    cm->cmsg_type == IP_RECVERR) ||
			   (cm->cmsg_level == SOL_IPV6 &&
			    cm->cmsg_type == IPV6_RECVERR)) {
			t->have_err = 1;
			memcpy(&t->ee, CMSG_DATA(cm), sizeof(t->ee));
		}
	}
	return 0;
}

static const char *info_name(int info)
{
	return info == SCM_TSTAMP_SND ? "SND" : info == SCM_TSTAMP_SCHED ?
	       "SCHED" : info == SCM_TSTAMP_ACK ? "ACK" : "?";
}

/*
 * Check the next stamp: type info, key id, within [t0, now]; *prev is
 * the stamp before it (no later than this one). 0 if it was right.
 */
static int check_stamp(int fd, int info, unsigned int id, long long t0,
		       long long *prev, struct tsmsg *t)
{
	long long t1;
	int bad = 0;

	if (read_errq(fd, t, 1)) {
		tst_res(TFAIL, "no %s stamp for key %u", info_name(info), id);
		return 1;
	}
	t1 = real_ns();
	if (!t->have_err || !t->have_ts) {
		tst_res(TFAIL, "%s stamp: control messages missing (RECVERR %d, TIMESTAMPING %d)",
			info_name(info), t->have_err, t->have_ts);
		return 1;
	}
	if (t->ee.ee_errno != ENOMSG ||
	    t->ee.ee_origin != SO_EE_ORIGIN_TIMESTAMPING) {
		tst_res(TFAIL, "stamp: ee_errno %u ee_origin %u, expected ENOMSG, %d",
			t->ee.ee_errno, t->ee.ee_origin,
			SO_EE_ORIGIN_TIMESTAMPING);
		bad = 1;
	}
	if ((int)t->ee.ee_info != info || t->ee.ee_data != id) {
		tst_res(TFAIL, "stamp %s key %u, expected %s key %u",
			info_name(t->ee.ee_info), t->ee.ee_data,
			info_name(info), id);
		bad = 1;
	}
	if (t->ns < t0 || t->ns > t1 || t->ns < *prev || !t->ts_zero12) {
		tst_res(TFAIL, "%s stamp %lld outside [%lld, %lld], before the previous %lld, or ts[1]/ts[2] set (%d)",
			info_name(info), t->ns, t0, t1, *prev, !t->ts_zero12);
		bad = 1;
	}
	if (!(t->msg_flags & MSG_ERRQUEUE)) {
		tst_res(TFAIL, "MSG_ERRQUEUE not set in msg_flags");
		bad = 1;
	}
	*prev = t->ns;
	return bad;
}

static void expect_empty(int fd, const char *what)
{
	struct tsmsg t;

	if (read_errq(fd, &t, 0))
		tst_res(TPASS, "%s: error queue empty", what);
	else
		tst_res(TFAIL, "%s: an extra message (info %u key %u)", what,
			t.ee.ee_info, t.ee.ee_data);
}

static void recv_dgram(int fd, char *buf, size_t len)
{
	net_wait(fd, POLLIN);
	if (recv(fd, buf, len, 0) < 0)
		tst_brk(TBROK | TERRNO, "recv()");
}

static void send_to(int fd, const void *buf, size_t len,
		    struct sockaddr_storage *dst)
{
	socklen_t alen = dst->ss_family == AF_INET ?
		sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6);

	if (sendto(fd, buf, len, 0, (struct sockaddr *)dst, alen) !=
	    (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto()");
}

/* Send a 20 byte datagram and check its SCHED and SND stamps. */
static int udp_one(int s, int r, struct sockaddr_storage *dst,
		   unsigned int id, int tsonly)
{
	size_t hdr = 14 + (dst->ss_family == AF_INET ? 20 : 40) + 8;
	char pay[20], buf[64];
	struct tsmsg t;
	long long t0 = real_ns(), prev = 0;
	int i, bad = 0;

	memset(pay, 'a' + id, sizeof(pay));
	send_to(s, pay, sizeof(pay), dst);
	for (i = 0; i < 2; i++) {
		bad |= check_stamp(s, i ? SCM_TSTAMP_SND : SCM_TSTAMP_SCHED,
				   id, t0, &prev, &t);
		if (tsonly) {
			if (t.len) {
				tst_res(TFAIL, "OPT_TSONLY stamp has %zd bytes of data",
					t.len);
				bad = 1;
			}
			continue;
		}
		if (t.len != (ssize_t)(hdr + sizeof(pay)) ||
		    memcmp(t.data + hdr, pay, sizeof(pay)) ||
		    t.data[12] != (dst->ss_family == AF_INET ? 0x08 : 0x86)) {
			tst_res(TFAIL, "stamp data: %zd bytes, expected the %zu byte frame",
				t.len, hdr + sizeof(pay));
			bad = 1;
		}
	}
	recv_dgram(r, buf, sizeof(buf));
	return bad;
}

static void udp_tx(int family)
{
	struct sockaddr_storage dst;
	int s = net_socket(NET_A, family, SOCK_DGRAM);
	int r = net_bound(NET_B, family, SOCK_DGRAM, &dst);
	struct so_timestamping got;
	socklen_t len = sizeof(got);
	unsigned int i;
	int bad = 0;

	set_ts(s, SO_TIMESTAMPING, F_TX);
	if (getsockopt(s, SOL_SOCKET, SO_TIMESTAMPING, &got, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_TIMESTAMPING)");
	NET_EXP_EQ(got.flags, F_TX, "SO_TIMESTAMPING flags read back");
	for (i = 0; i < 3; i++)
		bad |= udp_one(s, r, &dst, i, 0);
	if (!bad)
		tst_res(TPASS, "3 datagrams: SCHED and SND stamps, keys 0-2, frames returned");
	expect_empty(s, "after 3 datagrams");

	set_ts(s, SO_TIMESTAMPING, F_TX);
	if (!udp_one(s, r, &dst, 3, 0))
		tst_res(TPASS, "OPT_ID set again: the key goes on (3)");
	set_ts(s, SO_TIMESTAMPING, F_TX & ~SOF_TIMESTAMPING_OPT_ID);
	set_ts(s, SO_TIMESTAMPING, F_TX | SOF_TIMESTAMPING_OPT_TSONLY);
	if (!udp_one(s, r, &dst, 0, 1))
		tst_res(TPASS, "OPT_ID off and on: the key restarts at 0; OPT_TSONLY: no data");
	expect_empty(s, "after the OPT_TSONLY datagram");
	close(s);
	close(r);
}

static int send_cmsg(int fd, struct sockaddr_storage *dst, unsigned int flags,
		     size_t optlen)
{
	char c = 'c';
	union {
		char buf[CMSG_SPACE(sizeof(uint64_t))];
		struct cmsghdr align;
	} u;
	struct iovec iov = { &c, 1 };
	struct msghdr mh = {
		.msg_name = dst, .msg_namelen = sizeof(struct sockaddr_in),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = u.buf, .msg_controllen = CMSG_SPACE(optlen),
	};
	struct cmsghdr *cm = CMSG_FIRSTHDR(&mh);

	memset(&u, 0, sizeof(u));
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SO_TIMESTAMPING_OLD;
	cm->cmsg_len = CMSG_LEN(optlen);
	memcpy(CMSG_DATA(cm), &flags, sizeof(flags));
	return sendmsg(fd, &mh, 0) == 1 ? 0 : -1;
}

static void udp_cmsg(void)
{
	struct sockaddr_storage dst;
	int s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	int r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &dst);
	struct tsmsg t;
	long long t0, prev = 0;
	char buf[8];
	int bad = 0;

	set_ts(s, SO_TIMESTAMPING, SOF_TIMESTAMPING_SOFTWARE |
	       SOF_TIMESTAMPING_OPT_ID | SOF_TIMESTAMPING_OPT_TSONLY);
	TST_EXP_FAIL(send_cmsg(s, &dst, SOF_TIMESTAMPING_TX_SOFTWARE |
			       SOF_TIMESTAMPING_RX_SOFTWARE, sizeof(uint32_t)),
		     EINVAL, "cmsg SO_TIMESTAMPING with RX_SOFTWARE");
	TST_EXP_FAIL(send_cmsg(s, &dst, SOF_TIMESTAMPING_TX_SOFTWARE,
			       sizeof(uint64_t)),
		     EINVAL, "cmsg SO_TIMESTAMPING of 8 bytes");

	t0 = real_ns();
	if (send_cmsg(s, &dst, SOF_TIMESTAMPING_TX_SOFTWARE, sizeof(uint32_t)))
		tst_brk(TBROK | TERRNO, "sendmsg(SO_TIMESTAMPING cmsg)");
	bad |= check_stamp(s, SCM_TSTAMP_SND, 0, t0, &prev, &t);
	recv_dgram(r, buf, sizeof(buf));
	send_to(s, "p", 1, &dst);
	recv_dgram(r, buf, sizeof(buf));
	expect_empty(s, "a datagram without the cmsg (received by the peer)");
	t0 = real_ns();
	if (send_cmsg(s, &dst, SOF_TIMESTAMPING_TX_SOFTWARE, sizeof(uint32_t)))
		tst_brk(TBROK | TERRNO, "sendmsg(SO_TIMESTAMPING cmsg)");
	bad |= check_stamp(s, SCM_TSTAMP_SND, 1, t0, &prev, &t);
	recv_dgram(r, buf, sizeof(buf));
	expect_empty(s, "after the second stamped datagram");
	if (!bad)
		tst_res(TPASS, "per-datagram TX_SOFTWARE: one SND stamp each, keys 0 and 1");
	close(s);
	close(r);
}

static void tcp_tx(void)
{
	struct sockaddr_storage ss;
	int flags = SOF_TIMESTAMPING_TX_SOFTWARE | SOF_TIMESTAMPING_TX_ACK |
		    SOF_TIMESTAMPING_SOFTWARE | SOF_TIMESTAMPING_OPT_ID |
		    SOF_TIMESTAMPING_OPT_TSONLY;
	struct so_timestamping st = { .flags = flags };
	int lfd = net_listener(NET_B, AF_INET, &ss);
	int c = net_socket(NET_A, AF_INET, SOCK_STREAM);
	int sfd, i, bad = 0;
	static const int sizes[] = { 100, 50 };
	unsigned int key = 0;
	char buf[128];
	struct tsmsg t;

	TST_EXP_FAIL(setsockopt(c, SOL_SOCKET, SO_TIMESTAMPING, &st,
				sizeof(st)), EINVAL, "OPT_ID on a closed TCP socket");
	TST_EXP_FAIL(setsockopt(lfd, SOL_SOCKET, SO_TIMESTAMPING, &st,
				sizeof(st)), EINVAL, "OPT_ID on a TCP listener");
	if (net_connect_fd(c, &ss))
		tst_brk(TBROK, "connect()");
	sfd = net_accept(lfd);
	set_ts(c, SO_TIMESTAMPING, flags);
	memset(buf, 't', sizeof(buf));
	for (i = 0; i < 2; i++) {
		long long t0 = real_ns(), prev = 0;

		key += sizes[i];
		if (write(c, buf, sizes[i]) != sizes[i])
			tst_brk(TBROK | TERRNO, "write()");
		bad |= check_stamp(c, SCM_TSTAMP_SND, key - 1, t0, &prev, &t);
		bad |= check_stamp(c, SCM_TSTAMP_ACK, key - 1, t0, &prev, &t);
		if (net_read_all(sfd, buf, sizes[i]) != sizes[i])
			tst_brk(TBROK | TERRNO, "read()");
	}
	if (!bad)
		tst_res(TPASS, "TCP writes of 100 and 50 bytes: SND and ACK stamps keyed 99 and 149");
	expect_empty(c, "TCP after both writes were acked");
	close(c);
	close(sfd);
	close(lfd);
}

/* The stamp control message of a datagram read from r: its type, ns. */
static int recv_stamp(int r, long long *ns, int *zero12)
{
	char buf[64], ctl[256];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = ctl, .msg_controllen = sizeof(ctl),
	};
	struct cmsghdr *cm;
	int type = -1;

	net_wait(r, POLLIN);
	if (recvmsg(r, &mh, 0) < 0)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	*zero12 = 1;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
		if (cm->cmsg_level != SOL_SOCKET)
			continue;
		type = cm->cmsg_type;
		switch (type) {
		case SO_TIMESTAMP_OLD:
		case SO_TIMESTAMP_NEW: {
			/* timeval and __kernel_sock_timeval: two longs here */
			long long *v = (void *)CMSG_DATA(cm);

			*ns = v[0] * 1000000000LL + v[1] * 1000;
			break;
		}
		case SO_TIMESTAMPNS_OLD:
		case SO_TIMESTAMPNS_NEW: {
			long long *v = (void *)CMSG_DATA(cm);

			*ns = v[0] * 1000000000LL + v[1];
			break;
		}
		case SO_TIMESTAMPING_OLD:
		case SO_TIMESTAMPING_NEW: {
			long long *v = (void *)CMSG_DATA(cm);

			*ns = v[0] * 1000000000LL + v[1];
			*zero12 = !v[2] && !v[3] && !v[4] && !v[5];
			break;
		}
		}
	}
	return type;
}

static void rx_timestamping(void)
{
	struct sockaddr_storage dst;
	int s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	int r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &dst);
	int rx = SOF_TIMESTAMPING_RX_SOFTWARE | SOF_TIMESTAMPING_SOFTWARE;
	static const int opts[] = { SO_TIMESTAMPING_OLD, SO_TIMESTAMPING_NEW };
	long long t0, t1, ns = 0;
	int i, type, z;

	for (i = 0; i < 2; i++) {
		set_ts(r, opts[i], rx);
		t0 = real_ns();
		send_to(s, "r", 1, &dst);
		type = recv_stamp(r, &ns, &z);
		t1 = real_ns();
		if (type == opts[i] && ns >= t0 && ns <= t1 && z)
			tst_res(TPASS, "RX software stamp (cmsg type %d) within send and read",
				type);
		else
			tst_res(TFAIL, "RX stamp: cmsg type %d (expected %d), %lld in [%lld, %lld], ts[1]/ts[2] zero %d",
				type, opts[i], ns, t0, t1, z);
	}
	set_ts(r, SO_TIMESTAMPING, SOF_TIMESTAMPING_RX_SOFTWARE);
	send_to(s, "r", 1, &dst);
	type = recv_stamp(r, &ns, &z);
	if (type == -1)
		tst_res(TPASS, "RX_SOFTWARE without SOFTWARE: no control message");
	else
		tst_res(TFAIL, "RX_SOFTWARE without SOFTWARE: cmsg type %d", type);
	close(s);
	close(r);
}

static void so_timestamp(void)
{
	static const struct { int opt; const char *name; long long res; }
	opts[] = {
		{ SO_TIMESTAMP_OLD, "SO_TIMESTAMP", 1000 },
		{ SO_TIMESTAMPNS_OLD, "SO_TIMESTAMPNS", 1 },
		{ SO_TIMESTAMP_NEW, "SO_TIMESTAMP_NEW", 1000 },
		{ SO_TIMESTAMPNS_NEW, "SO_TIMESTAMPNS_NEW", 1 },
	};
	struct sockaddr_storage dst;
	int s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	int i, j, k;

	for (i = 0; i < 4; i++) {
		int r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &dst);
		long long prev = 0, ns = 0, t0, t1;
		int bad = 0, ok = 1, type, z;

		if (setsockopt(r, SOL_SOCKET, opts[i].opt, &(int){ 1 },
			       sizeof(int)))
			tst_brk(TBROK | TERRNO, "setsockopt(%s)", opts[i].name);
		/*
		 * sock_getsockopt(): SO_TIMESTAMP_NEW reads SOCK_RCVTSTAMP
		 * with SOCK_TSTAMP_NEW, and SO_TIMESTAMPNS_NEW sets both
		 * (SO_TIMESTAMP_OLD, unlike it, excludes the ns flag).
		 */
		for (j = 0; j < 4; j++)
			if (get_int(r, opts[j].opt) !=
			    (i == j || (i == 3 && j == 2)))
				ok = 0;
		if (ok)
			tst_res(TPASS, "%s reads back (SO_TIMESTAMP_NEW too for SO_TIMESTAMPNS_NEW), the others 0",
				opts[i].name);
		else
			tst_res(TFAIL, "%s: the four options read back wrong",
				opts[i].name);
		for (k = 0; k < 5; k++) {
			t0 = real_ns() / opts[i].res * opts[i].res;
			send_to(s, "t", 1, &dst);
			type = recv_stamp(r, &ns, &z);
			t1 = real_ns();
			if (type != opts[i].opt || ns < t0 || ns > t1 ||
			    ns < prev) {
				tst_res(TFAIL, "%s datagram %d: cmsg type %d, stamp %lld, window [%lld, %lld], previous %lld",
					opts[i].name, k, type, ns, t0, t1,
					prev);
				bad = 1;
			}
			prev = ns;
		}
		if (!bad)
			tst_res(TPASS, "%s: 5 stamps of type %d within send and read, never back",
				opts[i].name, opts[i].opt);
		close(r);
	}
	close(s);
}

static void siocgstamp(void)
{
	struct sockaddr_storage dst;
	int s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	int r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &dst);
	struct timespec ts;
	long long t0, t1, first = 0, ns;
	char buf[8];
	int i;

	TST_EXP_FAIL(ioctl(r, SIOCGSTAMPNS, &ts), ENOENT,
		     "SIOCGSTAMPNS before any datagram");
	for (i = 0; i < 2; i++) {
		t0 = real_ns();
		send_to(s, "s", 1, &dst);
		recv_dgram(r, buf, sizeof(buf));
		if (ioctl(r, SIOCGSTAMPNS, &ts)) {
			tst_res(TFAIL | TERRNO, "SIOCGSTAMPNS after a datagram");
			continue;
		}
		/*
		 * After the ioctl: a datagram that came before the stamps
		 * were enabled (deferred static key) has the time of the
		 * ioctl.
		 */
		t1 = real_ns();
		ns = ts.tv_sec * 1000000000LL + ts.tv_nsec;
		if (ns >= t0 && ns <= t1 && ns > first)
			tst_res(TPASS, "SIOCGSTAMPNS of datagram %d within send and read%s",
				i, i ? ", later than the first" : "");
		else
			tst_res(TFAIL, "SIOCGSTAMPNS %lld outside [%lld, %lld] or not after %lld",
				ns, t0, t1, first);
		first = ns;
	}
	close(s);
	close(r);
}

static void errors(void)
{
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	struct so_timestamping t = { .flags = (int)(1u << 31) };

	TST_EXP_FAIL(setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, &t,
				sizeof(t)), EINVAL, "SO_TIMESTAMPING bit 31");
	t.flags = SOF_TIMESTAMPING_OPT_STATS | SOF_TIMESTAMPING_TX_SOFTWARE;
	TST_EXP_FAIL(setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, &t,
				sizeof(t)), EINVAL, "OPT_STATS without OPT_TSONLY");
	close(fd);
}

static void run(void)
{
	errors();
	tst_res(TINFO, "UDP over IPv4");
	udp_tx(AF_INET);
	tst_res(TINFO, "UDP over IPv6");
	udp_tx(AF_INET6);
	udp_cmsg();
	tcp_tx();
	rx_timestamping();
	so_timestamp();
	siocgstamp();
}

static int keeper = -1;

/*
 * The first socket to want receive stamps only schedules the work that
 * turns them on (net_enable_timestamp(): netstamp_needed_key is a static
 * key); a datagram that arrives before that work ran has no stamp, and
 * SO_TIMESTAMPING, unlike SO_TIMESTAMP, fills in none. A socket of the
 * test keeps them wanted from here on, and a datagram to itself that
 * comes back stamped shows they are on; later sockets then turn them on
 * at once.
 */
static void stamps_on(void)
{
	long long deadline = tst_mono_ms() + 10000LL * tst_timeout_mul();
	struct sockaddr_storage lo;
	socklen_t len = sizeof(lo);
	long long ns;
	int z;

	keeper = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	memset(&lo, 0, sizeof(lo));
	lo.ss_family = AF_INET;
	inet_pton(AF_INET, "127.0.0.1", &((struct sockaddr_in *)&lo)->sin_addr);
	if (bind(keeper, (struct sockaddr *)&lo, sizeof(struct sockaddr_in)) ||
	    getsockname(keeper, (struct sockaddr *)&lo, &len))
		tst_brk(TBROK | TERRNO, "bind() on lo");
	set_ts(keeper, SO_TIMESTAMPING, SOF_TIMESTAMPING_RX_SOFTWARE |
	       SOF_TIMESTAMPING_SOFTWARE);
	for (;;) {
		send_to(keeper, "k", 1, &lo);
		if (recv_stamp(keeper, &ns, &z) == SO_TIMESTAMPING_OLD)
			return;
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "no receive stamps 10 s after asking");
		usleep(1000);
	}
}

static void setup(void)
{
	net_hosts_setup();
	stamps_on();
}

static void cleanup(void)
{
	if (keeper >= 0)
		close(keeper);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 60,
};
