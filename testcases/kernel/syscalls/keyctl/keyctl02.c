// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * keyctl() operations that end or restrict a key, and what the key's
 * users see after them:
 * - KEYCTL_REVOKE: KEYCTL_READ and KEYCTL_UPDATE fail with EKEYREVOKED,
 *   KEYCTL_SEARCH for it fails with EKEYREVOKED;
 * - KEYCTL_INVALIDATE: KEYCTL_READ by the owner fails with ENOKEY
 *   (whether or not the garbage collector has destroyed the key yet; a
 *   search would say EKEYREVOKED until it has, ENOKEY after, so it is not
 *   asserted);
 * - KEYCTL_SET_TIMEOUT of 1 s: the key reads until then, and KEYCTL_READ
 *   fails with EKEYEXPIRED once the second has passed (polled, with a
 *   deadline of 30 s times LTP_TIMEOUT_MUL; no timing is asserted);
 *   a key whose timeout is set to 3600 s and one whose timeout is set and
 *   then cleared with 0 still read;
 * - KEYCTL_SETPERM: the possessor still reads a key with no read bit but
 *   with possessor search (possession grants it), while a non-possessor
 *   (nobody, in a new session keyring) reads a key of root's only while
 *   the "other" read bit is set: EACCES once KEYCTL_SETPERM removed it;
 *   nobody cannot KEYCTL_SETPERM a key of root's (EACCES).
 * Each case runs in a new anonymous session keyring with its own keys: a
 * search reports EKEYREVOKED when it met a revoked key of that type and
 * description, so no revoked key of another case must be in reach.
 */
#include <stdio.h>
#include <time.h>
#include "keys.h"
#include "as_nobody.h"

#define DATA "the payload"
#define DLEN ((long)sizeof(DATA) - 1)

static key_serial_t shared_key;

static key_serial_t new_key(const char *desc)
{
	return keys_add_user(desc, DATA, KEY_SPEC_SESSION_KEYRING);
}

static void test_revoke(void)
{
	key_serial_t key = new_key("ltp_keyctl02_revoke");

	TST_EXP_PASS(KEYCTL(KEYCTL_REVOKE, key, 0, 0, 0),
		     "KEYCTL_REVOKE of key %d", (int)key);
	TST_EXP_FAIL(KEYCTL(KEYCTL_READ, key, NULL, 0, 0), EKEYREVOKED,
		     "KEYCTL_READ of a revoked key");
	TST_EXP_FAIL(KEYCTL(KEYCTL_UPDATE, key, "x", 1, 0), EKEYREVOKED,
		     "KEYCTL_UPDATE of a revoked key");
	TST_EXP_FAIL(KEYCTL(KEYCTL_SEARCH, KEY_SPEC_SESSION_KEYRING, "user",
			    "ltp_keyctl02_revoke", 0), EKEYREVOKED,
		     "KEYCTL_SEARCH for a revoked key");
}

