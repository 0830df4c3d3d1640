// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * keyctl() operations on keys and keyrings, with their visible effect:
 * - KEYCTL_DESCRIBE gives "type;uid;gid;perm;description" (perm as %08x)
 *   for a "user" key and a keyring and returns its length with the NUL;
 *   a buffer one byte short is not written to and the length is returned;
 * - KEYCTL_UPDATE replaces the payload of the same key;
 * - KEYCTL_LINK makes a key appear in a second keyring, KEYCTL_SEARCH
 *   finds it (same serial) through a linked keyring and links it into a
 *   destination keyring, KEYCTL_UNLINK removes one link (the key stays
 *   readable through the other) and a second unlink fails with ENOENT;
 * - KEYCTL_GET_KEYRING_ID in a new process: no process or thread keyring
 *   yet (ENOKEY without create), create=1 makes one, the same ID after;
 * - KEYCTL_JOIN_SESSION_KEYRING with a name creates and joins that
 *   keyring, NULL then joins a new anonymous one, the name again joins
 *   the same named keyring (once it grants its owner search permission),
 *   a name beginning with '.' gives EPERM;
 * - errors: ENOTDIR (link into a "user" key), EDEADLK (link a keyring
 *   into its own child), EINVAL (KEYCTL_SETPERM with unknown bits),
 *   ENOKEY (search for a missing key), EFAULT (KEYCTL_DESCRIBE into a bad
 *   buffer; KEYCTL_UPDATE with a NULL payload of non-zero length, which
 *   before 5649645d725c was passed on and dereferenced: CVE-2017-15274),
 *   EOPNOTSUPP (an unknown command).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "keys.h"

#define DESC "ltp_keyctl01"
#define PERM (KEY_POS_ALL | KEY_USR_VIEW | KEY_USR_READ)

static char *bad_ptr;

static key_serial_t new_ring(const char *name, key_serial_t parent)
{
	long id = sys_add_key("keyring", name, NULL, 0, parent);

	if (id < 0)
		tst_brk(TBROK | TERRNO, "add_key(\"keyring\", \"%s\")", name);
	return id;
}

static void expect_description(key_serial_t id, const char *exp)
{
	char buf[256];
	long len = strlen(exp) + 1;

	memset(buf, '#', sizeof(buf));
	TST_EXP_VAL(KEYCTL(KEYCTL_DESCRIBE, id, buf, sizeof(buf), 0), len,
		    "KEYCTL_DESCRIBE of key %d", (int)id);
	if (TST_PASS)
		TST_EXP_EXPR(!strcmp(buf, exp), "key %d described as \"%s\", "
			     "expected \"%s\"", (int)id, buf, exp);

	memset(buf, '#', sizeof(buf));
	TST_EXP_VAL(KEYCTL(KEYCTL_DESCRIBE, id, buf, len - 1, 0), len,
		    "KEYCTL_DESCRIBE of key %d into %ld bytes (short)",
		    (int)id, len - 1);
	TST_EXP_EXPR(buf[0] == '#' && buf[len - 2] == '#',
		     "the short buffer was not written to");
}

