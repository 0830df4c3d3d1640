/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The AF_ALG tests' helpers: bind a transform socket by type and name
 * (an algorithm the kernel lacks is TCONF naming it), set a key, accept
 * an operation socket, send data with the operation, IV and associated
 * data length as control messages, and compare what the kernel computed
 * with a known answer given in hex.
 */
#ifndef AF_ALG_H
#define AF_ALG_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "tst_test.h"
#include "lapi/if_alg.h"

#define ALG_MAX_HEX 512

/* A transform socket bound to type/name, or -errno of socket() or bind(). */
static inline int alg_try_bind(const char *type, const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int fd, err;

	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		if (errno == EAFNOSUPPORT)
			tst_brk(TCONF, "socket(AF_ALG): the kernel has no crypto "
				"user API (CONFIG_CRYPTO_USER_API)");
		tst_brk(TBROK | TERRNO, "socket(AF_ALG)");
	}
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", type);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		err = errno;
		close(fd);
		return -err;
	}
	return fd;
}

/* ENOENT from bind(): the kernel lacks the algorithm or the type's module. */
static inline int alg_bind(const char *type, const char *name)
{
	int fd = alg_try_bind(type, name);

	if (fd == -ENOENT)
		tst_brk(TCONF, "the kernel has no %s algorithm '%s' "
			"(bind: ENOENT)", type, name);
	if (fd < 0)
		tst_brk(TBROK, "bind(AF_ALG, %s, %s): %s", type, name,
			tst_strerrno(-fd));
	return fd;
}

static inline void alg_setkey(int tfm, const void *key, unsigned int len)
{
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, len))
		tst_brk(TBROK | TERRNO, "setsockopt(ALG_SET_KEY, %u bytes)", len);
}

static inline int alg_accept(int tfm)
{
	int op = accept(tfm, NULL, NULL);

	if (op < 0)
		tst_brk(TBROK | TERRNO, "accept(AF_ALG)");
	return op;
}

struct alg_msg {
	int op;			/* ALG_OP_ENCRYPT or ALG_OP_DECRYPT; -1: none */
	const void *iv;		/* NULL: no IV control message */
	unsigned int ivlen;
	int assoclen;		/* -1: no associated data length */
};

/* sendmsg() of data with the control messages of m; raw result. */
static inline ssize_t alg_send(int op, const struct alg_msg *m,
			       const void *data, size_t len, int flags)
{
	union {
		char buf[CMSG_SPACE(sizeof(uint32_t)) * 2 +
			 CMSG_SPACE(sizeof(struct af_alg_iv) + 64)];
		struct cmsghdr align;
	} ctl;
	struct iovec iov = { .iov_base = (void *)data, .iov_len = len };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *c;
	size_t used = 0;

	memset(&ctl, 0, sizeof(ctl));
	msg.msg_control = ctl.buf;
	msg.msg_controllen = sizeof(ctl.buf);
	c = CMSG_FIRSTHDR(&msg);
	if (m && m->op >= 0) {
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_OP;
		c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
		*(uint32_t *)CMSG_DATA(c) = m->op;
		used += CMSG_SPACE(sizeof(uint32_t));
		c = CMSG_NXTHDR(&msg, c);
	}
	if (m && m->iv) {
		struct af_alg_iv *aiv;

		if (m->ivlen > 64)
			tst_brk(TBROK, "alg_send: IV of %u bytes", m->ivlen);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_IV;
		c->cmsg_len = CMSG_LEN(sizeof(*aiv) + m->ivlen);
		aiv = (struct af_alg_iv *)CMSG_DATA(c);
		aiv->ivlen = m->ivlen;
		memcpy(aiv->iv, m->iv, m->ivlen);
		used += CMSG_SPACE(sizeof(*aiv) + m->ivlen);
		c = CMSG_NXTHDR(&msg, c);
	}
	if (m && m->assoclen >= 0) {
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
		c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
		*(uint32_t *)CMSG_DATA(c) = m->assoclen;
		used += CMSG_SPACE(sizeof(uint32_t));
	}
	msg.msg_controllen = used;
	if (!used)
		msg.msg_control = NULL;
	return sendmsg(op, &msg, flags);
}

static inline void alg_send_all(int op, const struct alg_msg *m,
				const void *data, size_t len, int flags)
{
	ssize_t r = alg_send(op, m, data, len, flags);

	if (r < 0 || (size_t)r != len)
		tst_brk(TBROK | TERRNO, "sendmsg(AF_ALG, %zu bytes) = %zd",
			len, r);
}

/* hex (spaces allowed) into out; returns the byte count. */
static inline size_t alg_unhex(const char *hex, uint8_t *out, size_t max)
{
	size_t n = 0;
	unsigned int b;

	while (*hex) {
		if (*hex == ' ') {
			hex++;
			continue;
		}
		if (n == max || sscanf(hex, "%2x", &b) != 1)
			tst_brk(TBROK, "alg_unhex: bad or long vector");
		out[n++] = b;
		hex += 2;
	}
	return n;
}

/* TPASS when got is the known answer want_hex, else TFAIL with both. */
static inline int alg_expect(const char *what, const uint8_t *got,
			     size_t got_len, const char *want_hex)
{
	uint8_t want[ALG_MAX_HEX];
	size_t len = alg_unhex(want_hex, want, sizeof(want)), i;

	if (got_len == len && !memcmp(got, want, len)) {
		tst_res(TPASS, "%s: the known answer (%zu bytes)", what, len);
		return 1;
	}
	for (i = 0; i < len && i < got_len && got[i] == want[i]; i++)
		;
	tst_res(TFAIL, "%s: %zu bytes, want %zu; first difference at byte "
		"%zu: %02x, want %02x", what, got_len, len, i,
		i < got_len ? got[i] : 0, i < len ? want[i] : 0);
	return 0;
}

#endif /* AF_ALG_H */
