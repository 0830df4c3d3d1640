/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Generic netlink for the network tests, on top of net_rtnl.h's message
 * builder: genl_family() resolves a family's id (CTRL_CMD_GETFAMILY; the
 * kernel loads the family's module on the way), genl_msg() starts a
 * command, genl_talk() sends it in the current namespace and returns 0
 * or the kernel's -errno, passing each answer to a callback.
 */
#ifndef NET_GENL_H
#define NET_GENL_H

#include <linux/genetlink.h>
#include "net_rtnl.h"

static inline int genl_socket(void)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(NETLINK_GENERIC)");
	return fd;
}

static inline void genl_msg(struct rtnl_msg *m, int family, int cmd,
			    int version, int flags)
{
	struct genlmsghdr g = { .cmd = cmd, .version = version };

	rtnl_msg_init(m, family, flags, &g, sizeof(g));
}

static inline int genl_talk(struct rtnl_msg *m, rtnl_cb cb, void *priv)
{
	int fd = genl_socket();
	int ret = rtnl_talk_fd(fd, m, cb, priv);

	close(fd);
	return ret;
}

/* An attribute of a generic netlink answer. */
static inline struct rtattr *genl_attr(struct nlmsghdr *nh, int type)
{
	return rtnl_attr(nh, GENL_HDRLEN, type);
}

static inline void genl_family_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtattr *a = genl_attr(nh, CTRL_ATTR_FAMILY_ID);

	if (a)
		*(int *)priv = *(uint16_t *)RTA_DATA(a);
}

/* The id of family name in the current namespace, or -errno (-ENOENT). */
static inline int genl_family(const char *name)
{
	static struct rtnl_msg m;
	int id = 0, ret;

	genl_msg(&m, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1, 0);
	rtnl_put_str(&m, CTRL_ATTR_FAMILY_NAME, name);
	ret = genl_talk(&m, genl_family_cb, &id);
	return ret ? ret : id;
}

#endif /* NET_GENL_H */
