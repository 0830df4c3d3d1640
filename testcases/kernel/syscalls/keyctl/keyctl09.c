// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "encrypted" keys (security/keys/encrypted-keys/encrypted.c), checked
 * by redoing the kernel's crypto through AF_ALG: the blob KEYCTL_READ
 * returns is "<format> <master desc> <datalen> " and the hex of the IV,
 * a zero byte, the data AES-CBC encrypted with sha256("ENC_KEY\0" master)
 * and an HMAC-SHA256 keyed with sha256("AUTH_KEY\0" master) over the
 * NUL-separated fields, the IV, the zero byte and the encrypted data.
 *  - a new enc32 key under a "user" master key: the blob has that layout
 *    and length, its HMAC verifies, and it decrypts; "load" of the blob
 *    makes a key that reads back the identical blob; the blob with one
 *    encrypted byte changed is refused (EINVAL, bad HMAC); the master key
 *    gone, reading is ENOKEY (the length is still given);
 *  - datalen 19 and 4097, and enc32 with 20, are EINVAL;
 *  - user-provided decrypted data (5adedd42245a, "KEYS: encrypted:
 *    Instantiate key with user-provided decrypted data"): non-hex data and
 *    hex of the wrong length are EINVAL; valid hex makes a key whose blob
 *    decrypts to exactly those bytes. Without CONFIG_USER_DECRYPTED_DATA
 *    (and no encrypted_keys.user_decrypted_data=1 on the command line)
 *    valid hex is EINVAL too: asserted, then TCONF for the rest. The
 *    stock Debian 6.1 cloud kernel has encrypted keys but not that option.
 * Syscalls: add_key, keyctl
 */
#include <stdio.h>
#include <stdlib.h>
#include "tst_test.h"
#include "keys.h"
#include "af_alg.h"
#include "task_wait.h"

#define MDESC	"user:ltpk09master"
#define MASTER	"keyctl09 master key, 32 bytes.."
#define DLEN	32
#define IVLEN	16
#define HLEN	32
#define USER_HEX "00112233445566778899aabbccddeeff" \
		 "0f1e2d3c4b5a69788796a5b4c3d2e1f0"

static int user_data_on;	/* 1 on, 0 off, -1 unknown */

static void sha256(const char *alg, const uint8_t *key, size_t klen,
		   const uint8_t *in, size_t len, uint8_t *out)
{
	int tfm = alg_bind("hash", alg), op;

	if (key)
		alg_setkey(tfm, key, klen);
	op = alg_accept(tfm);
	alg_send_all(op, NULL, in, len, 0);
	if (read(op, out, HLEN) != HLEN)
		tst_brk(TBROK | TERRNO, "read(%s digest)", alg);
	close(op);
	close(tfm);
}

/* sha256 of "ENC_KEY\0" or "AUTH_KEY\0" and the master key, zero padded */
static void derive(const char *label, uint8_t *out)
{
	uint8_t buf[128];
	size_t mlen = strlen(MASTER), len = strlen("AUTH_KEY") + 1 + mlen;

	memset(buf, 0, sizeof(buf));
	strcpy((char *)buf, label);
	memcpy(buf + strlen(label) + 1, MASTER, mlen);
	sha256("sha256", NULL, 0, buf, len < HLEN ? HLEN : len, out);
}

static void aes_cbc_decrypt(const uint8_t *key, const uint8_t *iv,
			    const uint8_t *in, size_t len, uint8_t *out)
{
	struct alg_msg m = { .op = ALG_OP_DECRYPT, .iv = iv, .ivlen = IVLEN,
			     .assoclen = -1 };
	int tfm = alg_bind("skcipher", "cbc(aes)"), op;

	alg_setkey(tfm, key, HLEN);
	op = alg_accept(tfm);
	alg_send_all(op, &m, in, len, 0);
	if (read(op, out, len) != (ssize_t)len)
		tst_brk(TBROK | TERRNO, "read(cbc(aes) plaintext)");
	close(op);
	close(tfm);
}

static long read_key(key_serial_t id, char *buf, size_t len)
{
	return KEYCTL(KEYCTL_READ, id, buf, len, 0);
}

/*
 * Check blob's layout and HMAC; decrypt its data into plain. 1 when all
 * holds, else a TFAIL said why.
 */
static int open_blob(const char *blob, size_t blen, uint8_t *plain)
{
	const char *prefix = "enc32 " MDESC " 32 ";
	size_t plen = strlen(prefix), i;
	uint8_t bin[IVLEN + 1 + DLEN + HLEN], key[HLEN], mac[HLEN];
	uint8_t signed_buf[128];
	char hex[2 * sizeof(bin) + 1];

	if (blen != plen + 2 * sizeof(bin) || strncmp(blob, prefix, plen)) {
		tst_res(TFAIL, "blob of %zu bytes '%.*s', expected '%s' and %zu "
			"hex digits", blen, (int)blen, blob, prefix,
			2 * sizeof(bin));
		return 0;
	}
	memcpy(hex, blob + plen, 2 * sizeof(bin));
	hex[2 * sizeof(bin)] = 0;
	for (i = 0; i < sizeof(bin); i++) {
		unsigned int b;

		if (sscanf(hex + 2 * i, "%2x", &b) != 1) {
			tst_res(TFAIL, "blob: no hex at digit %zu", 2 * i);
			return 0;
		}
		bin[i] = b;
	}
	if (bin[IVLEN]) {
		tst_res(TFAIL, "blob: the byte after the IV is 0x%02x",
			bin[IVLEN]);
		return 0;
	}
	/* what the HMAC covers: the fields with their NULs, IV, 0, data */
	memcpy(signed_buf, "enc32\0" MDESC "\0" "32", 6 + strlen(MDESC) + 3);
	i = 6 + strlen(MDESC) + 3;
	signed_buf[i++] = 0;
	memcpy(signed_buf + i, bin, IVLEN + 1 + DLEN);
	i += IVLEN + 1 + DLEN;
	derive("AUTH_KEY", key);
	sha256("hmac(sha256)", key, HLEN, signed_buf, i, mac);
	if (memcmp(mac, bin + IVLEN + 1 + DLEN, HLEN)) {
		tst_res(TFAIL, "blob: the HMAC does not verify");
		return 0;
	}
	derive("ENC_KEY", key);
	aes_cbc_decrypt(key, bin, bin + IVLEN + 1, DLEN, plain);
	return 1;
}

static key_serial_t add_enc(const char *desc, const char *payload,
			    key_serial_t ring)
{
	return sys_add_key("encrypted", desc, payload, strlen(payload), ring);
}

static void check_user_data(key_serial_t ring)
{
	char payload[256], blob[512];
	uint8_t plain[DLEN], want[DLEN];
	long id, n;

	TST_EXP_FAIL(add_enc("ltpk09u1", "new enc32 " MDESC " 32 plaintext12"
			     "3@123!123@123!123@123plaintext123@123!123@123!"
			     "123@123", ring), EINVAL,
		     "decrypted data that is not hex");
	snprintf(payload, sizeof(payload), "new enc32 " MDESC " 32 %.62s",
		 USER_HEX);
	TST_EXP_FAIL(add_enc("ltpk09u2", payload, ring), EINVAL,
		     "decrypted data of 31 bytes for datalen 32");

	snprintf(payload, sizeof(payload), "new enc32 " MDESC " 32 %s",
		 USER_HEX);
	id = add_enc("ltpk09u3", payload, ring);
	if (user_data_on == 0) {
		TST_EXP_EXPR(id == -1 && errno == EINVAL, "valid decrypted "
			     "data while the option is off: EINVAL (%s)",
			     id < 0 ? tst_strerrno(errno) : "made a key");
		tst_res(TCONF, "CONFIG_USER_DECRYPTED_DATA unset and no "
			"encrypted_keys.user_decrypted_data=1: keys of user "
			"data not checked");
		return;
	}
	if (id < 0 && errno == EINVAL && user_data_on < 0) {
		tst_res(TCONF, "valid decrypted data is EINVAL and the kernel "
			"config is unreadable: user_decrypted_data probably "
			"off");
		return;
	}
	if (id < 0) {
		tst_res(TFAIL | TERRNO, "add_key(encrypted, user data)");
		return;
	}
	n = read_key(id, blob, sizeof(blob));
	alg_unhex(USER_HEX, want, sizeof(want));
	if (n > 0 && open_blob(blob, n, plain))
		TST_EXP_EXPR(!memcmp(plain, want, DLEN), "the key of user "
			     "data decrypts to exactly that data");
}

static void child(void)
{
	key_serial_t ring = keys_private_session(), master, a, b;
	char blob[512], blob2[512], load[600];
	uint8_t plain[DLEN];
	long n, n2;

	/* the kernel looks the master up without the "user:" prefix */
	master = keys_add_user(MDESC + strlen("user:"), MASTER, ring);
	a = add_enc("ltpk09a", "new enc32 " MDESC " 32", ring);
	if (a < 0 && errno == ENODEV)
		tst_brk(TCONF, "no \"encrypted\" key type "
			"(CONFIG_ENCRYPTED_KEYS)");
	if (a < 0)
		tst_brk(TBROK | TERRNO, "add_key(encrypted, new enc32)");

	n = read_key(a, blob, sizeof(blob));
	if (n <= 0 || n >= (long)sizeof(blob))
		tst_brk(TBROK | TERRNO, "KEYCTL_READ of the encrypted key: %ld",
			n);
	TST_EXP_VAL(read_key(a, NULL, 0), n, "KEYCTL_READ length query");
	if (open_blob(blob, n, plain))
		tst_res(TPASS, "new enc32 key: layout, HMAC and decryption "
			"as the kernel source says");

	snprintf(load, sizeof(load), "load %.*s", (int)n, blob);
	b = add_enc("ltpk09b", load, ring);
	if (b < 0) {
		tst_res(TFAIL | TERRNO, "add_key(encrypted, load <blob>)");
	} else {
		n2 = read_key(b, blob2, sizeof(blob2));
		TST_EXP_EXPR(n2 == n && !memcmp(blob, blob2, n),
			     "the loaded key reads back the same blob");
	}
	/* one hex digit of the encrypted data changed (past the IV's 32+2) */
	n2 = 5 + strlen("enc32 " MDESC " 32 ") + 40;
	load[n2] = load[n2] == '0' ? '1' : '0';
	TST_EXP_FAIL(add_enc("ltpk09c", load, ring), EINVAL,
		     "load of a blob with an encrypted byte changed");

	TST_EXP_FAIL(add_enc("ltpk09d", "new " MDESC " 19", ring), EINVAL,
		     "datalen 19");
	TST_EXP_FAIL(add_enc("ltpk09d", "new " MDESC " 4097", ring), EINVAL,
		     "datalen 4097");
	TST_EXP_FAIL(add_enc("ltpk09d", "new enc32 " MDESC " 20", ring),
		     EINVAL, "enc32 with datalen 20");

	check_user_data(ring);

	if (KEYCTL(KEYCTL_UNLINK, master, ring, 0, 0))
		tst_brk(TBROK | TERRNO, "KEYCTL_UNLINK master");
	TST_EXP_VAL(read_key(a, NULL, 0), n,
		    "length query without the master key");
	TST_EXP_FAIL(read_key(a, blob, sizeof(blob)), ENOKEY,
		     "KEYCTL_READ without the master key");
	exit(0);
}

static void run(void)
{
	run_in_child(child);
}

static void setup(void)
{
	char cmdline[4096] = "";
	int fd = SAFE_OPEN("/proc/cmdline", O_RDONLY);
	ssize_t n = SAFE_READ(0, fd, cmdline, sizeof(cmdline) - 1);

	SAFE_CLOSE(fd);
	cmdline[n > 0 ? n : 0] = 0;
	user_data_on = tst_kconfig_check("CONFIG_USER_DECRYPTED_DATA=y");
	if (strstr(cmdline, "encrypted_keys.user_decrypted_data=1") ||
	    strstr(cmdline, "encrypted_keys.user_decrypted_data=y") ||
	    strstr(cmdline, "encrypted_keys.user_decrypted_data=Y"))
		user_data_on = 1;
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* KEYS: encrypted: Instantiate key with user-provided ... */
		{"linux-git", "5adedd42245a"},
		{}
	},
};
