/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the multicast routing tests (net_mroute01, net_mroute6_01):
 * errno checks of the MRT_* / MRT6_* socket options, the upcalls the
 * kernel queues on the mroute socket among the IGMP or ICMPv6 packets
 * that socket also gets, the oif columns of /proc/net/ip{,6}_mr_cache,
 * and the receiver's datagrams read up to a sentinel.
 */
#ifndef NET_MROUTE_H
#define NET_MROUTE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include "net_hosts.h"

/* Every datagram of the tests: its first byte is its tag. */
#define MR_PAYLOAD 100

/* errno of a setsockopt() at level lvl, 0 on success. */
static inline int mr_set(int fd, int lvl, int opt, const void *val,
			 socklen_t len)
{
	return setsockopt(fd, lvl, opt, val, len) ? errno : 0;
}

static inline void mr_exp_err(int got, int exp, const char *what)
{
	if (got == exp)
		tst_res(TPASS, "%s: %s", what, exp ? tst_strerrno(exp) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", what,
			got ? tst_strerrno(got) : "0",
			exp ? tst_strerrno(exp) : "0");
}

/* The " %2d:%-3d" oif columns of an MFC line as "vif:ttl,vif:ttl". */
static inline void mr_oifs_join(char *cols, char *out, size_t len)
{
	char *tok, *save;
	size_t used = 0;

	out[0] = 0;
	for (tok = strtok_r(cols, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save))
		used += snprintf(out + used, len - used, "%s%s",
				 used ? "," : "", tok);
}

/* A line of /proc/net/ip{,6}_mr_cache: incoming vif, counters, oifs. */
struct mr_cache_line {
	int iif;
	unsigned long pkts, bytes, wrong;
	char oifs[128];
};

/*
 * The lines of file (in the router) that start with prefix ("group
 * origin " as the file prints them): how many, the last one's fields.
 */
static inline int mr_cache_read(const char *file, const char *prefix,
				struct mr_cache_line *l)
{
	size_t plen = strlen(prefix);
	char line[512];
	int found = 0, n;
	FILE *f;

	net_enter(NET_R);
	f = fopen(file, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", file);
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, prefix, plen))
			continue;
		memset(l, 0, sizeof(*l));
		if (sscanf(line + plen, "%d %lu %lu %lu%n", &l->iif, &l->pkts,
			   &l->bytes, &l->wrong, &n) != 4)
			tst_brk(TBROK, "%s line '%s'", file, line);
		mr_oifs_join(line + plen + n, l->oifs, sizeof(l->oifs));
		found++;
	}
	fclose(f);
	return found;
}

/* A line of /proc/net/ip{,6}_mr_vif. */
struct mr_vif_line {
	char name[32];
	long bin, pin, bout, pout;
	unsigned int flags;
};

/* file (in the router): the number of vifs; vif vifi's fields (0s if none). */
static inline int mr_vif_read(const char *file, int vifi,
			      struct mr_vif_line *v, int *found)
{
	struct mr_vif_line t;
	char line[256];
	int idx, n = 0;
	FILE *f;

	memset(v, 0, sizeof(*v));
	net_enter(NET_R);
	f = fopen(file, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", file);
	*found = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%d %31s %ld %ld %ld %ld %x", &idx, t.name,
			   &t.bin, &t.pin, &t.bout, &t.pout, &t.flags) != 7)
			continue;
		n++;
		if (idx == vifi) {
			*v = t;
			*found = 1;
		}
	}
	fclose(f);
	return n;
}

/* net/<family>/conf/<dev>/mc_forwarding in the router (family ipv4/6). */
static inline long mr_mc_forwarding(const char *family, const char *dev)
{
	char path[128], buf[32];

	snprintf(path, sizeof(path), "net/%s/conf/%s/mc_forwarding", family,
		 dev);
	net_sysctl_read(NET_R, path, buf, sizeof(buf));
	return atol(buf);
}

/*
 * The next upcall on mroute socket fd within ms (scaled), copied to msg
 * (len bytes at most): its length, 0 when none came. An upcall has a
 * zero byte at zero_off (IPv4: the protocol field of the copied IP
 * header, version ver; IPv6: im6_mbz at 0, ver -1 for no check), where
 * the IGMP or ICMPv6 packets the socket also gets have not.
 */
static inline int mr_upcall(int fd, int ver, size_t zero_off, void *msg,
			    size_t len, int ms)
{
	long long end = tst_mono_ms() + net_ms(ms);
	unsigned char buf[512];
	ssize_t n;

	for (;;) {
		n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
		if (n > (ssize_t)zero_off && buf[zero_off] == 0 &&
		    (ver < 0 || buf[0] >> 4 == ver)) {
			memcpy(msg, buf, (size_t)n < len ? (size_t)n : len);
			return n;
		}
		if (n >= 0)
			continue;
		if (errno != EAGAIN)
			tst_brk(TBROK | TERRNO, "recv(mroute socket)");
		if (tst_mono_ms() >= end ||
		    !net_poll(fd, POLLIN, (int)(end - tst_mono_ms())))
			return 0;
	}
}

/*
 * Read datagrams from rx (bounded) until the one tagged 'S', which the
 * caller sent behind the datagrams under test: how many tagged tag came
 * before it. Each must be MR_PAYLOAD bytes with the TTL or hop limit hops
 * (control message lvl/type); *bad counts those that are not.
 */
static inline int mr_count_until_sentinel(int rx, char tag, int hops,
					  int lvl, int type, int *bad)
{
	long long end = tst_mono_ms() + net_ms(10000);
	char buf[MR_PAYLOAD + 1], cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *c;
	int n = 0, got;
	ssize_t len;

	*bad = 0;
	for (;;) {
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "sentinel not received in %d ms",
				net_ms(10000));
		if (!net_poll(rx, POLLIN, 1000))
			continue;
		mh.msg_control = cbuf;
		mh.msg_controllen = sizeof(cbuf);
		len = recvmsg(rx, &mh, MSG_DONTWAIT);
		if (len < 1)
			continue;
		if (buf[0] == 'S')
			return n;
		if (buf[0] != tag)
			continue;
		n++;
		got = -1;
		for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
			if (c->cmsg_level == lvl && c->cmsg_type == type)
				memcpy(&got, CMSG_DATA(c), sizeof(int));
		if (len != MR_PAYLOAD || got != hops) {
			tst_res(TINFO, "datagram '%c': %zd bytes, TTL/hops %d",
				tag, len, got);
			(*bad)++;
		}
	}
}

#endif /* NET_MROUTE_H */
