// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * keyctl(KEYCTL_RESTRICT_KEYRING) (security/keys/keyctl.c and
 * keyring_restrict() in keyring.c of 6.1 and 6.12), on keyrings of a
 * private session:
 * - a type without a restriction string, or a restriction string
 *   without a type: EINVAL;
 * - type "user", which has no restriction scheme: ENOENT;
 * - a key that is no keyring: ENOTDIR;
 * - type and restriction NULL restrict the keyring to nothing: a second
 *   restriction is EEXIST; then linking a key into it and adding a key
 *   to it are EPERM, and the keyring stays empty.
 * Syscalls: keyctl
 */
#include "tst_test.h"
#include "keys.h"

static void run(void)
{
	key_serial_t ring, key;

	keys_private_session();
	ring = sys_add_key("keyring", "keyctl10", NULL, 0,
			   KEY_SPEC_SESSION_KEYRING);
	if (ring < 0)
		tst_brk(TBROK | TERRNO, "add_key(keyring)");
	key = keys_add_user("keyctl10_key", "data", KEY_SPEC_SESSION_KEYRING);

	TST_EXP_FAIL(KEYCTL(KEYCTL_RESTRICT_KEYRING, ring, "keyring", NULL, 0),
		     EINVAL, "KEYCTL_RESTRICT_KEYRING, a type, no restriction");
	TST_EXP_FAIL(KEYCTL(KEYCTL_RESTRICT_KEYRING, ring, NULL, "", 0),
		     EINVAL, "KEYCTL_RESTRICT_KEYRING, a restriction, no type");
	TST_EXP_FAIL(KEYCTL(KEYCTL_RESTRICT_KEYRING, ring, "user", "", 0),
		     ENOENT, "KEYCTL_RESTRICT_KEYRING, type \"user\"");
	TST_EXP_FAIL(KEYCTL(KEYCTL_RESTRICT_KEYRING, key, NULL, NULL, 0),
		     ENOTDIR, "KEYCTL_RESTRICT_KEYRING of a user key");

	TST_EXP_PASS(KEYCTL(KEYCTL_RESTRICT_KEYRING, ring, NULL, NULL, 0),
		     "KEYCTL_RESTRICT_KEYRING(NULL, NULL): link nothing");
	TST_EXP_FAIL(KEYCTL(KEYCTL_RESTRICT_KEYRING, ring, NULL, NULL, 0),
		     EEXIST, "KEYCTL_RESTRICT_KEYRING of a restricted keyring");
	TST_EXP_FAIL(KEYCTL(KEYCTL_LINK, key, ring, 0, 0), EPERM,
		     "KEYCTL_LINK into the restricted keyring");
	TST_EXP_FAIL(sys_add_key("user", "new", "x", 1, ring), EPERM,
		     "add_key() into the restricted keyring");
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, ring, NULL, 0, 0), 0,
		    "the restricted keyring is empty");
}

static struct tst_test test = {
	.test_all = run,
};
