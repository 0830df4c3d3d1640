// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * add_key() errors, each with its exact errno:
 * - EINVAL: "user" key with an empty description, with an empty payload,
 *   with a 32768-byte payload (limit 32767); any type with a payload over
 *   1 MiB - 1; a type name of 32 characters (limit 31); a "keyring" with
 *   a payload; keyring ID 0 and KEY_SPEC_GROUP_KEYRING (not supported);
 * - ENODEV: a key type the kernel does not know;
 * - EPERM: a type beginning with '.' (".dead", reserved to the kernel),
 *   a "keyring" whose description begins with '.';
 * - EFAULT: type, description or payload pointing outside the address
 *   space, and a NULL payload with a non-zero length (CVE-2017-15274:
 *   before 5649645d725c the kernel handed the NULL to the key type and
 *   dereferenced it);
 * - ENOKEY: KEY_SPEC_REQKEY_AUTH_KEY when the caller has no
 *   authorisation key;
 * - ENOTDIR: the target is a "user" key, not a keyring;
 * - EKEYREVOKED: the target keyring was revoked;
 * - EACCES: the target keyring's permissions lack write for the caller,
 *   and, as nobody, a keyring of root's the caller does not possess;
 * - EDQUOT: as nobody, a "user" key bigger than the per-user byte quota
 *   (/proc/sys/kernel/keys/maxbytes, 20000 by default).
 * Nothing is created by a failing call: the session keyring stays empty.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include "keys.h"
#include "as_nobody.h"

#define BAD_TYPE	1
#define BAD_DESC	2
#define BAD_PAYLOAD	4

static char big_payload[1024 * 1024];
static char *bad_ptr;
static key_serial_t session = KEY_SPEC_SESSION_KEYRING;
static key_serial_t zero_id, group_ring = -6, auth_key = -7;
static key_serial_t user_key, revoked_ring, ro_ring, root_ring;
static long maxbytes;

static struct tcase {
	const char *type;
	const char *desc;
	const void *payload;
	size_t plen;
	key_serial_t *ring;
	int bad;		/* BAD_*: that argument points to PROT_NONE */
	int exp_errno;
	const char *what;
} tcases[] = {
	{ "user", "", "data", 4, &session, 0, EINVAL, "empty description" },
	{ "user", "ltp", "", 0, &session, 0, EINVAL,
	  "\"user\" key, empty payload" },
	{ "user", "ltp", big_payload, USER_KEY_MAX_PAYLOAD + 1, &session, 0,
	  EINVAL, "\"user\" key, 32768-byte payload" },
	{ "user", "ltp", big_payload, sizeof(big_payload), &session, 0, EINVAL,
	  "payload of 1 MiB" },
	{ "abcdefghijklmnopqrstuvwxyz012345", "ltp", "data", 4, &session, 0,
	  EINVAL, "type name of 32 characters" },
	{ "keyring", "ltp", "data", 4, &session, 0, EINVAL,
	  "\"keyring\" with a payload" },
	{ "user", "ltp", "data", 4, &zero_id, 0, EINVAL, "keyring ID 0" },
	{ "user", "ltp", "data", 4, &group_ring, 0, EINVAL,
	  "KEY_SPEC_GROUP_KEYRING" },
	{ "ltp_no_such_type", "ltp", "data", 4, &session, 0, ENODEV,
	  "unknown type" },
	{ ".dead", "ltp", "data", 4, &session, 0, EPERM, "type \".dead\"" },
	{ "keyring", ".ltp", NULL, 0, &session, 0, EPERM,
	  "keyring description \".ltp\"" },
	{ NULL, "ltp", "data", 4, &session, BAD_TYPE, EFAULT,
	  "type outside the address space" },
	{ "user", NULL, "data", 4, &session, BAD_DESC, EFAULT,
	  "description outside the address space" },
	{ "user", "ltp", NULL, 4, &session, BAD_PAYLOAD, EFAULT,
	  "payload outside the address space" },
	{ "user", "ltp", NULL, 4, &session, 0, EFAULT,
	  "NULL payload of length 4" },
	{ "user", "ltp", "data", 4, &auth_key, 0, ENOKEY,
	  "KEY_SPEC_REQKEY_AUTH_KEY without an authorisation key" },
	{ "user", "ltp", "data", 4, &user_key, 0, ENOTDIR,
	  "target a \"user\" key" },
	{ "user", "ltp", "data", 4, &revoked_ring, 0, EKEYREVOKED,
	  "target a revoked keyring" },
	{ "user", "ltp", "data", 4, &ro_ring, 0, EACCES,
	  "target keyring without write permission" },
};

