// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * request_key() without a callout searches the caller's keyrings:
 * - a "user" key in the session keyring is found: its serial is
 *   returned, and a key in a keyring linked from the session keyring is
 *   found too;
 * - with a destination keyring the key found is linked into it;
 * - a missing key fails with ENOKEY and nothing is created: no callout
 *   info means no construction;
 * - a revoked key fails with EKEYREVOKED; a key whose KEYCTL_SET_TIMEOUT
 *   of 1 s ran out is skipped by the search (ENOKEY), and a keyring whose
 *   timeout ran out is EKEYEXPIRED as the destination;
 * - errors: ENOKEY for a type the kernel does not know, EPERM for a type
 *   beginning with '.', EINVAL for an empty type, EFAULT for a type or
 *   description outside the address space, ENOTDIR for a destination that
 *   is a "user" key, EACCES for a destination without write permission;
 * - a key to be constructed (callout info given, no destination) goes to
 *   the default keyring, here the session keyring: without write
 *   permission on it, request_key() fails with EACCES and the keyring
 *   stays empty (4dca6ea1d943, CVE-2017-17807: joining a keyring needs
 *   only search permission, and the kernel linked the new, negatively
 *   instantiated key into it).
 * Each case runs in a new anonymous session keyring (a revoked key of the
 * same description in reach would turn ENOKEY into EKEYREVOKED).
 */
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "keys.h"

#define SESSION KEY_SPEC_SESSION_KEYRING

static char *bad_ptr;

static key_serial_t new_ring(const char *name)
{
	long id = sys_add_key("keyring", name, NULL, 0, SESSION);

	if (id < 0)
		tst_brk(TBROK | TERRNO, "add_key(\"keyring\", \"%s\")", name);
	return id;
}

static void test_found(void)
{
	key_serial_t key, sub, nested, dest;

	key = keys_add_user("ltp_request_key01", "data", SESSION);
	TST_EXP_VAL(sys_request_key("user", "ltp_request_key01", NULL, 0), key,
		    "request_key() of a key in the session keyring");

	sub = new_ring("ltp_request_key01_sub");
	nested = keys_add_user("ltp_request_key01_nested", "data", sub);
	TST_EXP_VAL(sys_request_key("user", "ltp_request_key01_nested", NULL,
				    0), nested,
		    "request_key() of a key in a linked keyring");

	dest = new_ring("ltp_request_key01_dest");
	TST_EXP_VAL(sys_request_key("user", "ltp_request_key01", NULL, dest),
		    key, "request_key() with destination keyring %d",
		    (int)dest);
	TST_EXP_EXPR(keys_ring_has(dest, key), "the destination keyring "
		     "lists key %d", (int)key);
}

static void test_missing(void)
{
	key_serial_t dest = new_ring("ltp_request_key01_dest");

	TST_EXP_FAIL(sys_request_key("user", "ltp_request_key01_missing", NULL,
				     dest), ENOKEY,
		     "request_key() of a missing key, no callout");
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, dest, NULL, 0, 0), 0,
		    "KEYCTL_READ: the destination keyring is still empty");
	TST_EXP_FAIL(sys_request_key("ltp_no_such_type", "ltp", NULL, 0),
		     ENOKEY, "request_key() of an unknown type");
}

