// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Crypto templates refuse the instances they cannot build soundly, as
 * seen through bind() of an AF_ALG socket (ENOENT: no such algorithm;
 * EINVAL is accepted too), while the sound instance of the same template
 * binds:
 * - hmac over a keyed hash: hmac(hmac(X)) for md5, sha1, sha256, sha512,
 *   sha3-256, and hmac(cmac(aes)) (af3ff8045bbf, CVE-2017-17806: a key
 *   set on hmac(hmac(sha3-256)) overran the stack); if one binds, setting
 *   a key on it is tried and reported too;
 * - rfc7539 and rfc7539esp with a hash whose digest is not Poly1305's 16
 *   bytes: rfc7539(chacha20,sha256) (e57121d08c38);
 * - vmac64 over a cipher whose block is not 16 bytes: vmac64(des)
 *   (73bf20ef3df7).
 * And vmac64(aes) keeps each request's state apart (bb2964810233: the
 * state lived in the transform, shared by every request on it): two
 * operation sockets of one transform fed in interleaved pieces give the
 * digests each message gets alone.
 */
#include "af_alg.h"

static void refused(const char *type, const char *name, const char *sound)
{
	int fd;

	fd = alg_try_bind(type, sound);
	if (fd == -ENOENT) {
		tst_res(TCONF, "the kernel has no %s '%s': '%s' not tried",
			type, sound, name);
		return;
	}
	if (fd < 0) {
		tst_res(TFAIL, "bind(%s, '%s'), the sound instance: %s", type,
			sound, tst_strerrno(-fd));
		return;
	}
	SAFE_CLOSE(fd);

	fd = alg_try_bind(type, name);
	if (fd == -ENOENT || fd == -EINVAL) {
		tst_res(TPASS, "bind(%s, '%s') refused: %s ('%s' binds)", type,
			name, tst_strerrno(-fd), sound);
		return;
	}
	if (fd < 0) {
		tst_res(TFAIL, "bind(%s, '%s'): %s, want ENOENT", type, name,
			tst_strerrno(-fd));
		return;
	}
	tst_res(TFAIL, "bind(%s, '%s') succeeded: the template built an "
		"instance it must refuse", type, name);
	if (!strncmp(name, "hmac(", 5)) {
		static char key[4096];

		if (!setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, sizeof(key)))
			tst_res(TFAIL, "and a %zu-byte key was set on it",
				sizeof(key));
	}
	SAFE_CLOSE(fd);
}

static void test_hmac(void)
{
	static const char *const hashes[] = {
		"md5", "sha1", "sha256", "sha512", "sha3-256"
	};
	char name[64], sound[64];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hashes); i++) {
		snprintf(sound, sizeof(sound), "hmac(%s)", hashes[i]);
		snprintf(name, sizeof(name), "hmac(hmac(%s))", hashes[i]);
		refused("hash", name, sound);
	}
	refused("hash", "hmac(cmac(aes))", "cmac(aes)");
}

static void test_rfc7539(void)
{
	refused("aead", "rfc7539(chacha20,sha256)", "rfc7539(chacha20,poly1305)");
	refused("aead", "rfc7539esp(chacha20,sha256)",
		"rfc7539esp(chacha20,poly1305)");
}

static void test_vmac_block(void)
{
	int fd = alg_try_bind("skcipher", "ecb(des)");

	if (fd < 0) {
		tst_res(TCONF, "the kernel has no skcipher 'ecb(des)' (%s): "
			"vmac64(des) not tried", tst_strerrno(-fd));
		return;
	}
	SAFE_CLOSE(fd);
	refused("hash", "vmac64(des)", "vmac64(aes)");
}

#define VLEN 256

static void vmac_digest(int op, uint8_t *out, const char *what)
{
	if (read(op, out, 8) != 8)
		tst_brk(TBROK | TERRNO, "vmac64 read(), %s", what);
}

static void test_vmac_requests(void)
{
	static const unsigned int cut[] = { 0, 7, 100, 149, VLEN };
	uint8_t key[16], msg[2][VLEN], alone[2][8], mixed[2][8];
	int tfm, op[2], i, m;

	/* the first 16 bytes are the nonce, whose top bit must be clear */
	for (i = 0; i < VLEN; i++) {
		msg[0][i] = i * 7 + 1;
		msg[1][i] = 0x7f ^ (i * 3);
	}
	for (i = 0; i < 16; i++)
		key[i] = 0x40 + i;

	tfm = alg_bind("hash", "vmac64(aes)");
	alg_setkey(tfm, key, sizeof(key));
	for (m = 0; m < 2; m++) {
		op[m] = alg_accept(tfm);
		SAFE_WRITE(1, op[m], msg[m], VLEN);
		vmac_digest(op[m], alone[m], "one message alone");
		SAFE_CLOSE(op[m]);
	}
	if (!memcmp(alone[0], alone[1], 8))
		tst_brk(TBROK, "vmac64 of two different messages is the same");

	op[0] = alg_accept(tfm);
	op[1] = alg_accept(tfm);
	for (i = 0; i < 4; i++) {
		for (m = 0; m < 2; m++)
			alg_send_all(op[m], NULL, msg[m] + cut[i],
				     cut[i + 1] - cut[i], i < 3 ? MSG_MORE : 0);
	}
	for (m = 0; m < 2; m++) {
		vmac_digest(op[m], mixed[m], "interleaved");
		TST_EXP_EXPR(!memcmp(alone[m], mixed[m], 8),
			     "vmac64(aes), message %d fed in pieces "
			     "interleaved with another request of the same "
			     "transform: the digest it has alone", m);
		SAFE_CLOSE(op[m]);
	}
	SAFE_CLOSE(tfm);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_hmac();
		break;
	case 1:
		test_rfc7539();
		break;
	case 2:
		test_vmac_block();
		break;
	case 3:
		test_vmac_requests();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "af3ff8045bbf"},
		{"CVE", "2017-17806"},
		{"linux-git", "e57121d08c38"},
		{"linux-git", "73bf20ef3df7"},
		{"linux-git", "bb2964810233"},
		{}
	},
};
