// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP MD5 signatures (RFC 2385, TCP_MD5SIG and TCP_MD5SIG_EXT) between two
 * namespaces, IPv4 and IPv6 (tcp_v4_parse_md5_keys(),
 * tcp_v6_parse_md5_keys(), tcp_inbound_md5_hash()).
 *
 * Errnos of the option: EINVAL for a short option, an address of the
 * other family, an 81-byte key, a prefix longer than the address (33 for
 * IPv4 and for a v4-mapped IPv6 address, 129 for IPv6), FLAG_IFINDEX with
 * an ifindex that is no L3 master device or no device at all; ENOENT for
 * deleting a key that is not there; EFAULT for a bad pointer. An 80-byte
 * key is accepted.
 *
 * Segments: with the same key on both ends the connection is made, 64 KiB
 * go each way intact and neither end has timestamps (no TS option is sent
 * with MD5); the server's netns counts every refused SYN, and nothing
 * reaches the listener:
 * - server key, client none: TCPMD5NotFound;
 * - client key, server none: TCPMD5Unexpected;
 * - different keys: TCPMD5Failure;
 * - a prefix key (TCP_MD5SIG_FLAG_PREFIX) covering the client connects,
 *   one for another net does not (TCPMD5Unexpected);
 * - a deleted listener key lets a plain client in, whose connection has
 *   timestamps again.
 * On an established connection a wrong key put on the receiver makes it
 * drop the sender's data (TCPMD5Failure) and the right key put back lets
 * the retransmission in: the bytes arrive once and intact.
 */
#include <netinet/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

#ifndef TCP_MD5SIG_FLAG_IFINDEX
# define TCP_MD5SIG_FLAG_IFINDEX 0x2
#endif

/* glibc's struct tcp_md5sig names the kernel's tcpm_ifindex __tcpm_pad. */
#define MD5_IFINDEX(cmd) ((cmd).__tcpm_pad)

#define BULK (64 * 1024)

static char *bulk_out, *bulk_in;
static int fam;

/* The MD5 key of fd for peer addr (key NULL deletes); 0 or errno. */
static int md5_key(int fd, const struct sockaddr_storage *addr,
		   const char *key, int prefix)
{
	struct tcp_md5sig cmd;
	int optname = prefix >= 0 ? TCP_MD5SIG_EXT : TCP_MD5SIG;

	memset(&cmd, 0, sizeof(cmd));
	memcpy(&cmd.tcpm_addr, addr, sizeof(*addr));
	if (prefix >= 0) {
		cmd.tcpm_flags = TCP_MD5SIG_FLAG_PREFIX;
		cmd.tcpm_prefixlen = prefix;
	}
	if (key) {
		cmd.tcpm_keylen = strlen(key);
		memcpy(cmd.tcpm_key, key, cmd.tcpm_keylen);
	}
	return setsockopt(fd, IPPROTO_TCP, optname, &cmd, sizeof(cmd)) ?
		errno : 0;
}

static void md5_key_safe(int fd, const struct sockaddr_storage *addr,
			 const char *key, int prefix)
{
	int err = md5_key(fd, addr, key, prefix);

	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "TCP_MD5SIG key \"%s\"",
			key ? key : "(delete)");
	}
}

static long long md5_counter(const char *name)
{
	return net_snmp(NET_B, "netstat", "TcpExt:", name);
}

