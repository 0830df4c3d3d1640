// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SCTP authentication (RFC 4895) between two namespaces, over IPv4:
 * - net.sctp.auth_enable is 0 in a new namespace; a socket made then
 *   reads SCTP_AUTH_SUPPORTED 0 and gets EACCES for SCTP_AUTH_CHUNK,
 *   SCTP_HMAC_IDENT, SCTP_AUTH_KEY and reading SCTP_AUTH_ACTIVE_KEY;
 * - with auth_enable 1: SCTP_AUTH_CHUNK EINVAL for INIT, INIT-ACK,
 *   SHUTDOWN-COMPLETE and AUTH and a short option, DATA accepted and
 *   SCTP_LOCAL_AUTH_CHUNKS lists exactly DATA; SCTP_HMAC_IDENT EINVAL
 *   for no identifier and for a list without SHA-1, EOPNOTSUPP for the
 *   unknown identifier 4 and the reserved 2; SCTP_AUTH_KEY EINVAL
 *   without key bytes and for a length past the option; the active key
 *   is the null key 0, an unknown key cannot be made active (EINVAL),
 *   key 1 can (read back); the active key cannot be deleted or
 *   deactivated (EINVAL), nor an unknown one; a deleted key cannot be
 *   made active;
 * - an association where both ends hold keys 1 and 2 (key 1 active) and
 *   ask for DATA to be authenticated: SCTP_PEER_AUTH_CHUNKS lists DATA,
 *   the association's active key reads 1; on the remote's wire (packet
 *   socket) each DATA chunk from the local host follows an AUTH chunk
 *   with key 1, HMAC SHA-256 (the remote listed it first) and a 32 byte
 *   digest; the message arrives; after the local host makes key 2
 *   active, the remote is told (SCTP_AUTHENTICATION_EVENT, NEW_KEY 2)
 *   before the next message, whose AUTH chunk names key 2;
 * - an association whose remote key 1 differs: the local DATA is
 *   dropped (SctpInPktDiscards grows, nothing to read), and once the
 *   remote sets the same key on the association a retransmission is
 *   delivered, exactly once.
 */
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include "sctp_common.h"

#define KEY1 "0123456789abcdef0123456789abcdef"
#define KEY2 "the second shared key"

static char buf[65536];

static long long sctp_mib(int h, const char *name)
{
	char n[64];
	long long v, ret = -1;
	FILE *f;

	net_enter(h);
	f = fopen("/proc/net/sctp/snmp", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/net/sctp/snmp)");
	while (fscanf(f, "%63s %lld", n, &v) == 2)
		if (!strcmp(n, name))
			ret = v;
	fclose(f);
	if (ret < 0)
		tst_brk(TBROK, "no %s in /proc/net/sctp/snmp", name);
	return ret;
}

static int set_auth_chunk(int fd, int cid, socklen_t len)
{
	struct sctp_authchunk ac = { .sauth_chunk = cid };

	return setsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_CHUNK, &ac, len);
}

/* SCTP_HMAC_IDENT with n identifiers. */
static int set_hmacs(int fd, int n, const uint16_t *ids)
{
	union {
		struct sctp_hmacalgo h;
		char b[sizeof(struct sctp_hmacalgo) + 8 * sizeof(uint16_t)];
	} u;

	memset(&u, 0, sizeof(u));
	u.h.shmac_num_idents = n;
	memcpy(u.h.shmac_idents, ids, n * sizeof(uint16_t));
	return setsockopt(fd, IPPROTO_SCTP, SCTP_HMAC_IDENT, &u,
			  sizeof(u.h) + n * sizeof(uint16_t));
}

/* SCTP_AUTH_KEY: keylen claimed, given bytes of key in the option. */
static int set_key(int fd, int id, const char *key, int keylen, int given)
{
	union {
		struct sctp_authkey k;
		char b[sizeof(struct sctp_authkey) + 64];
	} u;

	memset(&u, 0, sizeof(u));
	u.k.sca_keynumber = id;
	u.k.sca_keylength = keylen;
	memcpy(u.k.sca_key, key, given);
	return setsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_KEY, &u,
			  sizeof(u.k) + given);
}

static int key_op(int fd, int opt, int id)
{
	struct sctp_authkeyid k = { .scact_keynumber = id };

	return setsockopt(fd, IPPROTO_SCTP, opt, &k, sizeof(k));
}

