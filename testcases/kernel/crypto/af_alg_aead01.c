// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * AF_ALG "aead" sockets (algif_aead) compute the published answers and
 * refuse what is malformed:
 * - gcm(aes) of McGrew-Viega test case 4 (20 bytes of associated data,
 *   60 of plaintext): the output is the associated data, the ciphertext
 *   and the 16-byte tag; decrypting it gives the plaintext back; one
 *   flipped tag bit is EBADMSG;
 * - rfc7539(chacha20,poly1305) of RFC 7539 2.8.2;
 * - authenc(hmac(sha256),cbc(aes)) with a 16-byte tag, against an answer
 *   computed independently (OpenSSL);
 * - an authenc key whose rtattr length (9) is not the 8 of its header
 *   and parameter: EINVAL (8f9c46934848: the key pointer was advanced by
 *   the aligned length, past the key, and the length left underflowed);
 * - authencesn with fewer than 8 bytes of associated data: EINVAL on
 *   encryption and decryption (CVE-2026-23060: it read and wrote the
 *   sequence number's high bits beyond them);
 * - authencesn decryption of 4 bytes spliced from a read-only file leaves
 *   the file's page cache as it was (a664bf3d603d, CVE-2026-31431: the
 *   spliced pages were the destination and the ESN scratch write landed
 *   in them).
 */
#include <fcntl.h>
#include "af_alg.h"

#define GCM_KEY "feffe9928665731c6d6a8f9467308308"
#define GCM_IV "cafebabefacedbaddecaf888"
#define GCM_AAD "feedfacedeadbeeffeedfacedeadbeefabaddad2"
#define GCM_PT "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72" \
	"1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
#define GCM_CT "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e" \
	"21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"
#define GCM_TAG "5bc94fbc3221a5db94fae95ae7121a47"

#define CP_KEY "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
#define CP_IV "070000004041424344454647"
#define CP_AAD "50515253c0c1c2c3c4c5c6c7"
#define CP_PT "Ladies and Gentlemen of the class of '99: If I could offer " \
	"you only one tip for the future, sunscreen would be it."
#define CP_CT "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6" \
	"3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36" \
	"92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc" \
	"3ff4def08e4b7a9de576d26586cec64b6116"
#define CP_TAG "1ae10b594f09e26a7e902ecbd0600691"

#define AE_OUT "0001020304050607c0662b0b3710c592f2f498bcd59720920eae150971f8ff97" \
	"2a648271c9e0c183ddb5267df40506c385a3cb2ac59d46b0"

#define RO_FILE "ro_file"

/* an authenc key: rtattr {len 8, type 1}, be32 enckeylen, authkey, enckey */
static size_t authenc_key(uint8_t *key, size_t alen, uint8_t afill,
			  size_t elen, uint8_t efill)
{
	size_t i;

	memset(key, 0, 8);
	*(uint16_t *)key = 8;
	*(uint16_t *)(key + 2) = 1;	/* CRYPTO_AUTHENC_KEYA_PARAM */
	key[7] = elen;			/* big endian */
	for (i = 0; i < alen; i++)
		key[8 + i] = afill + i;
	for (i = 0; i < elen; i++)
		key[8 + alen + i] = efill + i;
	return 8 + alen + elen;
}

static int aead_tfm(const char *alg, const uint8_t *key, size_t klen,
		    unsigned int authsize)
{
	int tfm = alg_bind("aead", alg);

	alg_setkey(tfm, key, klen);
	if (setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, authsize))
		tst_brk(TBROK | TERRNO, "%s: ALG_SET_AEAD_AUTHSIZE %u", alg,
			authsize);
	return tfm;
}

/* One request on a fresh operation socket; outlen: the exact output. */
static ssize_t aead_op(int tfm, int enc, const uint8_t *iv, size_t ivlen,
		       size_t assoclen, const uint8_t *in, size_t len,
		       uint8_t *out, size_t outlen)
{
	struct alg_msg m = { .op = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT,
			     .iv = iv, .ivlen = ivlen, .assoclen = assoclen };
	int op = alg_accept(tfm);
	ssize_t n;
	int err;

	alg_send_all(op, &m, in, len, 0);
	/*
	 * The request is complete (no MSG_MORE): nothing to wait for. A
	 * read longer than the output would wait for the next request.
	 */
	n = recv(op, out, outlen, MSG_DONTWAIT);
	err = errno;
	SAFE_CLOSE(op);
	errno = err;
	return n;
}

