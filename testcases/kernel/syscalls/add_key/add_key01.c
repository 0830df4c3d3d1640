// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * add_key() creates keys in the thread, process and session keyrings and
 * the payload reads back as it was given:
 * - a "user" key added to each of the three keyrings is listed in that
 *   keyring, KEYCTL_READ gives the payload byte for byte, and the return
 *   value of KEYCTL_READ is the payload's full length also with a NULL
 *   buffer and with a buffer one byte short;
 * - add_key() of the same type and description into the same keyring
 *   updates that key in place: the same serial is returned, the keyring
 *   still lists it once, and the new payload (of another length) reads
 *   back;
 * - a "keyring" key starts empty, takes a key of its own, and a second
 *   add_key() of a keyring with the same name makes a new keyring (the
 *   type has no update) that displaces the first from the parent's list;
 * - a "user" key of the largest payload, 32767 bytes, reads back whole.
 * Each keyring is cleared first, so -i N repeats the same checks.
 */
#include <stdio.h>
#include "keys.h"

#define DESC "ltp_add_key01"

static const struct ring {
	key_serial_t id;
	const char *name;
} rings[] = {
	{ KEY_SPEC_THREAD_KEYRING, "thread" },
	{ KEY_SPEC_PROCESS_KEYRING, "process" },
	{ KEY_SPEC_SESSION_KEYRING, "session" },
};

static char big[USER_KEY_MAX_PAYLOAD];
static char buf[USER_KEY_MAX_PAYLOAD + 16];

static void clear_ring(key_serial_t ring)
{
	if (KEYCTL(KEYCTL_CLEAR, ring, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_CLEAR, %d)", (int)ring);
}

/* times keyring ring lists key */
static int links_to(key_serial_t ring, key_serial_t key)
{
	key_serial_t ids[64];
	long len, i;
	int n = 0;

	len = KEYCTL(KEYCTL_READ, ring, ids, sizeof(ids), 0);
	if (len < 0 || (size_t)len > sizeof(ids))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_READ, keyring %d) = %ld",
			(int)ring, len);
	for (i = 0; i < len / (long)sizeof(key_serial_t); i++)
		n += ids[i] == key;
	return n;
}

/* The key reads back as data[0..len-1], with the full length returned. */
static void check_payload(key_serial_t key, const char *data, size_t len)
{
	memset(buf, 0, sizeof(buf));
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, key, buf, sizeof(buf), 0), (long)len,
		    "KEYCTL_READ of key %d into a %zu-byte buffer", (int)key,
		    sizeof(buf));
	if (TST_PASS)
		TST_EXP_EXPR(!memcmp(buf, data, len),
			     "key %d: the %zu bytes read are the payload added",
			     (int)key, len);
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, key, NULL, 0, 0), (long)len,
		    "KEYCTL_READ of key %d with a NULL buffer", (int)key);
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, key, buf, len - 1, 0), (long)len,
		    "KEYCTL_READ of key %d into a buffer of %zu bytes (short)",
		    (int)key, len - 1);
}

static void test_user_key(const struct ring *r)
{
	char data1[64], data2[128];
	long id;

	clear_ring(r->id);
	snprintf(data1, sizeof(data1), "first payload for the %s keyring",
		 r->name);
	memset(data2, 'x', sizeof(data2));

	TST_EXP_POSITIVE(sys_add_key("user", DESC, data1, strlen(data1), r->id),
			 "add_key(\"user\", \"%s\") to the %s keyring", DESC,
			 r->name);
	if (!TST_PASS)
		return;
	id = TST_RET;
	TST_EXP_EQ_LI(links_to(r->id, id), 1);
	check_payload(id, data1, strlen(data1));

	TST_EXP_VAL(sys_add_key("user", DESC, data2, sizeof(data2), r->id), id,
		    "add_key(\"user\", \"%s\") again to the %s keyring "
		    "updates key %ld", DESC, r->name, id);
	TST_EXP_EQ_LI(links_to(r->id, id), 1);
	check_payload(id, data2, sizeof(data2));
}

static void test_keyring(void)
{
	key_serial_t ring = KEY_SPEC_SESSION_KEYRING;
	long sub, sub2, key;

	clear_ring(ring);
	TST_EXP_POSITIVE(sys_add_key("keyring", DESC "_ring", NULL, 0, ring),
			 "add_key(\"keyring\", \"%s_ring\") to the session "
			 "keyring", DESC);
	if (!TST_PASS)
		return;
	sub = TST_RET;
	TST_EXP_EQ_LI(links_to(ring, sub), 1);
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, sub, NULL, 0, 0), 0,
		    "KEYCTL_READ of the new keyring %ld (empty)", sub);

	key = keys_add_user(DESC, "in the sub-keyring", sub);
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, sub, NULL, 0, 0),
		    (long)sizeof(key_serial_t),
		    "KEYCTL_READ of keyring %ld holding one key", sub);
	TST_EXP_EQ_LI(links_to(sub, key), 1);

	TST_EXP_POSITIVE(sys_add_key("keyring", DESC "_ring", NULL, 0, ring),
			 "add_key(\"keyring\", \"%s_ring\") again", DESC);
	if (!TST_PASS)
		return;
	sub2 = TST_RET;
	TST_EXP_EXPR(sub2 != sub, "the second keyring %ld is a new key, not "
		     "%ld", sub2, sub);
	TST_EXP_EQ_LI(links_to(ring, sub2), 1);
	TST_EXP_EQ_LI(links_to(ring, sub), 0);
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, sub2, NULL, 0, 0), 0,
		    "KEYCTL_READ of the second keyring %ld (empty)", sub2);
}

static void test_max_payload(void)
{
	long id;
	size_t i;

	clear_ring(KEY_SPEC_SESSION_KEYRING);
	for (i = 0; i < sizeof(big); i++)
		big[i] = 'a' + i % 26;
	TST_EXP_POSITIVE(sys_add_key("user", DESC "_big", big, sizeof(big),
				     KEY_SPEC_SESSION_KEYRING),
			 "add_key(\"user\") with a %zu-byte payload",
			 sizeof(big));
	if (!TST_PASS)
		return;
	id = TST_RET;
	check_payload(id, big, sizeof(big));
}

static void run(unsigned int n)
{
	if (n < ARRAY_SIZE(rings))
		test_user_key(&rings[n]);
	else if (n == ARRAY_SIZE(rings))
		test_keyring();
	else
		test_max_payload();
}

static void setup(void)
{
	keys_private_session();
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(rings) + 2,
	.test = run,
	.setup = setup,
};