static int active_key(int fd)
{
	struct sctp_authkeyid k = { 0 };
	socklen_t len = sizeof(k);

	if (getsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_ACTIVE_KEY, &k, &len))
		return -errno;
	return k.scact_keynumber;
}

/* SCTP_LOCAL/PEER_AUTH_CHUNKS: count, *first the first chunk type. */
static int auth_chunks(int fd, int opt, int *first)
{
	union {
		struct sctp_authchunks c;
		char b[sizeof(struct sctp_authchunks) + 256];
	} u;
	socklen_t len = sizeof(u);

	memset(&u, 0, sizeof(u));
	if (getsockopt(fd, IPPROTO_SCTP, opt, &u, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(AUTH_CHUNKS %d)", opt);
	*first = u.c.gauth_number_of_chunks ? u.c.gauth_chunks[0] : -1;
	return u.c.gauth_number_of_chunks;
}

static void errnos(void)
{
	static const uint16_t sha256 = SCTP_AUTH_HMAC_ID_SHA256;
	static const uint16_t both[] = {
		SCTP_AUTH_HMAC_ID_SHA256, SCTP_AUTH_HMAC_ID_SHA1,
	};
	static const uint16_t unknown[] = { SCTP_AUTH_HMAC_ID_SHA1, 4 };
	static const uint16_t reserved[] = { SCTP_AUTH_HMAC_ID_SHA1, 2 };
	struct sctp_assoc_value av = { 0 };
	socklen_t len = sizeof(av);
	int fd, first;

	net_sysctl(NET_A, "net/sctp/auth_enable", "0");
	fd = sctp_socket(NET_A, AF_INET, SOCK_STREAM);
	av.assoc_value = 7;
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_SUPPORTED, &av, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_AUTH_SUPPORTED)");
	NET_EXP_EQ(av.assoc_value, 0, "SCTP_AUTH_SUPPORTED with auth_enable 0");
	TST_EXP_FAIL(set_auth_chunk(fd, 0, sizeof(struct sctp_authchunk)),
		     EACCES, "SCTP_AUTH_CHUNK without auth");
	TST_EXP_FAIL(set_hmacs(fd, 2, both), EACCES,
		     "SCTP_HMAC_IDENT without auth");
	TST_EXP_FAIL(set_key(fd, 1, KEY1, 32, 32), EACCES,
		     "SCTP_AUTH_KEY without auth");
	TST_EXP_EQ_LI(active_key(fd), -EACCES);
	close(fd);

	net_sysctl(NET_A, "net/sctp/auth_enable", "1");
	fd = sctp_socket(NET_A, AF_INET, SOCK_STREAM);
	len = sizeof(av);
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_SUPPORTED, &av, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_AUTH_SUPPORTED)");
	NET_EXP_EQ(av.assoc_value, 1, "SCTP_AUTH_SUPPORTED with auth_enable 1");
	TST_EXP_FAIL(set_auth_chunk(fd, 1, sizeof(struct sctp_authchunk)),
		     EINVAL, "SCTP_AUTH_CHUNK INIT");
	TST_EXP_FAIL(set_auth_chunk(fd, 2, sizeof(struct sctp_authchunk)),
		     EINVAL, "SCTP_AUTH_CHUNK INIT-ACK");
	TST_EXP_FAIL(set_auth_chunk(fd, 14, sizeof(struct sctp_authchunk)),
		     EINVAL, "SCTP_AUTH_CHUNK SHUTDOWN-COMPLETE");
	TST_EXP_FAIL(set_auth_chunk(fd, 15, sizeof(struct sctp_authchunk)),
		     EINVAL, "SCTP_AUTH_CHUNK AUTH");
	TST_EXP_FAIL(set_auth_chunk(fd, 0, 0), EINVAL,
		     "SCTP_AUTH_CHUNK of 0 bytes");
	TST_EXP_PASS(set_auth_chunk(fd, 0, sizeof(struct sctp_authchunk)),
		     "SCTP_AUTH_CHUNK DATA");
	if (auth_chunks(fd, SCTP_LOCAL_AUTH_CHUNKS, &first) == 1 && !first)
		tst_res(TPASS, "SCTP_LOCAL_AUTH_CHUNKS: DATA alone");
	else
		tst_res(TFAIL, "SCTP_LOCAL_AUTH_CHUNKS: %d chunks, first %d",
			auth_chunks(fd, SCTP_LOCAL_AUTH_CHUNKS, &first), first);
	TST_EXP_FAIL(set_hmacs(fd, 0, both), EINVAL, "SCTP_HMAC_IDENT of none");
	TST_EXP_FAIL(set_hmacs(fd, 1, &sha256), EINVAL,
		     "SCTP_HMAC_IDENT without SHA-1");
	TST_EXP_FAIL(set_hmacs(fd, 2, unknown), EOPNOTSUPP,
		     "SCTP_HMAC_IDENT SHA-1 and identifier 4");
	TST_EXP_FAIL(set_hmacs(fd, 2, reserved), EOPNOTSUPP,
		     "SCTP_HMAC_IDENT SHA-1 and reserved identifier 2");
	TST_EXP_PASS(set_hmacs(fd, 2, both), "SCTP_HMAC_IDENT SHA-256, SHA-1");
	TST_EXP_FAIL(set_key(fd, 1, KEY1, 0, 0), EINVAL,
		     "SCTP_AUTH_KEY without key bytes");
	TST_EXP_FAIL(set_key(fd, 1, KEY1, 33, 32), EINVAL,
		     "SCTP_AUTH_KEY length 33 with 32 bytes");
	TST_EXP_PASS(set_key(fd, 1, KEY1, 32, 32), "SCTP_AUTH_KEY 1");
	TST_EXP_PASS(set_key(fd, 2, KEY2, strlen(KEY2), strlen(KEY2)),
		     "SCTP_AUTH_KEY 2");
	TST_EXP_EQ_LI(active_key(fd), 0);
	TST_EXP_FAIL(key_op(fd, SCTP_AUTH_ACTIVE_KEY, 7), EINVAL,
		     "SCTP_AUTH_ACTIVE_KEY of unknown key 7");
	TST_EXP_PASS(key_op(fd, SCTP_AUTH_ACTIVE_KEY, 1),
		     "SCTP_AUTH_ACTIVE_KEY 1");
	TST_EXP_EQ_LI(active_key(fd), 1);
	TST_EXP_FAIL(key_op(fd, SCTP_AUTH_DELETE_KEY, 1), EINVAL,
		     "SCTP_AUTH_DELETE_KEY of the active key");
	TST_EXP_FAIL(key_op(fd, SCTP_AUTH_DEACTIVATE_KEY, 1), EINVAL,
		     "SCTP_AUTH_DEACTIVATE_KEY of the active key");
	TST_EXP_FAIL(key_op(fd, SCTP_AUTH_DELETE_KEY, 9), EINVAL,
		     "SCTP_AUTH_DELETE_KEY of unknown key 9");
	TST_EXP_PASS(key_op(fd, SCTP_AUTH_DELETE_KEY, 2),
		     "SCTP_AUTH_DELETE_KEY 2");
	TST_EXP_FAIL(key_op(fd, SCTP_AUTH_ACTIVE_KEY, 2), EINVAL,
		     "SCTP_AUTH_ACTIVE_KEY of deleted key 2");
	TST_EXP_EQ_LI(active_key(fd), 1);
	close(fd);
}

