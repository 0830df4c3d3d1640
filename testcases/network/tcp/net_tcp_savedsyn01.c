// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP_SAVE_SYN and TCP_SAVED_SYN between two namespaces, IPv4 and IPv6
 * (do_tcp_getsockopt(), tcp_reqsk_record_syn()):
 * - TCP_SAVE_SYN accepts 0, 1 and 2 (read back), EINVAL for -1 and 3;
 * - a listener with 1 keeps each connection's SYN: the accepted socket
 *   returns exactly the network and TCP headers of the client's SYN
 *   (version, protocol or next header, both addresses, both ports, the
 *   SYN flag alone, the MSS option of 1000 the client asked for, header
 *   lengths adding up to what was returned);
 * - a buffer one byte short is EINVAL and gives the length needed, the
 *   SYN is still there; once read it is gone (length 0);
 * - with 2 the Ethernet header comes first: the server's and the
 *   client's MAC addresses and the EtherType of the family;
 * - without the option, on the connecting socket, and for a connection
 *   made through a SYN cookie (no request kept) the length is 0.
 */
#include <sys/ioctl.h>
#include <net/if.h>
#include <netinet/tcp.h>
#include <netinet/ip.h>
#include <netinet/ip6.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"

static int fam;

static int setint(int fd, int opt, int val)
{
	return setsockopt(fd, IPPROTO_TCP, opt, &val, sizeof(val)) ? errno : 0;
}

static int saved_syn(int fd, unsigned char *buf, int *len)
{
	socklen_t l = *len;
	int ret = getsockopt(fd, IPPROTO_TCP, TCP_SAVED_SYN, buf, &l);

	*len = l;
	return ret ? errno : 0;
}

static void mac_of(int h, unsigned char *mac)
{
	struct ifreq ifr;
	int fd = net_socket(h, AF_INET, SOCK_DGRAM);

	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "net0");
	if (ioctl(fd, SIOCGIFHWADDR, &ifr))
		tst_brk(TBROK | TERRNO, "SIOCGIFHWADDR");
	memcpy(mac, ifr.ifr_hwaddr.sa_data, ETH_ALEN);
	close(fd);
}

/* A connection to a listener with TCP_SAVE_SYN save; the accepted fd. */
static int accepted(int save, int *cfd, struct sockaddr_storage *srv,
		    struct sockaddr_storage *cli)
{
	socklen_t len = sizeof(*cli);
	int lfd, sfd;

