/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the IPsec tests (net_ipsec01-03) share about XFRM state: the
 * counters of /proc/net/xfrm_stat as a host sees them, a bounded wait
 * for one to move, and SA lifetimes without a limit.
 */
#ifndef NET_XFRM_H
#define NET_XFRM_H

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <linux/xfrm.h>
#include "tst_test.h"
#include "net_hosts.h"

/* The xfrm_stat counter field (e.g. "XfrmInStateSeqError") of host h. */
static inline long long net_xfrm_stat(int h, const char *field)
{
	char name[128];
	long long val;
	FILE *f;

	net_enter(h);
	f = fopen("/proc/net/xfrm_stat", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/net/xfrm_stat)");
	while (fscanf(f, "%127s %lld", name, &val) == 2) {
		if (!strcmp(name, field)) {
			fclose(f);
			return val;
		}
	}
	fclose(f);
	tst_brk(TBROK, "no %s in /proc/net/xfrm_stat", field);
	return -1;
}

/*
 * Wait (bounded by 10 s times the timeout multiplier) for an xfrm_stat
 * counter of h to pass base; its last value either way.
 */
static inline long long net_xfrm_stat_wait(int h, const char *field,
					   long long base)
{
	struct timespec t0, t;
	long long v;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while ((v = net_xfrm_stat(h, field)) <= base) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 +
		    (t.tv_nsec - t0.tv_nsec) / 1000000 > net_ms(10000))
			break;
		usleep(1000);
	}
	return v;
}

/* Lifetimes that never expire, by bytes or by packets. */
static inline void net_xfrm_lft_inf(struct xfrm_lifetime_cfg *l)
{
	l->soft_byte_limit = l->hard_byte_limit = XFRM_INF;
	l->soft_packet_limit = l->hard_packet_limit = XFRM_INF;
}

#endif /* NET_XFRM_H */
