/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The GRE link attributes of include/uapi/linux/if_tunnel.h. That header
 * pulls in <linux/if.h>, whose IFF_* enumerators clash with <net/if.h>,
 * so the values the tests use are given here under names of their own.
 */
#ifndef LAPI_IF_TUNNEL_H
#define LAPI_IF_TUNNEL_H

#define LAPI_IFLA_GRE_LOCAL	6
#define LAPI_IFLA_GRE_REMOTE	7

#endif /* LAPI_IF_TUNNEL_H */
