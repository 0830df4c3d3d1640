// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CRYPTO_MSG_GETALG over NETLINK_CRYPTO leaks no kernel memory and
 * reports what the algorithms are: in a dump of every registered
 * algorithm, each name field of struct crypto_user_alg and each string
 * of the report attributes (type, geniv) is zero from its terminating
 * NUL to the end of the field (f43f39958beb, CVE-2018-19854, and its
 * first coming CVE-2013-2547: strncpy() and stack buffers left
 * uninitialised bytes after the string). The dump holds sha256-generic
 * as an "shash" of digest 32 and block 64, and aes-generic as a
 * "cipher" of block 16 and keys of 16 to 32 bytes. A single GETALG of
 * sha256-generic gets the same; one of a name that does not exist is
 * ENOENT; a name that fills its field with no NUL is EINVAL; a message
 * type past CRYPTO_MSG_MAX is EINVAL.
 */
#include "crypto_user.h"

static int nl;
static unsigned int n_algs, n_bad, seen_sha, seen_aes;
static char msgbuf[CU_BUFSIZE];

static int padded(const char *what, const char *alg, const char *f,
		  size_t size)
{
	size_t i = strnlen(f, size);

	if (i == size) {
		tst_res(TFAIL, "%s '%s': no NUL in %zu bytes", what, alg, size);
		return 0;
	}
	for (; i < size; i++) {
		if (f[i]) {
			tst_res(TFAIL, "%s of '%s': byte %zu after the string "
				"'%s' is %#x, want 0", what, alg, i, f,
				(unsigned char)f[i]);
			return 0;
		}
	}
	return 1;
}

/* Check one GETALG reply; 1 when every string is clean. */
static int check_alg(const struct nlmsghdr *nh)
{
	const struct crypto_user_alg *a = NLMSG_DATA(nh);
	const char *name = a->cru_driver_name;
	struct rtattr *rta;
	int len, ok = 1;

	if (nh->nlmsg_len < NLMSG_LENGTH(sizeof(*a)))
		tst_brk(TBROK, "GETALG reply of %u bytes", nh->nlmsg_len);
	ok &= padded("cru_name", name, a->cru_name, sizeof(a->cru_name));
	ok &= padded("cru_driver_name", name, a->cru_driver_name,
		     sizeof(a->cru_driver_name));
	ok &= padded("cru_module_name", name, a->cru_module_name,
		     sizeof(a->cru_module_name));

	len = nh->nlmsg_len - NLMSG_LENGTH(NLMSG_ALIGN(sizeof(*a)));
	rta = (struct rtattr *)((char *)a + NLMSG_ALIGN(sizeof(*a)));
	for (; RTA_OK(rta, len); rta = RTA_NEXT(rta, len)) {
		const char *d = RTA_DATA(rta);
		size_t plen = RTA_PAYLOAD(rta);

		switch (rta->rta_type) {
		case CRYPTOCFGA_REPORT_BLKCIPHER:
		case CRYPTOCFGA_REPORT_AEAD:
			/* type, then geniv, both CRYPTO_MAX_NAME */
			if (plen >= 2 * CRYPTO_MAX_NAME)
				ok &= padded("report geniv", name,
					     d + CRYPTO_MAX_NAME,
					     CRYPTO_MAX_NAME);
			/* fall through */
		case CRYPTOCFGA_REPORT_LARVAL:
		case CRYPTOCFGA_REPORT_HASH:
		case CRYPTOCFGA_REPORT_COMPRESS:
		case CRYPTOCFGA_REPORT_RNG:
		case CRYPTOCFGA_REPORT_CIPHER:
		case CRYPTOCFGA_REPORT_AKCIPHER:
		case CRYPTOCFGA_REPORT_KPP:
		case CRYPTOCFGA_REPORT_ACOMP:
			if (plen < CRYPTO_MAX_NAME)
				tst_brk(TBROK, "'%s': report attribute %d of "
					"%zu bytes", name, rta->rta_type, plen);
			ok &= padded("report type", name, d, CRYPTO_MAX_NAME);
			break;
		}
		if (rta->rta_type == CRYPTOCFGA_REPORT_HASH &&
		    !strcmp(name, "sha256-generic")) {
			const struct crypto_report_hash *h = (const void *)d;

			seen_sha++;
			TST_EXP_EXPR(!strcmp(h->type, "shash") &&
				     h->digestsize == 32 && h->blocksize == 64,
				     "sha256-generic: '%s', digest %u, block %u "
				     "(want shash, 32, 64)", h->type,
				     h->digestsize, h->blocksize);
		}
		if (rta->rta_type == CRYPTOCFGA_REPORT_CIPHER &&
		    !strcmp(name, "aes-generic")) {
			const struct crypto_report_cipher *c = (const void *)d;

			seen_aes++;
			TST_EXP_EXPR(!strcmp(c->type, "cipher") &&
				     c->blocksize == 16 &&
				     c->min_keysize == 16 &&
				     c->max_keysize == 32,
				     "aes-generic: '%s', block %u, keys %u..%u "
				     "(want cipher, 16, 16..32)", c->type,
				     c->blocksize, c->min_keysize,
				     c->max_keysize);
		}
	}
	return ok;
}

