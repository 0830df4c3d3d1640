// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * add_key() on a key that request_key() is constructing or has negated:
 *  - CVE-2017-15299, 60ff5b2f547a ("KEYS: don't let add_key() update an
 *    uninstantiated key"): add_key() found the key under construction
 *    and updated it (a NULL dereference for "encrypted" and "trusted", the
 *    WARN_ON() in construct_key() for "user"); now it waits for the
 *    construction and then fails with ENOKEY;
 *  - CVE-2017-15951, 363b02dab09b ("KEYS: Fix race between updating and
 *    finding a negative key"): an update turning a negative key positive
 *    raced with request_key() reading the key's state and payload.
 * In order, in a session keyring of its own (no /sbin/request-key needed):
 * request_key("user") fails (ENOKEY, or ENOENT when the upcall cannot
 * run) and leaves a negative key linked; KEYCTL_READ of it and a second
 * request_key() are ENOKEY; add_key() of the same description updates
 * that very key (same serial), which then reads back the payload and is
 * what request_key() returns. Then, for "user", "encrypted" and
 * "trusted" (TCONF for a type the kernel lacks), one process adds and
 * clears the key while another requests it, for a bounded time: every
 * call must end in a documented way (add_key: success, EINVAL, ENOKEY,
 * EDQUOT; request_key: success, ENOKEY, ENOENT, EDQUOT), neither process
 * may die, and the kernel must not warn or oops (taint check).
 * Syscalls: add_key, request_key, keyctl
 */
#include <stdlib.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "keys.h"

#define RACE_SECS	4

static const struct race {
	const char *type;
	const char *payload;
} races[] = {
	{ "user", "payload" },
	{ "encrypted", "update user:foo 32" },
	{ "trusted", "update" },
};

static void check_negative_then_add(void)
{
	key_serial_t ring = keys_private_session(), ids[4];
	char buf[16];
	long id, neg, n;

	id = sys_request_key("user", "ltprk03", "callout", ring);
	if (id >= 0) {
		tst_res(TCONF, "request_key() made the key: a request-key "
			"handler instantiates \"user\" keys here");
		exit(0);
	}
	TST_EXP_EXPR(errno == ENOKEY || errno == ENOENT, "first "
		     "request_key(): %s (ENOKEY or ENOENT)",
		     tst_strerrno(errno));
	n = KEYCTL(KEYCTL_READ, ring, ids, sizeof(ids), 0);
	if (n != sizeof(key_serial_t)) {
		tst_res(TFAIL, "the session keyring holds %ld bytes of ids, "
			"expected the one negative key", n);
		exit(0);
	}
	neg = ids[0];
	TST_EXP_FAIL(KEYCTL(KEYCTL_READ, neg, buf, sizeof(buf), 0), ENOKEY,
		     "KEYCTL_READ of the negative key");
	TST_EXP_FAIL(sys_request_key("user", "ltprk03", "callout", ring),
		     ENOKEY, "request_key() finding the negative key");
	TST_EXP_VAL(sys_add_key("user", "ltprk03", "payload", 7, ring), neg,
		    "add_key() updates the negative key (serial %ld)", neg);
	n = KEYCTL(KEYCTL_READ, neg, buf, sizeof(buf), 0);
	TST_EXP_EXPR(n == 7 && !memcmp(buf, "payload", 7),
		     "the key is positive and reads back the payload");
	TST_EXP_VAL(sys_request_key("user", "ltprk03", "callout", ring), neg,
		    "request_key() returns the now positive key");
	exit(0);
}

static int deadline_passed(long long end)
{
	return tst_mono_ms() >= end;
}

static void adder(const struct race *r, long long end)
{
	int i, ok = 0, errs = 0;
	long ret;

	for (i = 0; i < 2000 && !deadline_passed(end); i++) {
		ret = sys_add_key(r->type, "desc", r->payload,
				  strlen(r->payload), KEY_SPEC_SESSION_KEYRING);
		if (ret >= 0)
			ok++;
		else if (errno != EINVAL && errno != ENOKEY &&
			 errno != EDQUOT) {
			tst_res(TFAIL | TERRNO, "add_key(%s)", r->type);
			errs++;
		}
		if (KEYCTL(KEYCTL_CLEAR, KEY_SPEC_SESSION_KEYRING, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "KEYCTL_CLEAR");
		if (errs > 3)
			break;
	}
	tst_res(TINFO, "%s: %d add_key() calls, %d made or updated a key",
		r->type, i, ok);
	exit(0);
}

static void requester(const struct race *r, long long end)
{
	int i, errs = 0;
	long ret;

	for (i = 0; i < 20000 && !deadline_passed(end); i++) {
		ret = sys_request_key(r->type, "desc", "callout_info",
				      KEY_SPEC_SESSION_KEYRING);
		if (ret < 0 && errno != ENOKEY && errno != ENOENT &&
		    errno != EDQUOT) {
			tst_res(TFAIL | TERRNO, "request_key(%s)", r->type);
			if (++errs > 3)
				break;
		}
	}
	tst_res(TINFO, "%s: %d request_key() calls", r->type, i);
	exit(0);
}

static void race(const struct race *r)
{
	long long end;
	pid_t add, req;
	int st_add, st_req;
	long ret;

	keys_private_session();
	ret = sys_add_key(r->type, "desc", r->payload, strlen(r->payload),
			  KEY_SPEC_SESSION_KEYRING);
	if (ret < 0 && errno == ENODEV) {
		tst_res(TCONF, "the kernel has no \"%s\" key type", r->type);
		exit(0);
	}
	if (ret < 0 && errno != EINVAL)
		tst_brk(TBROK | TERRNO, "add_key(%s) probe", r->type);
	KEYCTL(KEYCTL_CLEAR, KEY_SPEC_SESSION_KEYRING, 0, 0, 0);

	/* a time budget, not a wait: it is not scaled */
	end = tst_mono_ms() + RACE_SECS * 1000;
	add = SAFE_FORK();
	if (!add)
		adder(r, end);
	req = SAFE_FORK();
	if (!req)
		requester(r, end);
	/* an oops kills the process that hit it */
	SAFE_WAITPID(add, &st_add, 0);
	SAFE_WAITPID(req, &st_req, 0);
	if (WIFEXITED(st_add) && !WEXITSTATUS(st_add) &&
	    WIFEXITED(st_req) && !WEXITSTATUS(st_req))
		tst_res(TPASS, "%s: add_key() and request_key() raced for up "
			"to %d s, both ended normally", r->type, RACE_SECS);
	else
		tst_res(TFAIL, "%s: add_key() process status 0x%x, "
			"request_key() process status 0x%x", r->type, st_add,
			st_req);
	exit(0);
}

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (n == 0)
			check_negative_then_add();
		race(&races[n - 1]);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.test = run,
	.tcnt = 1 + ARRAY_SIZE(races),
	.forks_child = 1,
	.timeout = 60,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2017-15299"},
		/* KEYS: don't let add_key() update an uninstantiated key */
		{"linux-git", "60ff5b2f547a"},
		{"CVE", "2017-15951"},
		/* KEYS: Fix race between updating and finding a negative key */
		{"linux-git", "363b02dab09b"},
		{}
	},
};