static void option_errors(void)
{
	struct sockaddr_storage a, other;
	struct tcp_md5sig cmd;
	char key81[82];
	int fd = net_socket(NET_A, fam, SOCK_STREAM);

	net_addr(NET_B, fam, 0, &a);
	net_addr(NET_B, fam == AF_INET ? AF_INET6 : AF_INET, 0, &other);
	memset(&cmd, 0, sizeof(cmd));
	memcpy(&cmd.tcpm_addr, &a, sizeof(a));
	cmd.tcpm_keylen = 3;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_MD5SIG, &cmd,
				sizeof(cmd) - 1), EINVAL,
		     "TCP_MD5SIG one byte short");
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_MD5SIG, (void *)8,
				sizeof(cmd)), EFAULT,
		     "TCP_MD5SIG with a bad pointer");
	NET_EXP_EQ(md5_key(fd, &other, "key", -1), EINVAL,
		   "errno of an address of the other family");

	memset(key81, 'k', 81);
	key81[81] = 0;
	NET_EXP_EQ(md5_key(fd, &a, key81, -1), EINVAL,
		   "errno of an 81-byte key");
	key81[80] = 0;
	NET_EXP_EQ(md5_key(fd, &a, key81, -1), 0, "errno of an 80-byte key");
	NET_EXP_EQ(md5_key(fd, &a, NULL, -1), 0, "deleting that key");
	NET_EXP_EQ(md5_key(fd, &a, NULL, -1), ENOENT,
		   "errno of deleting it again");

	NET_EXP_EQ(md5_key(fd, &a, "key", fam == AF_INET ? 33 : 129), EINVAL,
		   "errno of a prefix one bit longer than the address");
	NET_EXP_EQ(md5_key(fd, &a, "key", fam == AF_INET ? 32 : 128), 0,
		   "errno of a full-length prefix");
	if (fam == AF_INET6) {
		struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&cmd.tcpm_addr;

		memset(&cmd, 0, sizeof(cmd));
		s6->sin6_family = AF_INET6;
		inet_pton(AF_INET6, "::ffff:10.99.1.2", &s6->sin6_addr);
		cmd.tcpm_flags = TCP_MD5SIG_FLAG_PREFIX;
		cmd.tcpm_prefixlen = 33;
		cmd.tcpm_keylen = 3;
		TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_MD5SIG_EXT, &cmd,
					sizeof(cmd)), EINVAL,
			     "prefix 33 for a v4-mapped address");
	}

	memset(&cmd, 0, sizeof(cmd));
	memcpy(&cmd.tcpm_addr, &a, sizeof(a));
	cmd.tcpm_keylen = 3;
	cmd.tcpm_flags = TCP_MD5SIG_FLAG_IFINDEX;
	MD5_IFINDEX(cmd) = rtnl_ifindex("net0");
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_MD5SIG_EXT, &cmd,
				sizeof(cmd)), EINVAL,
		     "FLAG_IFINDEX of a device that is no L3 master");
	MD5_IFINDEX(cmd) = 999999;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_MD5SIG_EXT, &cmd,
				sizeof(cmd)), EINVAL,
		     "FLAG_IFINDEX of no device");
	close(fd);
}

/* Client in A (key ckey, NULL none) to lfd; 0 or the client's fd. */
static int try_connect(const struct sockaddr_storage *srv, const char *ckey,
		       int lfd, const char *counter, const char *what)
{
	struct sockaddr_storage peer;
	long long before = counter ? md5_counter(counter) : 0;
	int fd = net_socket(NET_A, fam, SOCK_STREAM), err;
	socklen_t len = fam == AF_INET ? sizeof(struct sockaddr_in) :
		sizeof(struct sockaddr_in6);

	memcpy(&peer, srv, sizeof(peer));
	if (ckey)
		md5_key_safe(fd, &peer, ckey, -1);
	if (!counter) {
		err = net_connect_fd(fd, srv);
		if (err) {
			errno = err;
			tst_res(TFAIL | TERRNO, "%s: connect()", what);
			close(fd);
			return -1;
		}
		return fd;
	}

	net_set_nonblock(fd, 1);
	if (!connect(fd, (const struct sockaddr *)srv, len) ||
	    errno != EINPROGRESS)
		tst_brk(TBROK | TERRNO, "%s: connect()", what);
	NET_EXP_EQ(net_wait_snmp(NET_B, "netstat", "TcpExt:", counter,
				 before + 1) > before, 1, counter);
	NET_EXP_EQ(net_poll(fd, POLLOUT, 0), 0,
		   "client connected although its SYN was refused");
	NET_EXP_EQ(net_poll(lfd, POLLIN, 0), 0,
		   "listener got a connection from a refused SYN");
	close(fd);
	return -1;
}

/* Send BULK bytes from cfd to sfd; a signed connection has no TS. */
static void bulk_check(int cfd, int sfd, int sig, const char *what)
{
	struct tcp_info ti;
	socklen_t len = sizeof(ti);
	ssize_t got;

	if (net_write_all(cfd, bulk_out, BULK))
		tst_brk(TBROK, "%s: write", what);
	got = net_read_all(sfd, bulk_in, BULK);
	if (got != BULK || memcmp(bulk_in, bulk_out, BULK))
		tst_res(TFAIL, "%s: %zd of %d bytes intact", what, got, BULK);
	else
		tst_res(TPASS, "%s: %d bytes intact", what, BULK);
	if (getsockopt(sfd, IPPROTO_TCP, TCP_INFO, &ti, &len))
		tst_brk(TBROK | TERRNO, "TCP_INFO");
	NET_EXP_EQ(!!(ti.tcpi_options & TCPI_OPT_TIMESTAMPS), !sig,
		   sig ? "timestamps on a signed connection" :
		   "timestamps on an unsigned connection");
}

