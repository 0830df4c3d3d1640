/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small NETLINK_CRYPTO client (crypto_user): one request with a struct
 * crypto_user_alg, acknowledged; the kernel's -errno or 0 comes back, and
 * the reply to CRYPTO_MSG_GETALG when there is one. A kernel without
 * CONFIG_CRYPTO_USER is TCONF.
 */
#ifndef CRYPTO_USER_H
#define CRYPTO_USER_H

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/cryptouser.h>
#include "tst_test.h"

/* GETALG dumps ask for up to 64 KiB per read */
#define CU_BUFSIZE (128 * 1024)

static inline int cu_open(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_CRYPTO);

	if (fd < 0) {
		if (errno == EPROTONOSUPPORT)
			tst_brk(TCONF, "NETLINK_CRYPTO: the kernel has no "
				"crypto_user (CONFIG_CRYPTO_USER)");
		tst_brk(TBROK | TERRNO, "socket(NETLINK_CRYPTO)");
	}
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "bind(NETLINK_CRYPTO)");
	return fd;
}

static inline struct crypto_user_alg cu_alg(const char *name,
					    const char *driver)
{
	struct crypto_user_alg a;

	memset(&a, 0, sizeof(a));
	if (name)
		strncpy(a.cru_name, name, sizeof(a.cru_name) - 1);
	if (driver)
		strncpy(a.cru_driver_name, driver,
			sizeof(a.cru_driver_name) - 1);
	return a;
}

static inline void cu_send(int fd, int type, int flags,
			   const struct crypto_user_alg *alg)
{
	static unsigned int seq;
	struct {
		struct nlmsghdr nh;
		struct crypto_user_alg alg;
	} req;

	memset(&req, 0, sizeof(req));
	req.nh.nlmsg_len = NLMSG_LENGTH(sizeof(req.alg));
	req.nh.nlmsg_type = type;
	req.nh.nlmsg_flags = NLM_F_REQUEST | flags;
	req.nh.nlmsg_seq = ++seq;
	req.alg = *alg;
	if (send(fd, &req, req.nh.nlmsg_len, 0) != (ssize_t)req.nh.nlmsg_len)
		tst_brk(TBROK | TERRNO, "send(NETLINK_CRYPTO)");
}

/*
 * One acknowledged request; returns 0 or the kernel's -errno. The first
 * message that is not the acknowledgement is copied to reply (if given,
 * rlen bytes at most; reply->nlmsg_len is 0 when there was none).
 */
static inline int cu_request(int fd, int type,
			     const struct crypto_user_alg *alg,
			     struct nlmsghdr *reply, size_t rlen)
{
	static char buf[CU_BUFSIZE];
	ssize_t n;

	if (reply)
		reply->nlmsg_len = 0;
	cu_send(fd, type, NLM_F_ACK, alg);
	for (;;) {
		struct nlmsghdr *nh;

		n = recv(fd, buf, sizeof(buf), 0);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recv(NETLINK_CRYPTO)");
		for (nh = (struct nlmsghdr *)buf; NLMSG_OK(nh, (size_t)n);
		     nh = NLMSG_NEXT(nh, n)) {
			if (nh->nlmsg_type == NLMSG_ERROR)
				return ((struct nlmsgerr *)NLMSG_DATA(nh))->error;
			if (reply && !reply->nlmsg_len && nh->nlmsg_len <= rlen)
				memcpy(reply, nh, nh->nlmsg_len);
		}
	}
}

#endif /* CRYPTO_USER_H */
