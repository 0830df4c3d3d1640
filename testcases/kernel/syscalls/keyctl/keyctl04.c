// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * keyctl() paths that crashed or corrupted memory:
 * - KEYCTL_READ racing KEYCTL_REVOKE of a "user" key (two readers, two
 *   revokers, a new key each round, for a few seconds): every read
 *   returns the 3-byte payload intact or fails with EKEYREVOKED; the
 *   user type's read method met a revoked key without payload and
 *   dereferenced NULL before b4a1b4f5047e (CVE-2015-7550);
 * - KEYCTL_UPDATE of a key type with ->preparse but no ->update (an
 *   "asymmetric" key, an X.509 certificate) fails with EOPNOTSUPP; it
 *   freed uninitialised memory before 63a0b0509e70. KEYCTL_UPDATE racing
 *   KEYCTL_SETPERM that toggles the write bit only succeeds or fails
 *   with EACCES, and the key then holds the payload;
 * - KEYCTL_READ of a keyring with two keys into a buffer of one ID
 *   returns the full size (8) and writes nothing past the buffer
 *   (e645016abc80, 3239b6f29bdf); a NULL buffer gives the size, an
 *   exact buffer both IDs;
 * - request_key() of a "keyring" leaves an uninstantiated keyring
 *   behind (no upcall answers); unlinking a key afterwards, which
 *   schedules the garbage collector over it, works (f05819df10d7 fixed
 *   the crash);
 * - a "dns_resolver" key whose payload starts with a 0 byte is a server
 *   list and needs its whole 6-byte v1 header: 5 bytes are EINVAL
 *   (acc657692aed: the kernel read the header past the payload and
 *   accepted the key), 6 bytes are accepted, and KEYCTL_UPDATE of that
 *   key (made writable), a type with ->preparse but no ->update, is
 *   EOPNOTSUPP
 *   (63a0b0509e70). dns_resolver.ko has no alias the kernel asks for: as
 *   root the test runs "modprobe dns_resolver"; TCONF without the type.
 * The kernel must not get a new W or D taint from any of it.
 */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include "tst_test.h"
#include "keys.h"