/* An auth socket in h: DATA authenticated, SHA-256 first, keys 1, 2. */
static int auth_socket(int h, const char *key1)
{
	static const uint16_t both[] = {
		SCTP_AUTH_HMAC_ID_SHA256, SCTP_AUTH_HMAC_ID_SHA1,
	};
	int fd = sctp_socket(h, AF_INET, SOCK_STREAM);
	struct sctp_rtoinfo rto = {
		.srto_initial = 500, .srto_min = 300, .srto_max = 1000,
	};
	struct sctp_assocparams ap = { .sasoc_asocmaxrxt = 100 };

	if (set_auth_chunk(fd, 0, sizeof(struct sctp_authchunk)) ||
	    set_hmacs(fd, 2, both) ||
	    set_key(fd, 1, key1, strlen(key1), strlen(key1)) ||
	    set_key(fd, 2, KEY2, strlen(KEY2), strlen(KEY2)) ||
	    key_op(fd, SCTP_AUTH_ACTIVE_KEY, 1))
		tst_brk(TBROK | TERRNO, "auth socket options in %s",
			net_hname[h]);
	/* retransmissions within a second: the wrong key part waits for one, */
	sctp_setopt(fd, SCTP_RTOINFO, &rto, sizeof(rto), "SCTP_RTOINFO");
	/* and no abort while the wrong key drops them */
	sctp_setopt(fd, SCTP_ASSOCINFO, &ap, sizeof(ap), "SCTP_ASSOCINFO");
	sctp_rcvinfo_on(fd);
	return fd;
}