static void test_gcm(void)
{
	uint8_t key[16], iv[12], in[128], out[128];
	size_t alen, plen, n;
	int tfm;
	ssize_t r;

	alg_unhex(GCM_KEY, key, sizeof(key));
	alg_unhex(GCM_IV, iv, sizeof(iv));
	tfm = aead_tfm("gcm(aes)", key, 16, 16);

	alen = alg_unhex(GCM_AAD, in, sizeof(in));
	plen = alg_unhex(GCM_PT, in + alen, sizeof(in) - alen);
	r = aead_op(tfm, 1, iv, 12, alen, in, alen + plen, out,
		    alen + plen + 16);
	if (r < 0)
		tst_res(TFAIL | TERRNO, "gcm(aes) encrypt");
	else
		alg_expect("gcm(aes) test case 4 encrypt: AAD, ciphertext, tag",
			   out, r, GCM_AAD GCM_CT GCM_TAG);

	n = alg_unhex(GCM_AAD GCM_CT GCM_TAG, in, sizeof(in));
	r = aead_op(tfm, 0, iv, 12, alen, in, n, out, n - 16);
	if (r < 0)
		tst_res(TFAIL | TERRNO, "gcm(aes) decrypt");
	else
		alg_expect("gcm(aes) test case 4 decrypt: AAD, plaintext",
			   out, r, GCM_AAD GCM_PT);

	in[n - 1] ^= 1;
	TST_EXP_FAIL(aead_op(tfm, 0, iv, 12, alen, in, n, out, n - 16),
		     EBADMSG, "gcm(aes) decrypt with one tag bit flipped");
	SAFE_CLOSE(tfm);
}

static void test_chachapoly(void)
{
	uint8_t key[32], iv[12], in[160], out[160];
	size_t alen, plen;
	int tfm;
	ssize_t r;

	alg_unhex(CP_KEY, key, sizeof(key));
	alg_unhex(CP_IV, iv, sizeof(iv));
	tfm = aead_tfm("rfc7539(chacha20,poly1305)", key, 32, 16);
	alen = alg_unhex(CP_AAD, in, sizeof(in));
	plen = strlen(CP_PT);
	memcpy(in + alen, CP_PT, plen);
	r = aead_op(tfm, 1, iv, 12, alen, in, alen + plen, out,
		    alen + plen + 16);
	if (r < 0)
		tst_res(TFAIL | TERRNO, "rfc7539(chacha20,poly1305) encrypt");
	else
		alg_expect("rfc7539(chacha20,poly1305) RFC 7539 2.8.2", out, r,
			   CP_AAD CP_CT CP_TAG);
	SAFE_CLOSE(tfm);
}

static void test_authenc(void)
{
	uint8_t key[64], iv[16], in[64], out[64];
	const char *pt = "authenc: hmac(sha256) + cbc(aes)";
	struct {
		uint16_t rta_len, rta_type;
		uint32_t enckeylen;
		uint8_t key;
	} __attribute__((packed)) bad = { 9, 1, 0, 0 };
	size_t klen, i;
	ssize_t r;
	int tfm;

	tfm = alg_bind("aead", "authenc(hmac(sha256),cbc(aes))");
	TST_EXP_FAIL(setsockopt(tfm, SOL_ALG, ALG_SET_KEY, &bad, sizeof(bad)),
		     EINVAL, "authenc key with rta_len 9 (unaligned)");
	SAFE_CLOSE(tfm);

	klen = authenc_key(key, 32, 0x20, 16, 0x60);
	tfm = aead_tfm("authenc(hmac(sha256),cbc(aes))", key, klen, 16);
	for (i = 0; i < 16; i++)
		iv[i] = 0xa0 + i;
	for (i = 0; i < 8; i++)
		in[i] = i;
	memcpy(in + 8, pt, 32);
	r = aead_op(tfm, 1, iv, 16, 8, in, 40, out, 56);
	if (r < 0)
		tst_res(TFAIL | TERRNO, "authenc encrypt");
	else
		alg_expect("authenc(hmac(sha256),cbc(aes)) encrypt", out, r,
			   AE_OUT);
	SAFE_CLOSE(tfm);
}

