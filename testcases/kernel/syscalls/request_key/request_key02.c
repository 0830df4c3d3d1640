// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * request_key() of a missing key with callout info starts the upcall
 * /sbin/request-key; when the upcall fails (here: there is no such
 * program), the kernel negates the key and request_key() fails with the
 * upcall's error, ENOENT from the exec of the missing program, leaving a
 * negative key in the destination keyring.
 * That key is described by KEYCTL_DESCRIBE ("user;...;<description>"),
 * KEYCTL_READ of it fails with ENOKEY, and a second request_key() without
 * callout and KEYCTL_SEARCH find the negative key and fail with ENOKEY.
 *
 * Regression (CVE-2017-12192, fixed by 37863c43b2c6 "KEYS: prevent
 * KEYCTL_READ on negative key"): KEYCTL_READ of a negative key called
 * the type's read method on a key with no payload, a NULL dereference
 * (oops).
 *
 * A system with a request-key helper installed is skipped (TCONF): the
 * helper's configuration decides what happens to the key there.
 * Syscalls: request_key, keyctl
 */
#include <stdio.h>
#include <unistd.h>
#include "keys.h"

#define HELPER "/sbin/request-key"

static void run(void)
{
	key_serial_t dest, ids[8];
	char desc[64], exp_tail[80], info[256];
	long len, n;
	size_t ilen, tlen;

	keys_private_session();
	dest = sys_add_key("keyring", "ltp_request_key02_dest", NULL, 0,
			   KEY_SPEC_SESSION_KEYRING);
	if (dest < 0)
		tst_brk(TBROK | TERRNO, "add_key(\"keyring\")");
	snprintf(desc, sizeof(desc), "ltp_request_key02_%d_%u", (int)getpid(),
		 tst_iteration);

	TST_EXP_FAIL(sys_request_key("user", desc, "ltp callout info", dest),
		     ENOENT, "request_key(\"user\", \"%s\") with callout info "
		     "and no %s", desc, HELPER);

	len = KEYCTL(KEYCTL_READ, dest, ids, sizeof(ids), 0);
	if (len < 0)
		tst_brk(TBROK | TERRNO, "keyctl(KEYCTL_READ, keyring %d)",
			(int)dest);
	n = len / (long)sizeof(key_serial_t);
	TST_EXP_EQ_LI(n, 1);
	if (n != 1)
		return;

	snprintf(exp_tail, sizeof(exp_tail), ";%s", desc);
	memset(info, 0, sizeof(info));
	TST_EXP_POSITIVE(KEYCTL(KEYCTL_DESCRIBE, ids[0], info, sizeof(info),
				0), "KEYCTL_DESCRIBE of the negative key %d",
			 (int)ids[0]);
	ilen = strlen(info);
	tlen = strlen(exp_tail);
	TST_EXP_EXPR(!strncmp(info, "user;", 5) && ilen > tlen &&
		     !strcmp(info + ilen - tlen, exp_tail),
		     "key %d is described as \"%s\"", (int)ids[0], info);

	TST_EXP_FAIL(KEYCTL(KEYCTL_READ, ids[0], info, sizeof(info), 0), ENOKEY,
		     "KEYCTL_READ of the negative key");
	TST_EXP_FAIL(KEYCTL(KEYCTL_READ, ids[0], NULL, 0, 0), ENOKEY,
		     "KEYCTL_READ of the negative key, NULL buffer");
	TST_EXP_FAIL(sys_request_key("user", desc, NULL, 0), ENOKEY,
		     "request_key() again, no callout: the negative key");
	TST_EXP_FAIL(KEYCTL(KEYCTL_SEARCH, dest, "user", desc, 0), ENOKEY,
		     "KEYCTL_SEARCH finds only the negative key");
}

static void setup(void)
{
	if (!access(HELPER, F_OK))
		tst_brk(TCONF, "%s is installed: its configuration decides "
			"what becomes of the requested key", HELPER);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "37863c43b2c6"},
		{"CVE", "2017-12192"},
		{}
	},
};