static void test_invalidate(void)
{
	key_serial_t key = new_key("ltp_keyctl02_invalidate");

	/*
	 * The owner may read: the garbage collector unlinks an invalidated
	 * key at once, and a key no longer possessed would fail the read
	 * permission check (EACCES) before its state is looked at.
	 */
	if (KEYCTL(KEYCTL_SETPERM, key, KEY_POS_ALL | KEY_USR_ALL, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_SETPERM, %d)", (int)key);
	TST_EXP_PASS(KEYCTL(KEYCTL_INVALIDATE, key, 0, 0, 0),
		     "KEYCTL_INVALIDATE of key %d", (int)key);
	TST_EXP_FAIL(KEYCTL(KEYCTL_READ, key, NULL, 0, 0), ENOKEY,
		     "KEYCTL_READ of an invalidated key");
}

static void test_timeout(void)
{
	key_serial_t key = new_key("ltp_keyctl02_timeout");
	key_serial_t longer = new_key("ltp_keyctl02_timeout_long");
	key_serial_t cleared = new_key("ltp_keyctl02_timeout_cleared");
	long long deadline;
	long ret;

	TST_EXP_PASS(KEYCTL(KEYCTL_SET_TIMEOUT, longer, 3600, 0, 0),
		     "KEYCTL_SET_TIMEOUT(%d, 3600)", (int)longer);
	TST_EXP_PASS(KEYCTL(KEYCTL_SET_TIMEOUT, cleared, 1, 0, 0),
		     "KEYCTL_SET_TIMEOUT(%d, 1)", (int)cleared);
	TST_EXP_PASS(KEYCTL(KEYCTL_SET_TIMEOUT, cleared, 0, 0, 0),
		     "KEYCTL_SET_TIMEOUT(%d, 0) clears it", (int)cleared);
	TST_EXP_PASS(KEYCTL(KEYCTL_SET_TIMEOUT, key, 1, 0, 0),
		     "KEYCTL_SET_TIMEOUT(%d, 1)", (int)key);

	deadline = tst_mono_ms() + 30000LL * tst_timeout_mul();
	for (;;) {
		ret = KEYCTL(KEYCTL_READ, key, NULL, 0, 0);
		if (ret == -1 || tst_mono_ms() > deadline)
			break;
		if (ret != DLEN)
			tst_brk(TBROK, "KEYCTL_READ returned %ld", ret);
		usleep(50000);
	}
	if (ret == -1 && errno == EKEYEXPIRED)
		tst_res(TPASS, "KEYCTL_READ of key %d fails with EKEYEXPIRED "
			"after its 1 s timeout", (int)key);
	else if (ret == -1)
		tst_res(TFAIL | TERRNO, "KEYCTL_READ of key %d after its "
			"timeout, expected EKEYEXPIRED", (int)key);
	else
		tst_res(TFAIL, "key %d still reads 30 s after a 1 s timeout",
			(int)key);

	TST_EXP_VAL(KEYCTL(KEYCTL_READ, longer, NULL, 0, 0), DLEN,
		    "KEYCTL_READ of the key with a 3600 s timeout");
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, cleared, NULL, 0, 0), DLEN,
		    "KEYCTL_READ of the key whose timeout was cleared");
}

static void nobody_reads(void)
{
	char buf[64];

	/* a session of nobody's own: the key is no longer possessed */
	keys_private_session();
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, shared_key, buf, sizeof(buf), 0), DLEN,
		    "KEYCTL_READ as nobody of root's key %d with other=read",
		    (int)shared_key);
	TST_EXP_FAIL(KEYCTL(KEYCTL_SETPERM, shared_key, KEY_OTH_ALL, 0, 0),
		     EACCES, "KEYCTL_SETPERM as nobody of root's key");
}

static void nobody_denied(void)
{
	char buf[64];

	keys_private_session();
	TST_EXP_FAIL(KEYCTL(KEYCTL_READ, shared_key, buf, sizeof(buf), 0),
		     EACCES, "KEYCTL_READ as nobody after the other=read bit "
		     "was removed");
}

static void test_setperm(void)
{
	key_serial_t key = new_key("ltp_keyctl02_perm");
	unsigned long perm = KEY_POS_ALL & ~KEY_POS_READ;

	TST_EXP_PASS(KEYCTL(KEYCTL_SETPERM, key, perm, 0, 0),
		     "KEYCTL_SETPERM(%d, 0x%08lx): no read bit", (int)key,
		     perm);
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, key, NULL, 0, 0), DLEN,
		    "KEYCTL_READ by the possessor with search permission");

	shared_key = key;
	perm = KEY_POS_ALL | KEY_OTH_VIEW | KEY_OTH_READ;
	TST_EXP_PASS(KEYCTL(KEYCTL_SETPERM, key, perm, 0, 0),
		     "KEYCTL_SETPERM(%d, 0x%08lx): other may read", (int)key,
		     perm);
	run_in_nobody_child(nobody_reads, "reads as a non-possessor");

	perm = KEY_POS_ALL | KEY_OTH_VIEW;
	TST_EXP_PASS(KEYCTL(KEYCTL_SETPERM, key, perm, 0, 0),
		     "KEYCTL_SETPERM(%d, 0x%08lx): other may not read",
		     (int)key, perm);
	run_in_nobody_child(nobody_denied, "reads as a non-possessor");
}

static void run(unsigned int n)
{
	keys_private_session();
	switch (n) {
	case 0:
		test_revoke();
		break;
	case 1:
		test_invalidate();
		break;
	case 2:
		test_timeout();
		break;
	case 3:
		test_setperm();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.forks_child = 1,
};
