/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SCTP over the two hosts of net_hosts.h with the kernel's own socket API
 * (no lksctp library): sockets of both styles, SCTP_EVENT subscriptions,
 * sendmsg() with an SCTP_SNDINFO cmsg, recvmsg() reading the
 * SCTP_RCVINFO cmsg and notifications, SCTP_STATUS.
 */
#ifndef SCTP_COMMON_H
#define SCTP_COMMON_H

#include <netinet/in.h>
#include <sys/socket.h>
#include <linux/sctp.h>
#include "tst_test.h"
#include "net_hosts.h"

/* An SCTP socket of type in host h; TCONF when the kernel has no SCTP. */
static inline int sctp_socket(int h, int family, int type)
{
	int fd;

	net_enter(h);
	fd = socket(family, type, IPPROTO_SCTP);
	if (fd < 0 && (errno == EPROTONOSUPPORT || errno == ESOCKTNOSUPPORT))
		tst_brk(TCONF | TERRNO, "no SCTP in this kernel");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(IPPROTO_SCTP) in %s",
			net_hname[h]);
	return fd;
}

static inline socklen_t sctp_alen(const struct sockaddr_storage *ss)
{
	return ss->ss_family == AF_INET ? sizeof(struct sockaddr_in) :
					   sizeof(struct sockaddr_in6);
}

/* An SCTP socket in h bound to h's address (port 0: the kernel's). */
static inline int sctp_bound(int h, int family, int type,
			     struct sockaddr_storage *ss)
{
	int fd = sctp_socket(h, family, type);
	socklen_t len = net_addr(h, family, 0, ss);

	if (bind(fd, (struct sockaddr *)ss, len))
		tst_brk(TBROK | TERRNO, "bind(SCTP) in %s", net_hname[h]);
	if (getsockname(fd, (struct sockaddr *)ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname(SCTP)");
	return fd;
}

static inline void sctp_setopt(int fd, int opt, const void *val,
			       socklen_t len, const char *what)
{
	if (setsockopt(fd, IPPROTO_SCTP, opt, val, len))
		tst_brk(TBROK | TERRNO, "setsockopt(%s)", what);
}

/* Turn notification type on for new and current associations. */
static inline void sctp_event_on(int fd, int type)
{
	struct sctp_event ev = {
		.se_assoc_id = SCTP_ALL_ASSOC, .se_type = type, .se_on = 1,
	};

	sctp_setopt(fd, SCTP_EVENT, &ev, sizeof(ev), "SCTP_EVENT");
}

static inline void sctp_rcvinfo_on(int fd)
{
	int on = 1;

	sctp_setopt(fd, SCTP_RECVRCVINFO, &on, sizeof(on), "SCTP_RECVRCVINFO");
}

/*
 * sendmsg() of len bytes with an SCTP_SNDINFO cmsg (stream, flags,
 * payload protocol id ppid in host order, assoc id) to "to" (NULL: the association's peer); returns sendmsg()'s
 * result, errno set.
 */
static inline ssize_t sctp_send(int fd, const void *buf, size_t len,
				int stream, int sflags, uint32_t ppid,
				sctp_assoc_t id,
				const struct sockaddr_storage *to, int mflags)
{
	union {
		char buf[CMSG_SPACE(sizeof(struct sctp_sndinfo))];
		struct cmsghdr align;
	} cb;
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cb.buf, .msg_controllen = sizeof(cb.buf),
	};
	struct cmsghdr *c;
	struct sctp_sndinfo si = {
		.snd_sid = stream, .snd_flags = sflags, .snd_assoc_id = id,
		.snd_ppid = htonl(ppid),
	};

	memset(&cb, 0, sizeof(cb));
	if (to) {
		msg.msg_name = (void *)to;
		msg.msg_namelen = sctp_alen(to);
	}
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = IPPROTO_SCTP;
	c->cmsg_type = SCTP_SNDINFO;
	c->cmsg_len = CMSG_LEN(sizeof(si));
	memcpy(CMSG_DATA(c), &si, sizeof(si));
	return sendmsg(fd, &msg, mflags);
}

struct sctp_msg {
	ssize_t len;			/* bytes of this recvmsg() */
	int flags;			/* msg_flags */
	int has_rcvinfo;
	struct sctp_rcvinfo ri;
	struct sockaddr_storage from;
};

/*
 * One recvmsg() once fd is readable (bounded: TBROK after 30 s times
 * LTP_TIMEOUT_MUL); -1 with errno on error.
 */
static inline ssize_t sctp_recv(int fd, void *buf, size_t len,
				struct sctp_msg *m)
{
	union {
		char buf[CMSG_SPACE(sizeof(struct sctp_rcvinfo)) + 64];
		struct cmsghdr align;
	} cb;
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cb.buf, .msg_controllen = sizeof(cb.buf),
		.msg_name = &m->from, .msg_namelen = sizeof(m->from),
	};
	struct cmsghdr *c;

	memset(m, 0, sizeof(*m));
	net_wait(fd, POLLIN);
	m->len = recvmsg(fd, &msg, MSG_DONTWAIT);
	if (m->len < 0)
		return -1;
	m->flags = msg.msg_flags;
	for (c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
		if (c->cmsg_level == IPPROTO_SCTP &&
		    c->cmsg_type == SCTP_RCVINFO) {
			memcpy(&m->ri, CMSG_DATA(c), sizeof(m->ri));
			m->has_rcvinfo = 1;
		}
	}
	return m->len;
}

/*
 * The next whole user message into buf (up to len), reading until
 * MSG_EOR, notifications handed to note (may be NULL: notifications
 * TBROK). Returns its size, 0 on EOF; *m describes the last piece.
 */
typedef void (*sctp_note_cb)(const union sctp_notification *sn, size_t len);

static inline ssize_t sctp_recv_msg(int fd, void *buf, size_t len,
				    struct sctp_msg *m, sctp_note_cb note)
{
	static union sctp_notification sn[64];
	size_t got = 0;

	for (;;) {
		ssize_t n = sctp_recv(fd, (char *)buf + got, len - got, m);

		if (n < 0)
			return -1;
		if (!n)
			return got;
		if (m->flags & MSG_NOTIFICATION) {
			if (got)
				tst_brk(TBROK, "notification inside a message");
			if (!(m->flags & MSG_EOR) || (size_t)n > sizeof(sn))
				tst_brk(TBROK, "notification in pieces");
			memcpy(sn, buf, n);
			if (!note)
				tst_brk(TBROK, "unexpected notification %u",
					sn[0].sn_header.sn_type);
			note(sn, n);
			continue;
		}
		got += n;
		if (m->flags & MSG_EOR)
			return got;
		if (got >= len) {
			tst_res(TFAIL, "message longer than %zu bytes", len);
			return got;
		}
	}
}

static inline void sctp_get_status(int fd, sctp_assoc_t id,
				   struct sctp_status *st)
{
	socklen_t len = sizeof(*st);

	memset(st, 0, sizeof(*st));
	st->sstat_assoc_id = id;
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_STATUS, st, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_STATUS)");
}

/* Connect fd (one-to-one) to ss, bounded: 0 or the errno. */
static inline int sctp_connect(int fd, const struct sockaddr_storage *ss)
{
	return net_connect_fd(fd, ss);
}

#endif /* SCTP_COMMON_H */
