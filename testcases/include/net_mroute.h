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
