// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * add_key() and the per-user key quotas, each in a child running as a
 * fresh uid (no keys before), read back from /proc/key-users:
 * - count: "user" keys are added until add_key() fails with EDQUOT, and
 *   it fails exactly when the user holds kernel.keys.maxkeys keys;
 * - bytes: 1000-byte keys are added until EDQUOT; what is left of
 *   kernel.keys.maxbytes is then less than one more such key costs (its
 *   description + 1, its payload, and 4 bytes for the keyring link), a
 *   key sized to fill the rest exactly is accepted (the user is then at
 *   maxbytes) and one more byte is EDQUOT (a08bf91ce28e for the key
 *   count and key_alloc(), 2e356101e72a for the payload charge in
 *   key_payload_reserve(): both refused the last key that reaches the
 *   quota exactly).
 * Also, keyrings root names "_uid.<uid>" and "_uid_ses.<uid>" for a uid
 * without keys do not become that user's user and user session keyrings
 * (237bbd29f7a0, "KEYS: prevent creating a different user's keyrings").
 * Syscalls: add_key
 */
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <grp.h>
#include <unistd.h>
#include "tst_test.h"
#include "keys.h"

struct quota {
	int qnkeys, maxkeys, qnbytes, maxbytes;
};

static uid_t fresh_uid(uid_t from)
{
	while (getpwuid(from))
		from++;
	return from;
}

static void become(uid_t uid)
{
	if (setgroups(0, NULL) || setresgid(uid, uid, uid) ||
	    setresuid(uid, uid, uid))
		tst_brk(TBROK | TERRNO, "switching to uid %d", uid);
}

static void read_quota(struct quota *q)
{
	char line[256];
	unsigned int uid;
	int refs, nk, nik, found = 0;
	FILE *f = fopen("/proc/key-users", "r");

	if (!f)
		tst_brk(TCONF | TERRNO, "no /proc/key-users");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%u: %d %d/%d %d/%d %d/%d", &uid, &refs, &nk,
			   &nik, &q->qnkeys, &q->maxkeys, &q->qnbytes,
			   &q->maxbytes) == 8 && uid == getuid()) {
			found = 1;
			break;
		}
	}
	fclose(f);
	if (!found)
		tst_brk(TBROK, "uid %d not in /proc/key-users", getuid());
}

static void count_child(uid_t uid)
{
	struct quota q;
	char desc[16];
	int i;

	become(uid);
	keys_private_session();
	for (i = 0; i < 100000; i++) {
		snprintf(desc, sizeof(desc), "k%d", i);
		if (sys_add_key("user", desc, "x", 1,
				KEY_SPEC_SESSION_KEYRING) < 0)
			break;
	}
	TST_EXP_EXPR(errno == EDQUOT, "add_key() stopped with EDQUOT after "
		     "%d keys (%s)", i, tst_strerrno(errno));
	read_quota(&q);
	TST_EXP_EXPR(q.qnkeys == q.maxkeys, "the user holds exactly maxkeys "
		     "keys: %d/%d", q.qnkeys, q.maxkeys);
	exit(0);
}

/*
 * The add_key() that failed with EDQUOT on bytes got its key allocated
 * (key_alloc() charges only the description) and refused at instantiation
 * (key_payload_reserve() of the payload): the key is dropped with
 * key_put(), and the garbage collector frees it, and its description's
 * bytes, later, from a work queue. Until then the quota counts it, so
 * wait for the user to hold just its live keys: the session keyring and
 * the keys added.
 */
static void wait_dead_key_freed(int live)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	struct quota q;

	for (;;) {
		read_quota(&q);
		if (q.qnkeys == live)
			return;
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "the user still holds %d keys, not %d, "
				"10 s after the refused add_key()", q.qnkeys,
				live);
		usleep(1000);
	}
}

static void bytes_child(uid_t uid)
{
	static char payload[32768];
	struct quota q;
	char desc[16];
	int i, rest;

	become(uid);
	keys_private_session();
	memset(payload, 'p', sizeof(payload));
	for (i = 0; i < 1000; i++) {
		snprintf(desc, sizeof(desc), "b%02d", i);
		if (sys_add_key("user", desc, payload, 1000,
				KEY_SPEC_SESSION_KEYRING) < 0)
			break;
	}
	TST_EXP_EXPR(errno == EDQUOT, "1000-byte keys: EDQUOT after %d (%s)",
		     i, tst_strerrno(errno));
	wait_dead_key_freed(i + 1);
	read_quota(&q);
	rest = q.maxbytes - q.qnbytes;
	TST_EXP_EXPR(rest >= 0 && rest < 4 + 4 + 1000 && q.qnkeys < q.maxkeys,
		     "%d bytes left of %d: less than one more key costs",
		     rest, q.maxbytes);
	if (rest < 7) {
		tst_res(TINFO, "no room for a key to fill the rest");
		exit(0);
	}
	TST_EXP_POSITIVE(sys_add_key("user", "z", payload, rest - 6,
				     KEY_SPEC_SESSION_KEYRING),
			 "a key of %d bytes filling the rest exactly",
			 rest - 6);
	read_quota(&q);
	TST_EXP_EXPR(q.qnbytes == q.maxbytes, "the user is at maxbytes: %d/%d",
		     q.qnbytes, q.maxbytes);
	TST_EXP_FAIL(sys_add_key("user", "y", "1", 1,
				 KEY_SPEC_SESSION_KEYRING), EDQUOT,
		     "one byte more");
	exit(0);
}

static void forge_child(uid_t uid)
{
	char desc[32];
	long fake_user, fake_ses;

	snprintf(desc, sizeof(desc), "_uid.%u", uid);
	fake_user = sys_add_key("keyring", desc, NULL, 0,
				KEY_SPEC_PROCESS_KEYRING);
	snprintf(desc, sizeof(desc), "_uid_ses.%u", uid);
	fake_ses = sys_add_key("keyring", desc, NULL, 0,
			       KEY_SPEC_PROCESS_KEYRING);
	if (fake_user < 0 || fake_ses < 0)
		tst_brk(TBROK | TERRNO, "add_key(keyring)");
	become(uid);
	TST_EXP_EXPR(KEYCTL(KEYCTL_GET_KEYRING_ID, KEY_SPEC_USER_KEYRING, 1,
			    0, 0) != fake_user, "uid %d's user keyring is not "
		     "the one root named for it", uid);
	TST_EXP_EXPR(KEYCTL(KEYCTL_GET_KEYRING_ID,
			    KEY_SPEC_USER_SESSION_KEYRING, 1, 0, 0) != fake_ses,
		     "nor its user session keyring");
	exit(0);
}

static void run(unsigned int n)
{
	/*
	 * A new uid each time, also across runs: the keys of an old one are
	 * freed by the key garbage collector, later.
	 */
	static uid_t next;
	uid_t uid;
	pid_t pid;

	if (!next)
		next = 30000 + (getpid() % 10000) * 4;
	uid = fresh_uid(next);

	next = uid + 1;
	pid = SAFE_FORK();
	if (!pid) {
		if (n == 0)
			count_child(uid);
		else if (n == 1)
			bytes_child(uid);
		else
			forge_child(uid);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* KEYS: prevent creating a different user's keyrings */
		{"linux-git", "237bbd29f7a0"},
		/* KEYS: allow reaching the keys quotas exactly */
		{"linux-git", "a08bf91ce28e"},
		/* KEYS: reaching the keys quotas correctly */
		{"linux-git", "2e356101e72a"},
		{}
	},
};