static void signed_connections(void)
{
	struct sockaddr_storage srv, cli, other;
	int lfd, cfd, sfd;

	net_addr(NET_A, fam, 0, &cli);
	lfd = net_listener(NET_B, fam, &srv);

	md5_key_safe(lfd, &cli, "secret", -1);
	cfd = try_connect(&srv, "secret", lfd, NULL, "same keys");
	if (cfd >= 0) {
		sfd = net_accept(lfd);
		bulk_check(cfd, sfd, 1, "same keys");
		bulk_check(sfd, cfd, 1, "same keys, back");
		close(cfd);
		close(sfd);
	}
	try_connect(&srv, NULL, lfd, "TCPMD5NotFound", "no client key");
	try_connect(&srv, "wrong!", lfd, "TCPMD5Failure", "different keys");

	md5_key_safe(lfd, &cli, NULL, -1);
	try_connect(&srv, "secret", lfd, "TCPMD5Unexpected",
		    "no server key");

	md5_key_safe(lfd, &cli, "prefix", fam == AF_INET ? 24 : 64);
	cfd = try_connect(&srv, "prefix", lfd, NULL, "prefix key");
	if (cfd >= 0) {
		sfd = net_accept(lfd);
		bulk_check(cfd, sfd, 1, "prefix key");
		close(cfd);
		close(sfd);
	}
	md5_key_safe(lfd, &cli, NULL, fam == AF_INET ? 24 : 64);
	memset(&other, 0, sizeof(other));
	other.ss_family = fam;
	inet_pton(fam, fam == AF_INET ? "10.99.7.1" : "fd99:7::1",
		  net_rawaddr(&other));
	md5_key_safe(lfd, &other, "prefix", fam == AF_INET ? 24 : 64);
	try_connect(&srv, "prefix", lfd, "TCPMD5Unexpected",
		    "prefix key of another net");
	md5_key_safe(lfd, &other, NULL, fam == AF_INET ? 24 : 64);

	cfd = try_connect(&srv, NULL, lfd, NULL, "keys deleted");
	if (cfd >= 0) {
		sfd = net_accept(lfd);
		bulk_check(cfd, sfd, 0, "keys deleted");
		close(cfd);
		close(sfd);
	}
	close(lfd);
}

static void key_change(void)
{
	struct sockaddr_storage srv, cli;
	long long before;
	int lfd, cfd, sfd;
	ssize_t got;

	net_addr(NET_A, fam, 0, &cli);
	lfd = net_listener(NET_B, fam, &srv);
	md5_key_safe(lfd, &cli, "first", -1);
	cfd = try_connect(&srv, "first", lfd, NULL, "key change");
	if (cfd < 0) {
		close(lfd);
		return;
	}
	sfd = net_accept(lfd);
	close(lfd);

	before = md5_counter("TCPMD5Failure");
	md5_key_safe(sfd, &cli, "second", -1);
	if (net_write_all(cfd, bulk_out, 1000))
		tst_brk(TBROK, "write()");
	NET_EXP_EQ(net_wait_snmp(NET_B, "netstat", "TcpExt:", "TCPMD5Failure",
				 before + 1) > before, 1,
		   "TCPMD5Failure once the receiver's key changed");
	NET_EXP_EQ(net_poll(sfd, POLLIN, 0), 0,
		   "data in with the receiver's key changed");

	md5_key_safe(sfd, &cli, "first", -1);
	got = net_read_all(sfd, bulk_in, 1000);
	NET_EXP_EQ(got == 1000 && !memcmp(bulk_in, bulk_out, 1000), 1,
		   "retransmitted data intact after the key came back");
	NET_EXP_EQ(net_poll(sfd, POLLIN, 0), 0, "more data than was sent");
	close(cfd);
	close(sfd);
}

static void run(unsigned int n)
{
	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	option_errors();
	signed_connections();
	key_change();
}

static void setup(void)
{
	struct tcp_md5sig cmd;
	int i, fd;

	bulk_out = SAFE_MALLOC(BULK);
	bulk_in = SAFE_MALLOC(BULK);
	for (i = 0; i < BULK; i++)
		bulk_out[i] = i * 13 + i / 509;
	net_hosts_setup();
	/* An AF_UNSPEC key is EINVAL where MD5 is built in. */
	fd = net_socket(NET_A, AF_INET, SOCK_STREAM);
	memset(&cmd, 0, sizeof(cmd));
	if (setsockopt(fd, IPPROTO_TCP, TCP_MD5SIG, &cmd, sizeof(cmd)) &&
	    errno == ENOPROTOOPT)
		tst_brk(TCONF, "no TCP_MD5SIG (CONFIG_TCP_MD5SIG)");
	close(fd);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