	net_addr(NET_B, fam, 0, srv);
	lfd = net_socket(NET_B, fam, SOCK_STREAM);
	if (save && setint(lfd, TCP_SAVE_SYN, save))
		tst_brk(TBROK | TERRNO, "TCP_SAVE_SYN %d", save);
	if (bind(lfd, (struct sockaddr *)srv, fam == AF_INET ?
		 sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6)) ||
	    listen(lfd, 8))
		tst_brk(TBROK | TERRNO, "listener");
	len = sizeof(*srv);
	if (getsockname(lfd, (struct sockaddr *)srv, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	*cfd = net_socket(NET_A, fam, SOCK_STREAM);
	if (setint(*cfd, TCP_MAXSEG, 1000))
		tst_brk(TBROK | TERRNO, "TCP_MAXSEG");
	if (net_connect_fd(*cfd, srv))
		tst_brk(TBROK, "connect()");
	len = sizeof(*cli);
	if (getsockname(*cfd, (struct sockaddr *)cli, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	sfd = net_accept(lfd);
	close(lfd);
	return sfd;
}

/* The MSS option of a TCP header of hlen bytes, -1 if none. */
static int mss_option(const unsigned char *th, int hlen)
{
	int i = 20;

	while (i < hlen) {
		if (th[i] == 0)
			break;
		if (th[i] == 1) {
			i++;
			continue;
		}
		if (i + 1 >= hlen || th[i + 1] < 2)
			break;
		if (th[i] == 2 && th[i + 1] == 4 && i + 4 <= hlen)
			return th[i + 2] << 8 | th[i + 3];
		i += th[i + 1];
	}
	return -1;
}

/* Check the network and TCP headers at p, n bytes in all. */
static void check_headers(const unsigned char *p, int n,
			  struct sockaddr_storage *srv,
			  struct sockaddr_storage *cli)
{
	const unsigned char *th;
	int iplen, thlen;

	if (fam == AF_INET) {
		const struct iphdr *ip = (const void *)p;

		NET_EXP_EQ(ip->version, 4, "saved SYN: IP version");
		NET_EXP_EQ(ip->protocol, IPPROTO_TCP, "saved SYN: protocol");
		NET_EXP_EQ(!memcmp(&ip->saddr, net_rawaddr(cli), 4), 1,
			   "saved SYN: source is the client");
		NET_EXP_EQ(!memcmp(&ip->daddr, net_rawaddr(srv), 4), 1,
			   "saved SYN: destination is the server");
		iplen = ip->ihl * 4;
	} else {
		const struct ip6_hdr *ip6 = (const void *)p;

		NET_EXP_EQ(p[0] >> 4, 6, "saved SYN: IP version");
		NET_EXP_EQ(ip6->ip6_nxt, IPPROTO_TCP,
			   "saved SYN: next header");
		NET_EXP_EQ(!memcmp(&ip6->ip6_src, net_rawaddr(cli), 16), 1,
			   "saved SYN: source is the client");
		NET_EXP_EQ(!memcmp(&ip6->ip6_dst, net_rawaddr(srv), 16), 1,
			   "saved SYN: destination is the server");
		iplen = 40;
	}
	th = p + iplen;
	thlen = (th[12] >> 4) * 4;
	NET_EXP_EQ(iplen + thlen, n, "saved SYN: header lengths = length");
	NET_EXP_EQ(th[0] << 8 | th[1], net_port(cli),
		   "saved SYN: source port");
	NET_EXP_EQ(th[2] << 8 | th[3], net_port(srv),
		   "saved SYN: destination port");
	NET_EXP_EQ(th[13], 0x02, "saved SYN: flags (SYN alone)");
	NET_EXP_EQ(mss_option(th, thlen), 1000, "saved SYN: MSS option");
}

static void option_values(void)
{
	int fd = net_socket(NET_B, fam, SOCK_STREAM), v, val;
	socklen_t len = sizeof(val);

	for (v = 0; v <= 2; v++) {
		NET_EXP_EQ(setint(fd, TCP_SAVE_SYN, v), 0, "TCP_SAVE_SYN set");
		if (getsockopt(fd, IPPROTO_TCP, TCP_SAVE_SYN, &val, &len))
			tst_brk(TBROK | TERRNO, "getsockopt(TCP_SAVE_SYN)");
		NET_EXP_EQ(val, v, "TCP_SAVE_SYN read back");
	}
	NET_EXP_EQ(setint(fd, TCP_SAVE_SYN, -1), EINVAL,
		   "errno of TCP_SAVE_SYN -1");
	NET_EXP_EQ(setint(fd, TCP_SAVE_SYN, 3), EINVAL,
		   "errno of TCP_SAVE_SYN 3");
	close(fd);
}

static void save_ip(void)
{
	struct sockaddr_storage srv, cli;
	unsigned char buf[512];
	int cfd, sfd, len, need;

	sfd = accepted(1, &cfd, &srv, &cli);
	len = sizeof(buf);
	NET_EXP_EQ(saved_syn(cfd, buf, &len), 0, "TCP_SAVED_SYN of the client");
	NET_EXP_EQ(len, 0, "saved SYN length on the connecting socket");

	len = 0;
	NET_EXP_EQ(saved_syn(sfd, buf, &len), EINVAL,
		   "errno of TCP_SAVED_SYN into 0 bytes");
	need = len;
	len = need - 1;
	NET_EXP_EQ(saved_syn(sfd, buf, &len), EINVAL,
		   "errno of TCP_SAVED_SYN one byte short");
	NET_EXP_EQ(len, need, "length given back for a short buffer");
	len = sizeof(buf);
	NET_EXP_EQ(saved_syn(sfd, buf, &len), 0, "TCP_SAVED_SYN");
	NET_EXP_EQ(len, need, "saved SYN length");
	check_headers(buf, len, &srv, &cli);
	len = sizeof(buf);
	NET_EXP_EQ(saved_syn(sfd, buf, &len), 0, "TCP_SAVED_SYN again");
	NET_EXP_EQ(len, 0, "saved SYN length once read");
	close(cfd);
	close(sfd);
}

static void save_mac(void)
{
	struct sockaddr_storage srv, cli;
	unsigned char buf[512], amac[ETH_ALEN], bmac[ETH_ALEN];
	int cfd, sfd, len = sizeof(buf);

	mac_of(NET_A, amac);
	mac_of(NET_B, bmac);
	sfd = accepted(2, &cfd, &srv, &cli);
	NET_EXP_EQ(saved_syn(sfd, buf, &len), 0, "TCP_SAVED_SYN with MAC");
	NET_EXP_EQ(!memcmp(buf, bmac, ETH_ALEN), 1,
		   "saved SYN: Ethernet destination is the server's MAC");
	NET_EXP_EQ(!memcmp(buf + ETH_ALEN, amac, ETH_ALEN), 1,
		   "saved SYN: Ethernet source is the client's MAC");
	NET_EXP_EQ(buf[12] << 8 | buf[13], fam == AF_INET ? ETH_P_IP :
		   ETH_P_IPV6, "saved SYN: EtherType");
	check_headers(buf + ETH_HLEN, len - ETH_HLEN, &srv, &cli);
	close(cfd);
	close(sfd);
}

static void nothing_saved(void)
{
	struct sockaddr_storage srv, cli;
	unsigned char buf[512];
	int cfd, sfd, len = sizeof(buf);

	sfd = accepted(0, &cfd, &srv, &cli);
	NET_EXP_EQ(saved_syn(sfd, buf, &len), 0, "TCP_SAVED_SYN, not kept");
	NET_EXP_EQ(len, 0, "saved SYN length without TCP_SAVE_SYN");
	close(cfd);
	close(sfd);

	net_sysctl(NET_B, "net/ipv4/tcp_syncookies", "2");
	sfd = accepted(1, &cfd, &srv, &cli);
	len = sizeof(buf);
	NET_EXP_EQ(saved_syn(sfd, buf, &len), 0, "TCP_SAVED_SYN, cookie");
	NET_EXP_EQ(len, 0, "saved SYN length of a SYN cookie connection");
	net_sysctl(NET_B, "net/ipv4/tcp_syncookies", "1");
	close(cfd);
	close(sfd);
}

static void run(unsigned int n)
{
	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	option_values();
	save_ip();
	save_mac();
	nothing_saved();
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
};
