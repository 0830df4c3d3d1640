// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * request_key() without a callout searches the caller's keyrings:
 * - a "user" key in the session keyring is found: its serial is
 *   returned, and a key in a keyring linked from the session keyring is
 *   found too;
 * - with a destination keyring the key found is linked into it;
 * - a missing key fails with ENOKEY and nothing is created: no callout
 *   info means no construction;
 * - a revoked key fails with EKEYREVOKED;
 * - errors: ENOKEY for a type the kernel does not know, EPERM for a type
 *   beginning with '.', EINVAL for an empty type, EFAULT for a type or
 *   description outside the address space, ENOTDIR for a destination that
 *   is a "user" key, EACCES for a destination without write permission.
 * Each case runs in a new anonymous session keyring (a revoked key of the
 * same description in reach would turn ENOKEY into EKEYREVOKED).
 */
#include <sys/mman.h>
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
	}
}

static void setup(void)
{
	bad_ptr = SAFE_MMAP(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			    -1, 0);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
};
