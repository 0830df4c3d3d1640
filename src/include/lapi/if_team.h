/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The team driver's generic netlink interface (linux/if_team.h) and the
 * option types it takes in TEAM_ATTR_OPTION_TYPE: the kernel's own
 * netlink attribute types (enum of include/net/netlink.h), which no uapi
 * header exports.
 */
#ifndef LAPI_IF_TEAM_H__
#define LAPI_IF_TEAM_H__

#include <linux/if_team.h>

#define LTP_TEAM_OPT_U32	3	/* NLA_U32 */
#define LTP_TEAM_OPT_STRING	5	/* NLA_STRING */

#endif /* LAPI_IF_TEAM_H__ */
