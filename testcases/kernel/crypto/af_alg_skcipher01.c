// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * AF_ALG "skcipher" sockets (algif_skcipher) compute the published
 * answers and refuse what is malformed:
 * - cbc(aes) and ctr(aes) of NIST SP 800-38A F.2.1 and F.5.1 (four
 *   blocks), decryption giving the plaintext back, the CBC input sent in
 *   two pieces with MSG_MORE; ctr(aes) of 37 bytes is the first 37 bytes
 *   of the four-block answer; chacha20 of RFC 7539 2.4.2 (114 bytes);
 * - an empty message with its operation and IV "encrypts" to nothing:
 *   read() returns 0 (ecaaab564978, CVE-2017-17805: salsa20, which 6.1
 *   no longer has, crashed on it; the same walk is asked of chacha20,
 *   ctr(aes) and cbc(aes));
 * - 15 bytes to cbc(aes), read into a buffer starting a page: EINVAL
 *   (0868def3e410, 8088d3dd4d7c, 160544075f2a: the error path flushed
 *   the page before the buffer and crashed);
 * - an operation socket accepted before the transform has a key refuses
 *   sendmsg() with ENOKEY (dd504589577d: the cipher ran with no key),
 *   also after a 15-byte AES key was refused (EINVAL), and works once a
 *   key is set; an 8-byte IV for cbc(aes): EINVAL.
 */
#include <sys/mman.h>
#include "af_alg.h"

#define NIST_KEY "2b7e151628aed2a6abf7158809cf4f3c"
#define NIST_PT "6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51" \
	" 30c81c46a35ce411e5fbc1191a0a52ef f69f2445df4f9b17ad2b417be66c3710"
#define CBC_IV "000102030405060708090a0b0c0d0e0f"
#define CBC_CT "7649abac8119b246cee98e9b12e9197d 5086cb9b507219ee95db113a917678b2" \
	" 73bed6b8e3c1743b7116e69e22229516 3ff1caa1681fac09120eca307586e1a7"
#define CTR_IV "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
#define CTR_CT "874d6191b620e3261bef6864990db6ce 9806f66b7970fdff8617187bb9fffdff" \
	" 5ae4df3edbd5d35e5b4f09020db03eab 1e031dda2fbe03d1792170a0f3009cee"
#define CTR_CT37 "874d6191b620e3261bef6864990db6ce 9806f66b7970fdff8617187bb9fffdff" \
	" 5ae4df3edb"
#define CHACHA_KEY "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
#define CHACHA_IV "01000000000000000000004a00000000"
#define CHACHA_PT "Ladies and Gentlemen of the class of '99: If I could offer " \
	"you only one tip for the future, sunscreen would be it."
#define CHACHA_CT "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b" \
	"f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8" \
	"07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736" \
	"5af90bbf74a35be6b40b8eedf2785e42874d"

static uint8_t *page;

/* One request: data (hex, or text when text is set) through op. */
static void sk_crypt(const char *alg, const char *key_hex, const char *iv_hex,
		  int enc, const uint8_t *in, size_t len, size_t first,
		  const char *want, const char *what)
{
	uint8_t key[32], iv[16], out[256];
	struct alg_msg m = { .op = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT,
			     .iv = iv, .assoclen = -1 };
	int tfm, op;
	ssize_t n;

	m.ivlen = alg_unhex(iv_hex, iv, sizeof(iv));
	tfm = alg_bind("skcipher", alg);
	alg_setkey(tfm, key, alg_unhex(key_hex, key, sizeof(key)));
	op = alg_accept(tfm);
	if (first && first < len) {
		alg_send_all(op, &m, in, first, MSG_MORE);
		alg_send_all(op, NULL, in + first, len - first, 0);
	} else {
		alg_send_all(op, &m, in, len, 0);
	}
	n = read(op, out, len);
	if (n < 0)
		tst_res(TFAIL | TERRNO, "%s: read()", what);
	else
		alg_expect(what, out, n, want);
	SAFE_CLOSE(op);
	SAFE_CLOSE(tfm);
}

