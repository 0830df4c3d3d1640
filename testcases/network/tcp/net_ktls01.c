// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel TLS (TCP_ULP "tls", TLS 1.2 AES-GCM-128) between two namespaces,
 * IPv4 and IPv6 (Documentation/networking/tls.rst, net/tls/):
 * - TCP_ULP "tls" on a socket not connected is ENOTCONN, twice EEXIST;
 *   getsockopt(TLS_TX) before TLS_TX is EBUSY; TLS_TX with version
 *   0x0302, an unknown cipher, a short crypto_info or a length off by
 *   one is EINVAL; a second TLS_TX is EBUSY; TLS_RX with another cipher
 *   than the socket's TLS_TX is EINVAL;
 * - getsockopt(TLS_TX) reads back version, cipher, key, salt, iv and
 *   rec_seq; after one 40000 byte write rec_seq grew by 3 (records hold
 *   at most 16384 bytes);
 * - application data arrives intact both ways, each with its own key;
 * - records keep their type: "before" (data), a record of type 22 sent
 *   with the TLS_SET_RECORD_TYPE cmsg, "after" (data): recvmsg() returns
 *   "before" alone, a recv() without a control buffer fails with EIO on
 *   the type 22 record, recvmsg() then gets it with TLS_GET_RECORD_TYPE
 *   22, then "after" with type 23;
 * - on the wire (a plain TCP peer) a record is 23, 3.3, length 8 + data
 *   + 16; relayed unchanged to a TLS_RX socket it decrypts; the next
 *   record relayed with one ciphertext byte flipped fails with EBADMSG;
 * - TLS 1.3 hides the type: a type 22 record is 23 on the wire with the
 *   length data + 1 + 16, relayed it decrypts as type 22.
 */
#include <linux/tls.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

#ifndef SOL_TLS
# define SOL_TLS 282
#endif
#ifndef TCP_ULP
# define TCP_ULP 31
#endif

typedef struct tls12_crypto_info_aes_gcm_128 ci128;

static unsigned char sbuf[65536], rbuf[65536];

static void mkinfo(ci128 *ci, unsigned char seed, unsigned char seq)
{
	unsigned int i;

	memset(ci, 0, sizeof(*ci));
	ci->info.version = TLS_1_2_VERSION;
	ci->info.cipher_type = TLS_CIPHER_AES_GCM_128;
	for (i = 0; i < sizeof(ci->key); i++)
		ci->key[i] = seed + i * 3;
	for (i = 0; i < sizeof(ci->iv); i++)
		ci->iv[i] = seed ^ (0x40 + i);
	for (i = 0; i < sizeof(ci->salt); i++)
		ci->salt[i] = seed + 0x80 + i;
	ci->rec_seq[7] = seq;
}

static int ulp(int fd)
{
	return setsockopt(fd, SOL_TCP, TCP_ULP, "tls", 4) ? errno : 0;
}

static int conf(int fd, int dir, const void *ci, socklen_t len)
{
	return setsockopt(fd, SOL_TLS, dir, ci, len) ? errno : 0;
}

static void ulp_or_tconf(int fd)
{
	int err = ulp(fd);

	if (err == ENOENT)
		tst_brk(TCONF, "no \"tls\" ULP in this kernel (TCP_ULP: ENOENT)");
	if (err)
		tst_brk(TBROK, "setsockopt(TCP_ULP, tls): %s", tst_strerrno(err));
}

static void conf_safe(int fd, int dir, const ci128 *ci)
{
	int err = conf(fd, dir, ci, sizeof(*ci));

	if (err == ENOENT || err == ENOPROTOOPT)
		tst_brk(TCONF, "TLS_%s with AES-GCM-128: %s (no gcm(aes) in the guest?)",
			dir == TLS_TX ? "TX" : "RX", tst_strerrno(err));
	if (err)
		tst_brk(TBROK, "setsockopt(TLS_%s): %s", dir == TLS_TX ? "TX" : "RX",
			tst_strerrno(err));
}

static void fill(size_t len, unsigned int seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		sbuf[i] = (i * 17 + seed + (i >> 11)) & 0xff;
}