static void pair(const char *rkey1, int *cfd, int *sfd)
{
	struct sockaddr_storage ss;
	int lfd, err;

	net_sysctl(NET_A, "net/sctp/auth_enable", "1");
	net_sysctl(NET_B, "net/sctp/auth_enable", "1");
	lfd = auth_socket(NET_B, rkey1);
	net_addr(NET_B, AF_INET, 0, &ss);
	if (bind(lfd, (struct sockaddr *)&ss, sctp_alen(&ss)) ||
	    listen(lfd, 4))
		tst_brk(TBROK | TERRNO, "bind()/listen(SCTP)");
	{
		socklen_t len = sizeof(ss);

		getsockname(lfd, (struct sockaddr *)&ss, &len);
	}
	*cfd = auth_socket(NET_A, KEY1);
	err = sctp_connect(*cfd, &ss);
	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "connect(SCTP)");
	}
	*sfd = net_accept(lfd);
	close(lfd);
	sctp_rcvinfo_on(*sfd);
}

/*
 * Bounded wait on packet socket pfd for an SCTP packet from the local
 * host holding DATA with payload protocol id ppid (not a retransmission
 * of an earlier message); the key id and HMAC id and digest length of the
 * AUTH chunk before the DATA chunk (-1 without one).
 */
static void wire_auth(int pfd, uint32_t ppid, int *key, int *hmac,
		      int *dlen)
{
	long long end = tst_mono_ms() + net_ms(30000);
	static unsigned char p[2048];

	*key = *hmac = *dlen = -1;
	while (tst_mono_ms() < end) {
		int off, ihl, prev = -1, prev_off = 0;
		ssize_t n;

		if (!(net_poll(pfd, POLLIN, 1000) & POLLIN))
			continue;
		n = recv(pfd, p, sizeof(p), 0);
		if (n < 20 || p[9] != IPPROTO_SCTP ||
		    memcmp(p + 12, "\x0a\x63\x01\x01", 4))
			continue;
		ihl = (p[0] & 0xf) * 4;
		for (off = ihl + 12; off + 4 <= n;) {
			int type = p[off], clen = p[off + 2] << 8 | p[off + 3];

			if (clen < 4)
				break;
			if (type == 0) {
				if (off + 16 > n ||
				    (uint32_t)(p[off + 12] << 24 |
					       p[off + 13] << 16 |
					       p[off + 14] << 8 |
					       p[off + 15]) != ppid)
					break;
				if (prev == 15) {
					*key = p[prev_off + 4] << 8 |
					       p[prev_off + 5];
					*hmac = p[prev_off + 6] << 8 |
						p[prev_off + 7];
					*dlen = (p[prev_off + 2] << 8 |
						 p[prev_off + 3]) - 8;
				}
				return;
			}
			prev = type;
			prev_off = off;
			off += (clen + 3) & ~3;
		}
	}
	tst_brk(TBROK, "no DATA from the local host on the wire in %d ms",
		net_ms(30000));
}

static int packet_socket(void)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_IP),
	};
	int fd;

	net_enter(NET_B);
	sll.sll_ifindex = rtnl_ifindex("net0");
	fd = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_IP));
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_PACKET)");
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET)");
	return fd;
}

static void expect_msg(int fd, const char *want, const char *what)
{
	struct sctp_msg m;
	ssize_t n = sctp_recv_msg(fd, buf, sizeof(buf) - 1, &m, NULL);

	if (n < 0)
		tst_brk(TBROK | TERRNO, "recvmsg(%s)", what);
	buf[n] = 0;
	if (!strcmp(buf, want))
		tst_res(TPASS, "%s: '%s' arrived", what, want);
	else
		tst_res(TFAIL, "%s: '%s', expected '%s'", what, buf, want);
}