static void test_dump(void)
{
	struct crypto_user_alg any = cu_alg(NULL, NULL);
	int done = 0;

	n_algs = n_bad = seen_sha = seen_aes = 0;
	cu_send(nl, CRYPTO_MSG_GETALG, NLM_F_DUMP, &any);
	while (!done) {
		ssize_t n = recv(nl, msgbuf, sizeof(msgbuf), 0);
		struct nlmsghdr *nh;

		if (n < 0)
			tst_brk(TBROK | TERRNO, "recv() of the GETALG dump");
		for (nh = (struct nlmsghdr *)msgbuf; NLMSG_OK(nh, (size_t)n);
		     nh = NLMSG_NEXT(nh, n)) {
			if (nh->nlmsg_type == NLMSG_DONE) {
				done = 1;
				break;
			}
			if (nh->nlmsg_type == NLMSG_ERROR)
				tst_brk(TBROK, "GETALG dump: %s", tst_strerrno(
					-((struct nlmsgerr *)NLMSG_DATA(nh))->error));
			if (nh->nlmsg_type != CRYPTO_MSG_GETALG)
				tst_brk(TBROK, "GETALG dump: message type %#x",
					nh->nlmsg_type);
			n_algs++;
			n_bad += !check_alg(nh);
		}
	}
	if (n_algs < 10)
		tst_res(TFAIL, "the GETALG dump listed %u algorithms", n_algs);
	else if (!n_bad)
		tst_res(TPASS, "%u algorithms dumped: every string is zero "
			"after its NUL", n_algs);
	TST_EXP_EXPR(seen_sha == 1 && seen_aes == 1, "the dump reported "
		     "sha256-generic (%u) and aes-generic (%u) once each",
		     seen_sha, seen_aes);
}

static void test_single(void)
{
	struct crypto_user_alg a = cu_alg(NULL, "sha256-generic");
	struct nlmsghdr *reply = (struct nlmsghdr *)msgbuf;
	int err;

	seen_sha = 0;
	err = cu_request(nl, CRYPTO_MSG_GETALG, &a, reply, sizeof(msgbuf));
	if (err || !reply->nlmsg_len) {
		tst_res(TFAIL, "GETALG sha256-generic: %s, %s reply",
			tst_strerrno(-err), reply->nlmsg_len ? "a" : "no");
	} else {
		const struct crypto_user_alg *r = NLMSG_DATA(reply);

		if (check_alg(reply))
			tst_res(TPASS, "GETALG sha256-generic: every string is "
				"zero after its NUL");
		TST_EXP_EXPR(!strcmp(r->cru_name, "sha256") && seen_sha == 1,
			     "GETALG sha256-generic: name '%s' (want sha256), "
			     "with its hash report", r->cru_name);
	}

	a = cu_alg("no-such-algorithm", NULL);
	err = cu_request(nl, CRYPTO_MSG_GETALG, &a, NULL, 0);
	TST_EXP_EXPR(err == -ENOENT, "GETALG of an unknown name: %s (want ENOENT)",
		     tst_strerrno(-err));

	memset(a.cru_name, 'A', sizeof(a.cru_name));
	err = cu_request(nl, CRYPTO_MSG_GETALG, &a, NULL, 0);
	TST_EXP_EXPR(err == -EINVAL, "GETALG of a name with no NUL: %s (want EINVAL)",
		     tst_strerrno(-err));

	a = cu_alg("sha256", NULL);
	err = cu_request(nl, CRYPTO_MSG_MAX + 1, &a, NULL, 0);
	TST_EXP_EXPR(err == -EINVAL, "message type CRYPTO_MSG_MAX + 1: %s (want "
		     "EINVAL)", tst_strerrno(-err));
}

static void run(unsigned int n)
{
	if (n == 0)
		test_dump();
	else
		test_single();
}

static void setup(void)
{
	nl = cu_open();
}

static void cleanup(void)
{
	if (nl > 0)
		SAFE_CLOSE(nl);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "f43f39958beb"},
		{"CVE", "2018-19854"},
		{"CVE", "2013-2547"},
		{}
	},
};
