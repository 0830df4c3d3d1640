/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Router preferences of a router advertisement (RFC 4191, the Prf bits 4-3
 * of its flags byte) as linux/icmpv6.h names them; that header cannot be
 * included beside <netinet/icmp6.h> (both define struct icmp6_filter).
 * RTA_PREF of a route learnt from an RA carries the same values.
 */
#ifndef LAPI_ICMPV6_H__
#define LAPI_ICMPV6_H__

#include <netinet/icmp6.h>

#ifndef ICMPV6_ROUTER_PREF_LOW
# define ICMPV6_ROUTER_PREF_LOW		0x3
# define ICMPV6_ROUTER_PREF_MEDIUM	0x0
# define ICMPV6_ROUTER_PREF_HIGH	0x1
# define ICMPV6_ROUTER_PREF_INVALID	0x2
#endif

#endif /* LAPI_ICMPV6_H__ */