/* An X.509 certificate made for this test (RSA 1024, self-signed). */
static const char cert[] =
	"\x30\x82\x02\x0c\x30\x82\x01\x75\xa0\x03\x02\x01"
	"\x02\x02\x14\x63\x55\x07\x8b\x64\xce\x83\x1d\xcc"
	"\xad\x15\xb6\x4a\x07\x79\x06\x21\xf9\x84\xc7\x30"
	"\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0b"
	"\x05\x00\x30\x17\x31\x15\x30\x13\x06\x03\x55\x04"
	"\x03\x0c\x0c\x6c\x74\x70\x20\x6b\x65\x79\x63\x74"
	"\x6c\x30\x34\x30\x20\x17\x0d\x32\x36\x31\x32\x30"
	"\x35\x32\x33\x35\x37\x30\x38\x5a\x18\x0f\x32\x31"
	"\x32\x36\x31\x31\x31\x31\x32\x33\x35\x37\x30\x38"
	"\x5a\x30\x17\x31\x15\x30\x13\x06\x03\x55\x04\x03"
	"\x0c\x0c\x6c\x74\x70\x20\x6b\x65\x79\x63\x74\x6c"
	"\x30\x34\x30\x81\x9f\x30\x0d\x06\x09\x2a\x86\x48"
	"\x86\xf7\x0d\x01\x01\x01\x05\x00\x03\x81\x8d\x00"
	"\x30\x81\x89\x02\x81\x81\x00\xa9\x28\xe3\xaa\x79"
	"\xa1\x9a\xf1\xe2\xca\xae\xa6\xdf\xdb\x79\xd2\x70"
	"\xa4\x86\x9b\xcc\x59\x7f\x6c\x17\xb9\x9b\x1a\x23"
	"\xd5\xfa\x07\x99\xc1\xaf\xe1\x7f\x72\x30\xb0\x71"
	"\x59\xa2\x75\xb9\x67\x2e\x73\xe8\xb5\x6a\xa1\x87"
	"\x0f\x12\x50\x24\x7c\x96\x3b\x96\x72\xd1\xc3\xca"
	"\x37\x78\x0f\xf9\x10\x7d\xab\xc4\xdb\xe5\x7d\x99"
	"\x4a\x56\xaa\x41\x9c\xd6\xe9\xe3\x4a\xe5\x21\xb5"
	"\x69\xba\x9b\x19\x50\xe8\x90\x8e\x90\xe4\xe7\xe5"
	"\xc2\x97\x60\x6f\x87\xee\x7c\xd9\xaf\xa1\xf3\xa6"
	"\x12\xe7\x9e\x45\x50\xf3\xbe\xc0\xb9\x86\xc5\xfb"
	"\xa3\xd8\x5f\x02\x03\x01\x00\x01\xa3\x53\x30\x51"
	"\x30\x1d\x06\x03\x55\x1d\x0e\x04\x16\x04\x14\x56"
	"\x99\x4b\xda\x73\xaf\xd3\xf3\x3f\xca\x14\x3e\x10"
	"\x45\xb7\x8d\xde\xcb\x01\xce\x30\x1f\x06\x03\x55"
	"\x1d\x23\x04\x18\x30\x16\x80\x14\x56\x99\x4b\xda"
	"\x73\xaf\xd3\xf3\x3f\xca\x14\x3e\x10\x45\xb7\x8d"
	"\xde\xcb\x01\xce\x30\x0f\x06\x03\x55\x1d\x13\x01"
	"\x01\xff\x04\x05\x30\x03\x01\x01\xff\x30\x0d\x06"
	"\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0b\x05\x00"
	"\x03\x81\x81\x00\x40\x75\x4d\x97\xa2\x71\xca\xbc"
	"\x0c\x5a\xe4\xb8\x7c\x31\x92\x1d\x34\x74\x79\x55"
	"\x2f\x52\xca\x41\x76\x52\xd0\x80\x05\x68\xa5\x89"
	"\x30\xef\x13\x17\xd6\xee\x48\x87\x4f\xdf\x48\x86"
	"\xce\x17\x15\x1f\x02\xe4\x67\xbb\xc7\x90\xb3\x24"
	"\xcd\xe6\xfd\x8d\x95\x5f\xee\xc4\x55\xf0\x0b\x0b"
	"\xff\x8b\x88\x9f\x1b\x50\xa0\x32\x5c\xa1\x57\xff"
	"\xa3\x39\x10\x26\xad\x66\x73\xf7\xe0\x20\x93\xe4"
	"\x6f\x5d\x8c\x2d\xad\x86\xf9\xf7\x38\x32\xcd\xa7"
	"\xfc\x4a\xfe\xee\x15\xc2\x80\xe2\xeb\xe4\x60\xc1"
	"\x66\xc6\xc9\x7a\x98\xbf\x6a\xd0\xb1\xe5\x23\x3c";

static volatile key_serial_t race_key;
static volatile int bad_read, bad_errno;

static void *reader(void *arg)
{
	char buf[8] = { 0 };
	long ret;

	(void)arg;
	ret = KEYCTL(KEYCTL_READ, race_key, buf, sizeof(buf), 0);
	if (ret == 3 && !memcmp(buf, "foo", 3))
		return NULL;
	if (ret < 0 && errno == EKEYREVOKED)
		return NULL;
	bad_read = ret == 3 ? -2 : (int)ret;
	bad_errno = errno;
	return NULL;
}

static void *revoker(void *arg)
{
	(void)arg;
	KEYCTL(KEYCTL_REVOKE, race_key, 0, 0, 0);
	return NULL;
}

static void start(pthread_t *th, void *(*fn)(void *))
{
	int err = pthread_create(th, NULL, fn, NULL);

	if (err)
		tst_brk(TBROK, "pthread_create(): %s", strerror(err));
}

static void read_revoke_race(void)
{
	double end = tst_mono_secs() + 3 * tst_timeout_mul();
	pthread_t th[4];
	long rounds = 0;
	int i;

	keys_private_session();
	bad_read = 0;
	while (tst_mono_secs() < end && !bad_read) {
		race_key = keys_add_user("race", "foo",
					 KEY_SPEC_SESSION_KEYRING);
		start(&th[0], reader);
		start(&th[1], revoker);
		start(&th[2], reader);
		start(&th[3], revoker);
		for (i = 0; i < 4; i++)
			pthread_join(th[i], NULL);
		rounds++;
	}
	if (bad_read)
		tst_res(TFAIL, "KEYCTL_READ racing KEYCTL_REVOKE returned %d "
			"(%s)", bad_read, tst_strerrno(bad_errno));
	else
		tst_res(TPASS, "%ld rounds of KEYCTL_READ against "
			"KEYCTL_REVOKE: payload or EKEYREVOKED", rounds);
}

