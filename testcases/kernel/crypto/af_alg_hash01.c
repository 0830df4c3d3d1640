// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * AF_ALG "hash" sockets (algif_hash) compute the published answers:
 * SHA-256 of "abc", of the empty message (a read before any write) and of
 * the 448-bit FIPS 180-2 message sent in three pieces with MSG_MORE;
 * HMAC-SHA256 of RFC 4231 test cases 2 and 6 (a key longer than the
 * block, which must be hashed first). A read shorter than the digest
 * returns its first bytes with MSG_TRUNC. accept() on an operation
 * socket clones the partial state: both sockets then finish to the same
 * digest; on a socket that has hashed nothing yet the clone finishes to
 * the empty message's digest (4afa5f961792: export of a state never
 * initialised). An HMAC operation socket accepted before the transform
 * has a key refuses write() and read() with ENOKEY (6de62f15b581: the
 * hash ran with no key), and computes the right HMAC once a key is set.
 */
#include "af_alg.h"

#define SHA256_ABC "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
#define SHA256_EMPTY "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
#define SHA256_448 "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
#define MSG_448 "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"

static void digest(int op, const char *what, const char *want)
{
	uint8_t out[64];
	ssize_t n = read(op, out, sizeof(out));

	if (n < 0) {
		tst_res(TFAIL | TERRNO, "%s: read()", what);
		return;
	}
	alg_expect(what, out, n, want);
}

static void test_sha256(void)
{
	int tfm = alg_bind("hash", "sha256");
	int op = alg_accept(tfm), op2;
	struct msghdr msg = { 0 };
	struct iovec iov;
	uint8_t out[16];
	ssize_t n;

	SAFE_WRITE(1, op, "abc", 3);
	digest(op, "sha256(\"abc\"), one write", SHA256_ABC);
	SAFE_CLOSE(op);

	op = alg_accept(tfm);
	digest(op, "sha256 of nothing (read before any write)", SHA256_EMPTY);

	alg_send_all(op, NULL, MSG_448, 20, MSG_MORE);
	alg_send_all(op, NULL, MSG_448 + 20, 21, MSG_MORE);
	alg_send_all(op, NULL, MSG_448 + 41, strlen(MSG_448) - 41, 0);
	digest(op, "sha256 of the 448-bit message in three sends",
	       SHA256_448);

	/* a short read: the digest's first bytes and MSG_TRUNC */
	SAFE_WRITE(1, op, "abc", 3);
	iov.iov_base = out;
	iov.iov_len = sizeof(out);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	n = recvmsg(op, &msg, 0);
	if (n == (ssize_t)sizeof(out) && (msg.msg_flags & MSG_TRUNC))
		alg_expect("sha256(\"abc\"), 16-byte recvmsg()", out, n,
			   "ba7816bf8f01cfea414140de5dae2223");
	else
		tst_res(TFAIL | TERRNO, "16-byte recvmsg() of a 32-byte digest "
			"returned %zd, flags %#x (want 16 and MSG_TRUNC)", n,
			msg.msg_flags);

	/* clone after "ab": both finish "abc" */
	alg_send_all(op, NULL, "ab", 2, MSG_MORE);
	op2 = alg_accept(op);
	SAFE_WRITE(1, op, "c", 1);
	SAFE_WRITE(1, op2, "c", 1);
	digest(op, "sha256 \"ab\" + \"c\", the original socket", SHA256_ABC);
	digest(op2, "sha256 \"ab\" + \"c\", its accept()ed clone",
	       SHA256_ABC);
	SAFE_CLOSE(op2);

	/* clone of a socket that has hashed nothing */
	op2 = alg_accept(op);
	digest(op2, "clone of an idle socket, read at once", SHA256_EMPTY);
	SAFE_WRITE(1, op2, "abc", 3);
	digest(op2, "clone of an idle socket, then \"abc\"", SHA256_ABC);
	SAFE_CLOSE(op2);
	SAFE_CLOSE(op);
	SAFE_CLOSE(tfm);
}

static void test_hmac(void)
{
	uint8_t key[131];
	int tfm = alg_bind("hash", "hmac(sha256)"), op;
	const char *data2 = "what do ya want for nothing?";
	const char *data6 = "Test Using Larger Than Block-Size Key - Hash Key First";

	/* accepted before any key: usable once the transform has one */
	op = alg_accept(tfm);
	TST_EXP_FAIL(write(op, data2, strlen(data2)), ENOKEY,
		     "write() to hmac(sha256) accepted before any key");
	TST_EXP_FAIL(read(op, key, 32), ENOKEY,
		     "read() of hmac(sha256) accepted before any key");

	alg_setkey(tfm, "Jefe", 4);
	SAFE_WRITE(1, op, data2, strlen(data2));
	digest(op, "hmac(sha256) RFC 4231 case 2",
	       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
	SAFE_CLOSE(op);

	memset(key, 0xaa, sizeof(key));
	alg_setkey(tfm, key, sizeof(key));
	op = alg_accept(tfm);
	alg_send_all(op, NULL, data6, 10, MSG_MORE);
	alg_send_all(op, NULL, data6 + 10, strlen(data6) - 10, 0);
	digest(op, "hmac(sha256) RFC 4231 case 6 (131-byte key)",
	       "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
	SAFE_CLOSE(op);
	SAFE_CLOSE(tfm);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_sha256();
	else
		test_hmac();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "4afa5f961792"},
		{"linux-git", "6de62f15b581"},
		{}
	},
};