static void test_describe_update(void)
{
	char exp[256], buf[64];
	key_serial_t key, ring;

	key = keys_add_user(DESC, "old", KEY_SPEC_SESSION_KEYRING);
	if (KEYCTL(KEYCTL_SETPERM, key, PERM, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_SETPERM)");
	snprintf(exp, sizeof(exp), "user;%d;%d;%08x;%s", (int)geteuid(),
		 (int)getegid(), PERM, DESC);
	expect_description(key, exp);

	ring = new_ring(DESC "_ring", KEY_SPEC_SESSION_KEYRING);
	if (KEYCTL(KEYCTL_SETPERM, ring, KEY_POS_ALL, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_SETPERM)");
	snprintf(exp, sizeof(exp), "keyring;%d;%d;%08x;%s_ring", (int)geteuid(),
		 (int)getegid(), KEY_POS_ALL, DESC);
	expect_description(ring, exp);

	TST_EXP_PASS(KEYCTL(KEYCTL_UPDATE, key, "new payload", 11, 0),
		     "KEYCTL_UPDATE of key %d", (int)key);
	memset(buf, 0, sizeof(buf));
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, key, buf, sizeof(buf), 0), 11,
		    "KEYCTL_READ after KEYCTL_UPDATE");
	TST_EXP_EXPR(!memcmp(buf, "new payload", 11),
		     "the updated payload reads back");
	TST_EXP_FAIL(KEYCTL(KEYCTL_UPDATE, key, NULL, 4, 0), EFAULT,
		     "KEYCTL_UPDATE with a NULL payload of length 4");
	TST_EXP_FAIL(KEYCTL(KEYCTL_DESCRIBE, key, bad_ptr, 256, 0), EFAULT,
		     "KEYCTL_DESCRIBE into a PROT_NONE buffer");
	TST_EXP_FAIL(KEYCTL(KEYCTL_SETPERM, key, 0x40000000, 0, 0), EINVAL,
		     "KEYCTL_SETPERM with bit 0x40000000");
	TST_EXP_FAIL(sys_keyctl(9999, 0, 0, 0, 0), EOPNOTSUPP,
		     "keyctl(9999)");
}

static void test_link_search(void)
{
	key_serial_t a, b, dest, key;

	a = new_ring(DESC "_a", KEY_SPEC_SESSION_KEYRING);
	b = new_ring(DESC "_b", KEY_SPEC_SESSION_KEYRING);
	dest = new_ring(DESC "_dest", KEY_SPEC_SESSION_KEYRING);
	key = keys_add_user(DESC "_linked", "linked", a);

	TST_EXP_PASS(KEYCTL(KEYCTL_LINK, key, b, 0, 0),
		     "KEYCTL_LINK key %d into keyring %d", (int)key, (int)b);
	TST_EXP_EXPR(keys_ring_has(b, key), "keyring %d lists key %d",
		     (int)b, (int)key);
	TST_EXP_VAL(KEYCTL(KEYCTL_SEARCH, KEY_SPEC_SESSION_KEYRING, "user",
			   DESC "_linked", 0), key,
		    "KEYCTL_SEARCH from the session keyring");
	TST_EXP_VAL(KEYCTL(KEYCTL_SEARCH, b, "user", DESC "_linked", dest),
		    key, "KEYCTL_SEARCH in keyring %d, destination %d",
		    (int)b, (int)dest);
	TST_EXP_EXPR(keys_ring_has(dest, key), "the destination keyring "
		     "lists the key found");

	TST_EXP_PASS(KEYCTL(KEYCTL_UNLINK, key, a, 0, 0),
		     "KEYCTL_UNLINK key %d from keyring %d", (int)key, (int)a);
	TST_EXP_EXPR(!keys_ring_has(a, key), "keyring %d no longer lists "
		     "key %d", (int)a, (int)key);
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, key, NULL, 0, 0), 6,
		    "KEYCTL_READ of key %d, still linked in %d", (int)key,
		    (int)b);
	TST_EXP_FAIL(KEYCTL(KEYCTL_UNLINK, key, a, 0, 0), ENOENT,
		     "KEYCTL_UNLINK of a key not in the keyring");
	TST_EXP_FAIL(KEYCTL(KEYCTL_SEARCH, a, "user", DESC "_linked", 0),
		     ENOKEY, "KEYCTL_SEARCH in keyring %d after the unlink",
		     (int)a);

	TST_EXP_FAIL(KEYCTL(KEYCTL_LINK, a, key, 0, 0), ENOTDIR,
		     "KEYCTL_LINK into a \"user\" key");
	if (KEYCTL(KEYCTL_LINK, b, a, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_LINK, %d, %d)", (int)b,
			(int)a);
	TST_EXP_FAIL(KEYCTL(KEYCTL_LINK, a, b, 0, 0), EDEADLK,
		     "KEYCTL_LINK of keyring %d into its child %d", (int)a,
		     (int)b);
}