static void update_nonupdatable(void)
{
	long key;

	keys_private_session();
	key = sys_add_key("asymmetric", "keyctl04", cert, sizeof(cert) - 1,
			  KEY_SPEC_SESSION_KEYRING);
	if (key < 0) {
		tst_res(TCONF | TERRNO, "no asymmetric key from an X.509 "
			"certificate (CONFIG_ASYMMETRIC_KEY_TYPE, "
			"CONFIG_X509_CERTIFICATE_PARSER)");
		return;
	}
	TST_EXP_PASS(KEYCTL(KEYCTL_SETPERM, key, KEY_POS_ALL, 0, 0),
		     "grant the possessor write permission");
	TST_EXP_FAIL(KEYCTL(KEYCTL_UPDATE, key, cert, sizeof(cert) - 1, 0),
		     EOPNOTSUPP, "KEYCTL_UPDATE of an asymmetric "
		     "key");
}

static void update_setperm_race(void)
{
	double end = tst_mono_secs() + 2 * tst_timeout_mul();
	long key, ok = 0, denied = 0, ret;
	char buf[16];
	pid_t pid;

	keys_private_session();
	key = keys_add_user("upd", "payload", KEY_SPEC_SESSION_KEYRING);
	pid = SAFE_FORK();
	if (!pid) {
		unsigned long perm = KEY_POS_ALL;

		while (tst_mono_secs() < end) {
			perm ^= KEY_POS_WRITE;
			if (KEYCTL(KEYCTL_SETPERM, key, perm, 0, 0)) {
				tst_res(TFAIL | TERRNO, "KEYCTL_SETPERM");
				exit(0);
			}
		}
		KEYCTL(KEYCTL_SETPERM, key, KEY_POS_ALL, 0, 0);
		exit(0);
	}
	while (tst_mono_secs() < end) {
		ret = KEYCTL(KEYCTL_UPDATE, key, "updated", 7, 0);
		if (!ret) {
			ok++;
		} else if (errno == EACCES) {
			denied++;
		} else {
			tst_res(TFAIL | TERRNO, "KEYCTL_UPDATE racing "
				"KEYCTL_SETPERM");
			break;
		}
	}
	reap_child(pid);
	tst_res(TINFO, "updates: %ld done, %ld EACCES", ok, denied);
	TST_EXP_VAL(KEYCTL(KEYCTL_UPDATE, key, "updated", 7, 0), 0,
		    "KEYCTL_UPDATE after the race");
	memset(buf, 0, sizeof(buf));
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, key, buf, sizeof(buf), 0), 7,
		    "KEYCTL_READ of the updated key");
	TST_EXP_EXPR(!memcmp(buf, "updated", 7), "payload is \"updated\"");
}

static void keyring_read_short(void)
{
	key_serial_t ring, k1, k2, ids[3];

	keys_private_session();
	ring = sys_add_key("keyring", "ring", NULL, 0,
			   KEY_SPEC_SESSION_KEYRING);
	if (ring < 0)
		tst_brk(TBROK | TERRNO, "add_key(keyring)");
	k1 = keys_add_user("k1", "one", ring);
	k2 = keys_add_user("k2", "two", ring);

	TST_EXP_VAL(KEYCTL(KEYCTL_READ, ring, NULL, 0, 0), 8,
		    "KEYCTL_READ(NULL buffer) of a keyring with two keys");
	memset(ids, 0, sizeof(ids));
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, ring, ids, sizeof(key_serial_t), 0),
		    8, "KEYCTL_READ into a 4-byte buffer returns the full "
		    "size");
	TST_EXP_EXPR(!ids[1] && !ids[2], "nothing written past the buffer");
	memset(ids, 0, sizeof(ids));
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, ring, ids, 2 * sizeof(key_serial_t),
			   0), 8, "KEYCTL_READ into an 8-byte buffer");
	TST_EXP_EXPR(((ids[0] == k1 && ids[1] == k2) ||
		      (ids[0] == k2 && ids[1] == k1)) && !ids[2],
		     "both key IDs, nothing more");
}