static void test_revoked(void)
{
	key_serial_t key = keys_add_user("ltp_request_key01", "data", SESSION);

	if (KEYCTL(KEYCTL_REVOKE, key, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_REVOKE, %d)", (int)key);
	TST_EXP_FAIL(sys_request_key("user", "ltp_request_key01", NULL, 0),
		     EKEYREVOKED, "request_key() of a revoked key");
}

/*
 * A key and a keyring with KEYCTL_SET_TIMEOUT 1 s: once they expired the
 * search skips the key (ENOKEY, as if missing), and the keyring as a
 * destination is EKEYEXPIRED.
 */
static void test_expired(void)
{
	key_serial_t key = keys_add_user("ltp_request_key01", "data", SESSION);
	key_serial_t ring = new_ring("ltp_request_key01_exp");
	int err_key = 0, err_dest = 0;

	keys_add_user("ltp_request_key01_other", "data", SESSION);
	struct timespec start, now;

	TST_EXP_VAL(sys_request_key("user", "ltp_request_key01", NULL, 0), key,
		    "request_key() before the timeout");
	if (KEYCTL(KEYCTL_SET_TIMEOUT, key, 1, 0, 0) ||
	    KEYCTL(KEYCTL_SET_TIMEOUT, ring, 1, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_SET_TIMEOUT, 1)");
	clock_gettime(CLOCK_REALTIME, &start);
	/* they expire 1 s of real time later; wait for that, bounded */
	while (!err_key || !err_dest) {
		if (!err_key && sys_request_key("user", "ltp_request_key01",
						NULL, 0) < 0)
			err_key = errno;
		if (!err_dest && sys_request_key("user",
						 "ltp_request_key01_other",
						 NULL, ring) < 0)
			err_dest = errno;
		clock_gettime(CLOCK_REALTIME, &now);
		if (now.tv_sec > start.tv_sec + 10 * tst_timeout_mul())
			break;
		usleep(20000);
	}
	if (err_key == ENOKEY)
		tst_res(TPASS, "request_key() of the expired key: ENOKEY");
	else
		tst_res(TFAIL, "request_key() of the expired key: %s, "
			"expected ENOKEY", err_key ? tst_strerrno(err_key) :
			"still found 10 s after a 1 s timeout");
	if (err_dest == EKEYEXPIRED)
		tst_res(TPASS, "request_key() into the expired keyring: "
			"EKEYEXPIRED");
	else
		tst_res(TFAIL, "request_key() into the expired keyring: %s, "
			"expected EKEYEXPIRED", err_dest ?
			tst_strerrno(err_dest) : "still works 10 s after a 1 s "
			"timeout");
}

static void test_errors(void)
{
	key_serial_t key = keys_add_user("ltp_request_key01", "data", SESSION);
	key_serial_t ro = new_ring("ltp_request_key01_ro");

	if (KEYCTL(KEYCTL_SETPERM, ro, KEY_POS_ALL & ~KEY_POS_WRITE, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_SETPERM, %d)", (int)ro);

	TST_EXP_FAIL(sys_request_key(".dead", "ltp_request_key01", NULL, 0),
		     EPERM, "request_key() of type \".dead\"");
	TST_EXP_FAIL(sys_request_key("", "ltp_request_key01", NULL, 0),
		     EINVAL, "request_key() of type \"\"");
	TST_EXP_FAIL(sys_request_key(bad_ptr, "ltp_request_key01", NULL, 0),
		     EFAULT, "request_key() with the type outside the address "
		     "space");
	TST_EXP_FAIL(sys_request_key("user", bad_ptr, NULL, 0), EFAULT,
		     "request_key() with the description outside the address "
		     "space");
	TST_EXP_FAIL(sys_request_key("user", "ltp_request_key01", NULL, key),
		     ENOTDIR, "request_key() with a \"user\" key as "
		     "destination");
	TST_EXP_FAIL(sys_request_key("user", "ltp_request_key01", NULL, ro),
		     EACCES, "request_key() with a destination keyring "
		     "without write permission");
	TST_EXP_EXPR(!keys_ring_has(ro, key), "the read-only keyring did not "
		     "get the key");
}

static void test_default_dest(void)
{
	key_serial_t ids[4];
	long len;

	/* no thread or process keyring: the default is the session keyring */
	if (KEYCTL(KEYCTL_SET_REQKEY_KEYRING, KEY_REQKEY_DEFL_DEFAULT, 0, 0, 0)
	    < 0)
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_SET_REQKEY_KEYRING)");
	if (KEYCTL(KEYCTL_SETPERM, SESSION, KEY_POS_ALL & ~KEY_POS_WRITE, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_SETPERM, session)");

	TST_EXP_FAIL(sys_request_key("user", "ltp_request_key01_new",
				     "callout info", 0), EACCES,
		     "request_key() constructing into a session keyring "
		     "without write permission");

	len = KEYCTL(KEYCTL_READ, SESSION, ids, sizeof(ids), 0);
	if (len < 0)
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_READ, session)");
	TST_EXP_EQ_LI(len, 0);
}

static void run(unsigned int n)
{
	keys_private_session();
	switch (n) {
	case 0:
		test_found();
		break;
	case 1:
		test_missing();
		break;
	case 2:
		test_revoked();
		break;
	case 3:
		test_errors();
		break;
	case 4:
		test_expired();
		break;
	case 5:
		test_default_dest();
		break;
	}
}

static void setup(void)
{
	bad_ptr = SAFE_MMAP(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			    -1, 0);
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
	.tags = (const struct tst_tag[]) {
		/* KEYS: add missing permission check for request_key()
		 * destination */
		{"linux-git", "4dca6ea1d943"},
		{"CVE", "2017-17807"},
		{}
	},
};