static void test_vectors(void)
{
	uint8_t pt[64], ct[64];
	size_t len = alg_unhex(NIST_PT, pt, sizeof(pt));

	sk_crypt("cbc(aes)", NIST_KEY, CBC_IV, 1, pt, len, 0, CBC_CT,
	      "cbc(aes) SP 800-38A F.2.1 encrypt");
	sk_crypt("cbc(aes)", NIST_KEY, CBC_IV, 1, pt, len, 24, CBC_CT,
	      "cbc(aes) encrypt, 24 + 40 bytes with MSG_MORE");
	alg_unhex(CBC_CT, ct, sizeof(ct));
	sk_crypt("cbc(aes)", NIST_KEY, CBC_IV, 0, ct, len, 0, NIST_PT,
	      "cbc(aes) SP 800-38A F.2.2 decrypt");
	sk_crypt("ctr(aes)", NIST_KEY, CTR_IV, 1, pt, len, 0, CTR_CT,
	      "ctr(aes) SP 800-38A F.5.1 encrypt");
	sk_crypt("ctr(aes)", NIST_KEY, CTR_IV, 1, pt, 37, 0, CTR_CT37,
	      "ctr(aes) encrypt of 37 bytes");
	alg_unhex(CTR_CT, ct, sizeof(ct));
	sk_crypt("ctr(aes)", NIST_KEY, CTR_IV, 0, ct, len, 16, NIST_PT,
	      "ctr(aes) decrypt, 16 + 48 bytes with MSG_MORE");
	sk_crypt("chacha20", CHACHA_KEY, CHACHA_IV, 1,
	      (const uint8_t *)CHACHA_PT, strlen(CHACHA_PT), 0, CHACHA_CT,
	      "chacha20 RFC 7539 2.4.2");
}

static void test_empty(void)
{
	static const char *const algs[] = { "chacha20", "ctr(aes)", "cbc(aes)" };
	uint8_t key[32] = { 1 }, iv[16] = { 0 }, out[16];
	struct alg_msg m = { .op = ALG_OP_ENCRYPT, .iv = iv, .ivlen = 16,
			     .assoclen = -1 };
	unsigned int i;
	int tfm, op;

	for (i = 0; i < ARRAY_SIZE(algs); i++) {
		tfm = alg_bind("skcipher", algs[i]);
		alg_setkey(tfm, key, strcmp(algs[i], "chacha20") ? 16 : 32);
		op = alg_accept(tfm);
		alg_send_all(op, &m, NULL, 0, 0);
		/* the request is complete: nothing to wait for */
		TST_EXP_VAL(recv(op, out, sizeof(out), MSG_DONTWAIT), 0,
			    "%s: read() of an empty message", algs[i]);
		SAFE_CLOSE(op);
		SAFE_CLOSE(tfm);
	}
}

static void test_errors(void)
{
	uint8_t key[16] = { 0 }, iv[16] = { 0 };
	struct alg_msg m = { .op = ALG_OP_ENCRYPT, .iv = iv, .ivlen = 16,
			     .assoclen = -1 };
	int tfm, op;

	tfm = alg_bind("skcipher", "cbc(aes)");
	op = alg_accept(tfm);
	TST_EXP_FAIL(alg_send(op, &m, page, 16, 0), ENOKEY,
		     "sendmsg() to cbc(aes) accepted before any key");
	TST_EXP_FAIL(setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, 15), EINVAL,
		     "ALG_SET_KEY with a 15-byte AES key");
	TST_EXP_FAIL(alg_send(op, &m, page, 16, 0), ENOKEY,
		     "sendmsg() after the 15-byte key was refused");
	alg_setkey(tfm, key, 16);
	alg_send_all(op, &m, page, 16, 0);
	TST_EXP_VAL(read(op, page, 16), 16, "cbc(aes) of one block on the "
		    "socket accepted before the key was set");
	SAFE_CLOSE(op);

	op = alg_accept(tfm);
	m.ivlen = 8;
	TST_EXP_FAIL(alg_send(op, &m, page, 16, 0), EINVAL,
		     "sendmsg() with an 8-byte IV for cbc(aes)");
	SAFE_CLOSE(op);

	op = alg_accept(tfm);
	m.ivlen = 16;
	alg_send_all(op, &m, page, 15, 0);
	TST_EXP_FAIL(read(op, page, 15), EINVAL,
		     "cbc(aes) of 15 bytes into a page-aligned buffer");
	SAFE_CLOSE(op);

	/* the socket is usable after the refused request */
	op = alg_accept(tfm);
	alg_send_all(op, &m, page, 16, 0);
	TST_EXP_VAL(read(op, page, 16), 16,
		    "cbc(aes) of one block after the refused request");
	SAFE_CLOSE(op);
	SAFE_CLOSE(tfm);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_vectors();
		break;
	case 1:
		test_empty();
		break;
	case 2:
		test_errors();
		break;
	}
}

static void setup(void)
{
	page = SAFE_MMAP(NULL, getpagesize(), PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "ecaaab564978"},
		{"CVE", "2017-17805"},
		{"linux-git", "8088d3dd4d7c"},
		{"linux-git", "160544075f2a"},
		{"linux-git", "0868def3e410"},
		{"linux-git", "dd504589577d"},
		{}
	},
};
