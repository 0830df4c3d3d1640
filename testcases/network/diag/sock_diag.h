/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NETLINK_SOCK_DIAG requests for the sock_diag tests: a socket in the
 * namespace the process is in (the kernel answers about that namespace's
 * sockets only), requests built with net_rtnl.h's message helpers, and a
 * receive loop that gives 0 or the kernel's -errno, whether the error
 * comes in an NLMSG_ERROR or in the NLMSG_DONE that ends a dump.
 */
#ifndef SOCK_DIAG_H
#define SOCK_DIAG_H

#include <sys/stat.h>
#include <linux/sock_diag.h>
#include <linux/inet_diag.h>
#include "net_hosts.h"

static inline int diag_talk(struct rtnl_msg *m, rtnl_cb cb, void *priv)
{
	static char rbuf[65536];
	static uint32_t seq;
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd, ret = 1;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(NETLINK_SOCK_DIAG)");
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "bind(NETLINK_SOCK_DIAG)");
	m->nh.nlmsg_seq = ++seq;
	if (!(m->nh.nlmsg_flags & NLM_F_DUMP))
		m->nh.nlmsg_flags |= NLM_F_ACK;
	if (send(fd, m->buf, m->nh.nlmsg_len, 0) != (ssize_t)m->nh.nlmsg_len)
		tst_brk(TBROK | TERRNO, "sock_diag: send()");
	while (ret > 0) {
		ssize_t len = rtnl_recv(fd, rbuf, sizeof(rbuf),
					 m->nh.nlmsg_type);
		struct nlmsghdr *nh = (struct nlmsghdr *)rbuf;

		for (; NLMSG_OK(nh, len); nh = NLMSG_NEXT(nh, len)) {
			if (nh->nlmsg_seq != m->nh.nlmsg_seq)
				continue;
			if (nh->nlmsg_type == NLMSG_DONE) {
				ret = 0;
				if (nh->nlmsg_len >= NLMSG_LENGTH(sizeof(int)))
					ret = *(int *)NLMSG_DATA(nh);
				break;
			}
			if (nh->nlmsg_type == NLMSG_ERROR) {
				ret = ((struct nlmsgerr *)NLMSG_DATA(nh))->error;
				break;
			}
			if (cb)
				cb(nh, priv);
		}
	}
	close(fd);
	return ret;
}

/* The inode number of a socket descriptor (what sock_diag reports). */
static inline unsigned long diag_ino(int fd)
{
	struct stat st;

	if (fstat(fd, &st))
		tst_brk(TBROK | TERRNO, "fstat(socket)");
	return st.st_ino;
}

#endif /* SOCK_DIAG_H */