static void good_keys(void)
{
	int cfd, sfd, pfd, first, key, hmac, dlen;
	union sctp_notification *sn = (union sctp_notification *)buf;
	struct sctp_msg m;
	ssize_t n;

	pair(KEY1, &cfd, &sfd);
	net_enter(NET_A);
	if (auth_chunks(cfd, SCTP_PEER_AUTH_CHUNKS, &first) == 1 && !first)
		tst_res(TPASS, "SCTP_PEER_AUTH_CHUNKS: DATA");
	else
		tst_res(TFAIL, "SCTP_PEER_AUTH_CHUNKS: %d, first %d",
			auth_chunks(cfd, SCTP_PEER_AUTH_CHUNKS, &first), first);
	TST_EXP_EQ_LI(active_key(cfd), 1);
	sctp_event_on(sfd, SCTP_AUTHENTICATION_EVENT);

	pfd = packet_socket();
	if (sctp_send(cfd, "one", 3, 0, 0, 1, 0, NULL, MSG_NOSIGNAL) != 3)
		tst_brk(TBROK | TERRNO, "sendmsg()");
	wire_auth(pfd, 1, &key, &hmac, &dlen);
	if (key == 1 && hmac == SCTP_AUTH_HMAC_ID_SHA256 && dlen == 32)
		tst_res(TPASS, "wire: AUTH (key 1, SHA-256, 32 byte digest) before DATA");
	else
		tst_res(TFAIL, "wire: AUTH before DATA: key %d hmac %d digest %d",
			key, hmac, dlen);
	expect_msg(sfd, "one", "key 1");

	net_enter(NET_A);
	TST_EXP_PASS(key_op(cfd, SCTP_AUTH_ACTIVE_KEY, 2),
		     "local association's active key 2");
	if (sctp_send(cfd, "two", 3, 0, 0, 2, 0, NULL, MSG_NOSIGNAL) != 3)
		tst_brk(TBROK | TERRNO, "sendmsg()");
	wire_auth(pfd, 2, &key, &hmac, &dlen);
	NET_EXP_EQ(key, 2, "wire: AUTH key after the switch");
	n = sctp_recv(sfd, buf, sizeof(buf), &m);
	if (n > 0 && (m.flags & MSG_NOTIFICATION) &&
	    sn->sn_header.sn_type == SCTP_AUTHENTICATION_EVENT &&
	    sn->sn_authkey_event.auth_indication == SCTP_AUTH_NEW_KEY &&
	    sn->sn_authkey_event.auth_keynumber == 2)
		tst_res(TPASS, "remote: SCTP_AUTHENTICATION_EVENT NEW_KEY 2 first");
	else
		tst_res(TFAIL, "remote: read %zd flags 0x%x type 0x%x, expected NEW_KEY 2",
			n, m.flags, sn->sn_header.sn_type);
	expect_msg(sfd, "two", "key 2");
	close(pfd);
	close(cfd);
	close(sfd);
}

static void bad_key(void)
{
	long long disc;
	int cfd, sfd;
	char c;

	pair("a different key 1", &cfd, &sfd);
	disc = sctp_mib(NET_B, "SctpInPktDiscards");
	if (sctp_send(cfd, "three", 5, 0, 0, 3, 0, NULL, MSG_NOSIGNAL) != 5)
		tst_brk(TBROK | TERRNO, "sendmsg()");
	{
		long long end = tst_mono_ms() + net_ms(30000), v;

		while ((v = sctp_mib(NET_B, "SctpInPktDiscards")) == disc &&
		       tst_mono_ms() < end)
			usleep(1000);
		if (v > disc)
			tst_res(TPASS, "wrong key: SctpInPktDiscards + %lld",
				v - disc);
		else
			tst_res(TFAIL, "wrong key: SctpInPktDiscards unchanged");
	}
	TST_EXP_FAIL(recv(sfd, &c, 1, MSG_DONTWAIT), EAGAIN,
		     "remote read after the dropped DATA");
	net_enter(NET_B);
	TST_EXP_PASS(set_key(sfd, 1, KEY1, strlen(KEY1), strlen(KEY1)),
		     "remote association's key 1 set to the local one");
	expect_msg(sfd, "three", "retransmission after the key fix");
	if (sctp_send(cfd, "four", 4, 0, 0, 4, 0, NULL, MSG_NOSIGNAL) != 4)
		tst_brk(TBROK | TERRNO, "sendmsg()");
	expect_msg(sfd, "four", "next message (no second copy before it)");
	close(cfd);
	close(sfd);
}

static void run(void)
{
	errnos();
	good_keys();
	bad_key();
}

static void setup(void)
{
	char v[16];

	net_hosts_setup_pinned();
	close(sctp_socket(NET_A, AF_INET, SOCK_STREAM));
	net_sysctl_read(NET_A, "net/sctp/auth_enable", v, sizeof(v));
	if (strcmp(v, "0"))
		tst_res(TFAIL, "net.sctp.auth_enable '%s' in a new namespace", v);
	else
		tst_res(TPASS, "net.sctp.auth_enable 0 in a new namespace");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