static void nobody_checks(void)
{
	char *payload;

	keys_private_session();
	TST_EXP_FAIL(sys_add_key("user", "ltp", "data", 4, root_ring), EACCES,
		     "add_key() as nobody to root's keyring %d",
		     (int)root_ring);

	if (maxbytes + 1 > USER_KEY_MAX_PAYLOAD) {
		tst_res(TCONF, "kernel.keys.maxbytes is %ld: a \"user\" key "
			"cannot exceed it, EDQUOT not checked", maxbytes);
		return;
	}
	payload = SAFE_MALLOC(maxbytes + 1);
	memset(payload, 'q', maxbytes + 1);
	TST_EXP_FAIL(sys_add_key("user", "ltp", payload, maxbytes + 1,
				  session),
		     EDQUOT, "add_key() as nobody of a %ld-byte key "
		     "(kernel.keys.maxbytes %ld)", maxbytes + 1, maxbytes);
	free(payload);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	const char *type = tc->bad & BAD_TYPE ? bad_ptr : tc->type;
	const char *desc = tc->bad & BAD_DESC ? bad_ptr : tc->desc;
	const void *payload = tc->bad & BAD_PAYLOAD ? bad_ptr : tc->payload;

	TST_EXP_FAIL(sys_add_key(type, desc, payload, tc->plen, *tc->ring),
		     tc->exp_errno, "add_key() with %s", tc->what);
	TST_EXP_VAL(KEYCTL(KEYCTL_READ, session, NULL, 0, 0), 0,
		    "KEYCTL_READ: the session keyring is still empty");

	if (n == ARRAY_SIZE(tcases) - 1)
		run_in_nobody_child(nobody_checks,
				    "EACCES and EDQUOT as nobody");
}

static void setup(void)
{
	key_serial_t holder;

	keys_private_session();
	bad_ptr = SAFE_MMAP(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			    -1, 0);
	memset(big_payload, 'b', sizeof(big_payload));

	/* the test's own keys hang off a keyring outside the session */
	holder = sys_add_key("keyring", "ltp_add_key02", NULL, 0,
			     KEY_SPEC_PROCESS_KEYRING);
	if (holder < 0)
		tst_brk(TBROK | TERRNO, "add_key(\"keyring\")");
	user_key = keys_add_user("ltp_add_key02_user", "data", holder);
	revoked_ring = sys_add_key("keyring", "revoked", NULL, 0, holder);
	ro_ring = sys_add_key("keyring", "read-only", NULL, 0, holder);
	if (revoked_ring < 0 || ro_ring < 0)
		tst_brk(TBROK | TERRNO, "add_key(\"keyring\")");
	if (KEYCTL(KEYCTL_REVOKE, revoked_ring, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_REVOKE)");
	if (KEYCTL(KEYCTL_SETPERM, ro_ring,
		   KEY_POS_ALL & ~KEY_POS_WRITE, 0, 0))
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_SETPERM)");
	root_ring = holder;

	if (!tst_file_read_long("/proc/sys/kernel/keys/maxbytes", &maxbytes))
		maxbytes = 20000;
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "5649645d725c"},
		{"CVE", "2017-15274"},
		{}
	},
};