static int esn_tfm(unsigned int authsize)
{
	uint8_t key[64];
	size_t klen = authenc_key(key, 16, 0, 16, 0);
	int tfm = alg_try_bind("aead", "authencesn(hmac(sha256),cbc(aes))");

	if (tfm == -ENOENT)
		tst_brk(TCONF, "the kernel has no aead algorithm "
			"'authencesn(hmac(sha256),cbc(aes))' (bind: ENOENT)");
	if (tfm < 0)
		tst_brk(TBROK, "bind(authencesn): %s", tst_strerrno(-tfm));
	alg_setkey(tfm, key, klen);
	if (setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, authsize))
		tst_brk(TBROK | TERRNO, "authencesn: authsize %u", authsize);
	return tfm;
}

static void test_esn_short_aad(void)
{
	uint8_t iv[16] = { 0 }, in[64] = { 0 }, out[64];
	int tfm = esn_tfm(16);

	TST_EXP_FAIL(aead_op(tfm, 1, iv, 16, 4, in, 4 + 16, out, 36),
		     EINVAL, "authencesn encrypt with 4 bytes of AAD");
	TST_EXP_FAIL(aead_op(tfm, 0, iv, 16, 4, in, 4 + 16 + 16, out, 20),
		     EINVAL, "authencesn decrypt with 4 bytes of AAD");
	SAFE_CLOSE(tfm);
}

static void test_esn_splice(void)
{
	const struct alg_msg m = { .op = ALG_OP_DECRYPT, .iv = "\0\0\0\0\0\0\0\0"
				   "\0\0\0\0\0\0\0\0", .ivlen = 16,
				   .assoclen = 8 };
	uint8_t aad[8] = { 'S', 'P', 'I', '!', 'P', 'W', 'N', 'D' };
	char buf[16], now[4];
	int tfm = esn_tfm(4), op, fd, p[2];
	loff_t off = 0;
	ssize_t r;

	fd = SAFE_OPEN(RO_FILE, O_WRONLY | O_CREAT | O_TRUNC, 0444);
	SAFE_WRITE(1, fd, "XXXX", 4);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(RO_FILE, O_RDONLY);

	op = alg_accept(tfm);
	alg_send_all(op, &m, aad, sizeof(aad), MSG_MORE);
	SAFE_PIPE(p);
	if (splice(fd, &off, p[1], NULL, 4, 0) != 4 ||
	    splice(p[0], NULL, op, NULL, 4, 0) != 4)
		tst_brk(TBROK | TERRNO, "splice() of the file into AF_ALG");
	/* the request is complete (no MSG_MORE): nothing to wait for */
	r = recv(op, buf, sizeof(aad), MSG_DONTWAIT);
	if (r < 0 && errno == EAGAIN)
		tst_brk(TBROK, "recv(): EAGAIN, the request was not complete");
	tst_res(TINFO, "decryption of the forged message: %zd (%s)", r,
		r < 0 ? tst_strerrno(errno) : "no error");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
	SAFE_CLOSE(op);
	SAFE_CLOSE(fd);
	SAFE_CLOSE(tfm);

	fd = SAFE_OPEN(RO_FILE, O_RDONLY);
	SAFE_READ(1, fd, now, 4);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!memcmp(now, "XXXX", 4), "a read-only file spliced into "
		     "an authencesn decryption still reads XXXX (reads "
		     "%.4s)", now);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_gcm();
		break;
	case 1:
		test_chachapoly();
		break;
	case 2:
		test_authenc();
		break;
	case 3:
		test_esn_short_aad();
		break;
	case 4:
		test_esn_splice();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.needs_tmpdir = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "8f9c46934848"},
		{"CVE", "2026-23060"},
		{"linux-git", "a664bf3d603d"},
		{"CVE", "2026-31431"},
		{}
	},
};