/* A TLS record of type with payload p, len bytes. */
static void send_rec(int fd, unsigned char type, const char *p)
{
	char cbuf[CMSG_SPACE(1)] = { 0 };
	struct iovec iov = { (void *)p, strlen(p) };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *cm;

	if (type != 23) {
		mh.msg_control = cbuf;
		mh.msg_controllen = sizeof(cbuf);
		cm = CMSG_FIRSTHDR(&mh);
		cm->cmsg_level = SOL_TLS;
		cm->cmsg_type = TLS_SET_RECORD_TYPE;
		cm->cmsg_len = CMSG_LEN(1);
		*CMSG_DATA(cm) = type;
	}
	if (sendmsg(fd, &mh, 0) != (ssize_t)strlen(p))
		tst_brk(TBROK | TERRNO, "sendmsg(record type %u)", type);
}

/* recvmsg() into buf (bounded wait): length, record type in *type. */
static ssize_t recv_rec(int fd, char *buf, size_t len, int *type)
{
	char cbuf[CMSG_SPACE(1) + 16];
	struct iovec iov = { buf, len - 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;
	ssize_t n;

	*type = -1;
	*buf = 0;
	net_wait(fd, POLLIN);
	n = recvmsg(fd, &mh, 0);
	if (n < 0)
		return -1;
	buf[n] = 0;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
		if (cm->cmsg_level == SOL_TLS &&
		    cm->cmsg_type == TLS_GET_RECORD_TYPE)
			*type = *CMSG_DATA(cm);
	return n;
}

static void errors_and_setup(int family, int *a, int *b)
{
	ci128 ci, bad, rd;
	struct tls12_crypto_info_aes_gcm_256 c256;
	socklen_t len = sizeof(rd);
	int u;

	u = net_socket(NET_A, family, SOCK_STREAM);
	net_tcp_pair(NET_A, NET_B, family, a, b);
	ulp_or_tconf(*a);
	NET_EXP_EQ(ulp(u), ENOTCONN, "TCP_ULP tls on a socket not connected: errno");
	close(u);
	NET_EXP_EQ(ulp(*a), EEXIST, "TCP_ULP tls twice: errno");
	NET_EXP_EQ(getsockopt(*a, SOL_TLS, TLS_TX, &rd, &len) ? errno : 0, EBUSY,
		   "getsockopt(TLS_TX) before TLS_TX: errno");

	mkinfo(&ci, 0x11, 5);
	bad = ci;
	bad.info.version = 0x0302;
	NET_EXP_EQ(conf(*a, TLS_TX, &bad, sizeof(bad)), EINVAL,
		   "TLS_TX version 0x0302: errno");
	bad = ci;
	bad.info.cipher_type = 9999;
	NET_EXP_EQ(conf(*a, TLS_TX, &bad, sizeof(bad)), EINVAL,
		   "TLS_TX unknown cipher 9999: errno");
	NET_EXP_EQ(conf(*a, TLS_TX, &ci, sizeof(struct tls_crypto_info) - 1),
		   EINVAL, "TLS_TX shorter than tls_crypto_info: errno");
	NET_EXP_EQ(conf(*a, TLS_TX, &ci, sizeof(ci) - 1), EINVAL,
		   "TLS_TX AES-GCM-128 one byte short: errno");
	conf_safe(*a, TLS_TX, &ci);
	NET_EXP_EQ(conf(*a, TLS_TX, &ci, sizeof(ci)), EBUSY,
		   "TLS_TX a second time: errno");

	memset(&rd, 0, sizeof(rd));
	len = sizeof(rd);
	if (getsockopt(*a, SOL_TLS, TLS_TX, &rd, &len))
		tst_res(TFAIL | TERRNO, "getsockopt(TLS_TX)");
	else if (len != sizeof(ci) || memcmp(&rd, &ci, sizeof(ci)))
		tst_res(TFAIL, "getsockopt(TLS_TX): %u bytes, not the crypto_info set",
			len);
	else
		tst_res(TPASS, "getsockopt(TLS_TX) reads back the crypto_info set");

	/* B: TX with its own key, RX must use the same cipher */
	ulp_or_tconf(*b);
	mkinfo(&bad, 0x22, 0);
	conf_safe(*b, TLS_TX, &bad);
	memset(&c256, 0, sizeof(c256));
	c256.info.version = TLS_1_2_VERSION;
	c256.info.cipher_type = TLS_CIPHER_AES_GCM_256;
	NET_EXP_EQ(conf(*b, TLS_RX, &c256, sizeof(c256)), EINVAL,
		   "TLS_RX AES-GCM-256 beside TLS_TX AES-GCM-128: errno");
	conf_safe(*b, TLS_RX, &ci);
	conf_safe(*a, TLS_RX, &bad);
}

static void data(int a, int b)
{
	ci128 rd;
	socklen_t len = sizeof(rd);
	ssize_t n;

	fill(40000, 1);
	if (write(a, sbuf, 40000) != 40000)
		tst_brk(TBROK | TERRNO, "write(40000) on the TLS socket");
	n = net_read_all(b, rbuf, 40000);
	if (n != 40000 || memcmp(rbuf, sbuf, 40000))
		tst_res(TFAIL, "local -> remote: %zd bytes%s", n,
			n == 40000 ? " that differ" : "");
	else
		tst_res(TPASS, "local -> remote: 40000 bytes decrypted intact");
	if (getsockopt(a, SOL_TLS, TLS_TX, &rd, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TLS_TX)");
	NET_EXP_EQ(rd.rec_seq[7], 5 + 3, "rec_seq after 40000 bytes from 5");

	fill(30000, 2);
	if (write(b, sbuf, 30000) != 30000)
		tst_brk(TBROK | TERRNO, "write(30000) on the TLS socket");
	n = net_read_all(a, rbuf, 30000);
	if (n != 30000 || memcmp(rbuf, sbuf, 30000))
		tst_res(TFAIL, "remote -> local: %zd bytes%s", n,
			n == 30000 ? " that differ" : "");
	else
		tst_res(TPASS, "remote -> local: 30000 bytes decrypted intact");
}

static void types(int a, int b)
{
	char buf[256];
	int type;
	ssize_t n;

	send_rec(a, 23, "before");
	send_rec(a, 22, "handshake");
	send_rec(a, 23, "after");
	n = recv_rec(b, buf, sizeof(buf), &type);
	if (n != 6 || strcmp(buf, "before") || type != 23)
		tst_res(TFAIL, "first recvmsg(): %zd \"%s\" type %d, expected \"before\" 23",
			n, buf, type);
	else
		tst_res(TPASS, "a data record ends at the next record of another type");
	TST_EXP_FAIL(recv(b, buf, sizeof(buf), 0), EIO,
		     "recv() without a control buffer on a type 22 record");
	n = recv_rec(b, buf, sizeof(buf), &type);
	if (n != 9 || strcmp(buf, "handshake") || type != 22)
		tst_res(TFAIL, "recvmsg(): %zd \"%s\" type %d, expected \"handshake\" 22",
			n, buf, type);
	else
		tst_res(TPASS, "TLS_SET_RECORD_TYPE 22 arrives as TLS_GET_RECORD_TYPE 22");
	n = recv_rec(b, buf, sizeof(buf), &type);
	if (n != 5 || strcmp(buf, "after") || type != 23)
		tst_res(TFAIL, "recvmsg(): %zd \"%s\" type %d, expected \"after\" 23",
			n, buf, type);
	else
		tst_res(TPASS, "then \"after\" with record type 23");
}

static void tamper(int family)
{
	int x, y, p, q, t = 0;
	ci128 ci;
	unsigned char rec[256];
	char buf[64];
	ssize_t n;

	net_tcp_pair(NET_A, NET_B, family, &x, &y);
	net_tcp_pair(NET_B, NET_A, family, &p, &q);
	mkinfo(&ci, 0x33, 0);
	ulp_or_tconf(x);
	conf_safe(x, TLS_TX, &ci);
	ulp_or_tconf(q);
	conf_safe(q, TLS_RX, &ci);

	if (write(x, "secret data", 11) != 11)
		tst_brk(TBROK | TERRNO, "write()");
	n = net_read_all(y, rec, 5 + 8 + 11 + 16);
	if (n != 40 || rec[0] != 23 || rec[1] != 3 || rec[2] != 3 ||
	    rec[3] != 0 || rec[4] != 35 || !memcmp(rec + 13, "secret data", 11))
		tst_res(TFAIL, "record on the wire: %zd bytes, header %02x %02x%02x %02x%02x",
			n, rec[0], rec[1], rec[2], rec[3], rec[4]);
	else
		tst_res(TPASS, "record on the wire: type 23, version 3.3, length 35, encrypted");
	if (net_write_all(p, rec, 40))
		tst_brk(TBROK, "relay write");
	n = recv_rec(q, buf, sizeof(buf), &t);
	if (n != 11 || strcmp(buf, "secret data"))
		tst_res(TFAIL, "relayed record: %zd bytes \"%s\"", n, buf);
	else
		tst_res(TPASS, "the record relayed unchanged decrypts on TLS_RX");

	if (write(x, "second", 6) != 6)
		tst_brk(TBROK | TERRNO, "write()");
	n = net_read_all(y, rec, 5 + 8 + 6 + 16);
	if (n != 35)
		tst_brk(TBROK, "second record: %zd bytes", n);
	rec[5 + 8 + 2] ^= 0x01;
	if (net_write_all(p, rec, 35))
		tst_brk(TBROK, "relay write");
	net_wait(q, POLLIN | POLLERR);
	TST_EXP_FAIL(recv(q, buf, sizeof(buf), 0), EBADMSG,
		     "recv() of a record with a flipped ciphertext byte");
	close(x);
	close(y);
	close(p);
	close(q);
}

/*
 * TLS 1.3 hides the record type: a type 22 record goes out as 23 with
 * the real type inside (no explicit nonce: length data + 1 + 16), and
 * the receiver gets it back with TLS_GET_RECORD_TYPE 22.
 */
static void tls13(int family)
{
	int x, y, p, q, t;
	ci128 ci;
	unsigned char rec[64];
	char buf[64];
	ssize_t n;

	net_tcp_pair(NET_A, NET_B, family, &x, &y);
	net_tcp_pair(NET_B, NET_A, family, &p, &q);
	mkinfo(&ci, 0x44, 9);
	ci.info.version = TLS_1_3_VERSION;
	ulp_or_tconf(x);
	conf_safe(x, TLS_TX, &ci);
	ulp_or_tconf(q);
	conf_safe(q, TLS_RX, &ci);

	send_rec(x, 22, "hs");
	n = net_read_all(y, rec, 5 + 2 + 1 + 16);
	if (n != 24 || rec[0] != 23 || rec[1] != 3 || rec[2] != 3 ||
	    rec[3] != 0 || rec[4] != 19)
		tst_res(TFAIL, "TLS 1.3 type 22 record on the wire: %zd bytes, header %02x %02x%02x %02x%02x",
			n, rec[0], rec[1], rec[2], rec[3], rec[4]);
	else
		tst_res(TPASS, "TLS 1.3: a type 22 record goes out as type 23, length 19");
	if (net_write_all(p, rec, 24))
		tst_brk(TBROK, "relay write");
	n = recv_rec(q, buf, sizeof(buf), &t);
	if (n != 2 || strcmp(buf, "hs") || t != 22)
		tst_res(TFAIL, "TLS 1.3 relayed record: %zd bytes \"%s\" type %d", n,
			buf, t);
	else
		tst_res(TPASS, "TLS 1.3: the relayed record decrypts as type 22 \"hs\"");

	send_rec(x, 23, "app");
	n = net_read_all(y, rec, 5 + 3 + 1 + 16);
	if (n != 25 || rec[0] != 23 || rec[4] != 20)
		tst_brk(TBROK, "TLS 1.3 data record: %zd bytes", n);
	if (net_write_all(p, rec, 25))
		tst_brk(TBROK, "relay write");
	n = recv_rec(q, buf, sizeof(buf), &t);
	if (n != 3 || strcmp(buf, "app") || t != 23)
		tst_res(TFAIL, "TLS 1.3 data record: %zd bytes \"%s\" type %d", n,
			buf, t);
	else
		tst_res(TPASS, "TLS 1.3: then \"app\" as type 23");
	close(x);
	close(y);
	close(p);
	close(q);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET, a, b;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	errors_and_setup(family, &a, &b);
	data(a, b);
	types(a, b);
	close(a);
	close(b);
	tamper(family);
	tls13(family);
}

static void setup(void)
{
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