static void uninstantiated_keyring(void)
{
	key_serial_t key;
	long ret;

	keys_private_session();
	key = keys_add_user("gc", "a", KEY_SPEC_SESSION_KEYRING);
	ret = sys_request_key("keyring", "foo", "bar",
			      KEY_SPEC_THREAD_KEYRING);
	TST_EXP_EXPR(ret < 0, "request_key(keyring) with no upcall fails "
		     "(%s)", tst_strerrno(errno));
	TST_EXP_PASS(KEYCTL(KEYCTL_UNLINK, key, KEY_SPEC_SESSION_KEYRING, 0,
			    0), "KEYCTL_UNLINK after it");
	TST_EXP_EXPR(!keys_ring_has(KEY_SPEC_SESSION_KEYRING, key),
		     "the key left the session keyring");
}

static long add_dns(const char *desc, const char *payload, size_t len)
{
	return sys_add_key("dns_resolver", desc, payload, len,
			   KEY_SPEC_SESSION_KEYRING);
}

static void dns_resolver_header(void)
{
	const char *const modprobe[] = {"modprobe", "-q", "dns_resolver",
					NULL};
	/* zero, content 0 (server list), version 1, source, status 1, n */
	static const char v1[6] = { 0, 0, 1, 0, 1, 0 };
	long key;

	keys_private_session();
	key = add_dns("ltp_keyctl04_probe", "\1", 2);
	if (key < 0 && errno == ENODEV && !geteuid()) {
		tst_cmd(modprobe, 1);
		key = add_dns("ltp_keyctl04_probe", "\1", 2);
	}
	if (key < 0 && errno == ENODEV) {
		tst_res(TCONF, "no \"dns_resolver\" key type (ENODEV)");
		return;
	}

	TST_EXP_FAIL(add_dns("ltp_keyctl04_5", v1, 5), EINVAL,
		     "add_key(dns_resolver) of a server list with a 5-byte "
		     "header");
	key = add_dns("ltp_keyctl04_6", v1, 6);
	if (key < 0) {
		tst_res(TFAIL | TERRNO, "add_key(dns_resolver) of a server "
			"list with its 6-byte header");
		return;
	}
	tst_res(TPASS, "add_key(dns_resolver) of a 6-byte server list "
		"header");
	/* a type without ->update gets no write permission by default */
	TST_EXP_PASS(KEYCTL(KEYCTL_SETPERM, key, KEY_POS_ALL, 0, 0),
		     "KEYCTL_SETPERM(dns_resolver key, KEY_POS_ALL)");
	TST_EXP_FAIL(KEYCTL(KEYCTL_UPDATE, key, v1, 6, 0), EOPNOTSUPP,
		     "KEYCTL_UPDATE of a dns_resolver key");
}

static void (*const cases[])(void) = {
	read_revoke_race,
	update_nonupdatable,
	update_setperm_race,
	keyring_read_short,
	uninstantiated_keyring,
	dns_resolver_header,
};

static void run(unsigned int n)
{
	cases[n]();
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(cases),
	.test = run,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.forks_child = 1,
	.timeout = 60,
	.tags = (const struct tst_tag[]) {
		/* KEYS: Fix race between read and revoke */
		{"linux-git", "b4a1b4f5047e"},
		{"CVE", "2015-7550"},
		/* KEYS: fix freeing uninitialized memory in key_update() */
		{"linux-git", "63a0b0509e70"},
		/* KEYS: fix writing past end of user-supplied buffer in
		 * keyring_read() */
		{"linux-git", "e645016abc80"},
		/* KEYS: return full count in keyring_read() if buffer is too
		 * small */
		{"linux-git", "3239b6f29bdf"},
		/* KEYS: Fix crash when attempt to garbage collect an
		 * uninstantiated keyring */
		{"linux-git", "f05819df10d7"},
		/* keys, dns: Fix missing size check of V1 server-list
		 * header */
		{"linux-git", "acc657692aed"},
		{}
	},
};