static void child_keyring_ids(void)
{
	static const key_serial_t specs[] = {
		KEY_SPEC_PROCESS_KEYRING, KEY_SPEC_THREAD_KEYRING
	};
	char name[64];
	long id, named, anon;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(specs); i++) {
		TST_EXP_FAIL(KEYCTL(KEYCTL_GET_KEYRING_ID, specs[i], 0, 0, 0),
			     ENOKEY, "KEYCTL_GET_KEYRING_ID(%d, no create) in "
			     "a new process", (int)specs[i]);
		TST_EXP_POSITIVE(KEYCTL(KEYCTL_GET_KEYRING_ID, specs[i], 1, 0,
					0), "KEYCTL_GET_KEYRING_ID(%d, create)",
				 (int)specs[i]);
		id = TST_RET;
		TST_EXP_VAL(KEYCTL(KEYCTL_GET_KEYRING_ID, specs[i], 0, 0, 0),
			    id, "KEYCTL_GET_KEYRING_ID(%d) after creation",
			    (int)specs[i]);
	}

	snprintf(name, sizeof(name), DESC "_session_%d", (int)getpid());
	TST_EXP_POSITIVE(KEYCTL(KEYCTL_JOIN_SESSION_KEYRING, name, 0, 0, 0),
			 "KEYCTL_JOIN_SESSION_KEYRING(\"%s\")", name);
	named = TST_RET;
	TST_EXP_VAL(KEYCTL(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0,
			   0, 0), named,
		    "the session keyring is the joined one");
	/*
	 * Keep the named keyring alive while the child leaves it, and give
	 * its owner search permission: a named keyring is joined only when
	 * it grants that to the caller as a non-possessor.
	 */
	if (KEYCTL(KEYCTL_LINK, named, KEY_SPEC_PROCESS_KEYRING, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_LINK, %ld)", named);
	if (KEYCTL(KEYCTL_SETPERM, named, KEY_POS_ALL | KEY_USR_ALL, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_SETPERM, %ld)", named);
	TST_EXP_POSITIVE(KEYCTL(KEYCTL_JOIN_SESSION_KEYRING, 0, 0, 0, 0),
			 "KEYCTL_JOIN_SESSION_KEYRING(NULL)");
	anon = TST_RET;
	TST_EXP_EXPR(anon != named, "the anonymous session keyring %ld is "
		     "new, not %ld", anon, named);
	TST_EXP_VAL(KEYCTL(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0,
			   0, 0), anon, "the session keyring is the new one");
	TST_EXP_VAL(KEYCTL(KEYCTL_JOIN_SESSION_KEYRING, name, 0, 0, 0), named,
		    "KEYCTL_JOIN_SESSION_KEYRING(\"%s\") again", name);
	TST_EXP_FAIL(KEYCTL(KEYCTL_JOIN_SESSION_KEYRING, ".ltp", 0, 0, 0),
		     EPERM, "KEYCTL_JOIN_SESSION_KEYRING(\".ltp\")");
	exit(0);
}

static void run(unsigned int n)
{
	if (KEYCTL(KEYCTL_CLEAR, KEY_SPEC_SESSION_KEYRING, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_CLEAR)");
	switch (n) {
	case 0:
		test_describe_update();
		break;
	case 1:
		test_link_search();
		break;
	case 2:
		if (!SAFE_FORK())
			child_keyring_ids();
		tst_reap_children();
		break;
	}
}

static void setup(void)
{
	keys_private_session();
	bad_ptr = SAFE_MMAP(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			    -1, 0);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "5649645d725c"},
		{"CVE", "2017-15274"},
		{}
	},
};
