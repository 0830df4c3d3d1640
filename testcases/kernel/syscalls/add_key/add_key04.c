// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A keyring's associative array through a node split: 16 keyrings fill
 * the root node (keyrings share one slot), then a "user" key must go
 * elsewhere. Broken kernels dereferenced NULL while splitting that node
 * (CVE-2017-12193, fixed by ea6789980fda, "assoc_array: Fix a buggy
 * node-splitting case"). Here the adding process must survive, every key
 * must be listed in the keyring and the user key's payload read back;
 * 32 more user keys added and unlinked again (more splits, then
 * collapses) leave exactly the first 17 listed.
 * Syscalls: add_key
 */
#include <stdio.h>
#include <stdlib.h>
#include "tst_test.h"
#include "keys.h"

#define FAN_OUT 16

static void child(void)
{
	key_serial_t ring = keys_private_session();
	key_serial_t ids[FAN_OUT + 1], more[32];
	char desc[32], buf[16];
	int i, listed = 0;
	long n;

	for (i = 0; i < FAN_OUT; i++) {
		snprintf(desc, sizeof(desc), "keyring%d", i);
		ids[i] = sys_add_key("keyring", desc, NULL, 0, ring);
		if (ids[i] < 0)
			tst_brk(TBROK | TERRNO, "add_key(keyring %d)", i);
	}
	TST_EXP_POSITIVE(ids[FAN_OUT] = sys_add_key("user", "userkey",
						    "payload", 7, ring),
			 "a user key after %d keyrings", FAN_OUT);
	if (ids[FAN_OUT] < 0)
		exit(0);
	for (i = 0; i <= FAN_OUT; i++)
		listed += keys_ring_has(ring, ids[i]);
	TST_EXP_EXPR(listed == FAN_OUT + 1, "%d of %d keys listed", listed,
		     FAN_OUT + 1);
	n = KEYCTL(KEYCTL_READ, ids[FAN_OUT], buf, sizeof(buf), 0);
	TST_EXP_EXPR(n == 7 && !memcmp(buf, "payload", 7), "the user key "
		     "reads back");

	for (i = 0; i < 32; i++) {
		snprintf(desc, sizeof(desc), "more%d", i);
		more[i] = keys_add_user(desc, "x", ring);
	}
	for (i = 0; i < 32; i++) {
		if (KEYCTL(KEYCTL_UNLINK, more[i], ring, 0, 0))
			tst_brk(TBROK | TERRNO, "KEYCTL_UNLINK");
	}
	n = KEYCTL(KEYCTL_READ, ring, NULL, 0, 0);
	for (i = 0, listed = 0; i <= FAN_OUT; i++)
		listed += keys_ring_has(ring, ids[i]);
	TST_EXP_EXPR(n == (FAN_OUT + 1) * (long)sizeof(key_serial_t) &&
		     listed == FAN_OUT + 1, "after adding and unlinking 32 "
		     "more: exactly the 17 first listed (%ld bytes)", n);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	/* an oops in the kernel kills the child: reap_child() fails then */
	if (!pid)
		child();
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2017-12193"},
		/* assoc_array: Fix a buggy node-splitting case */
		{"linux-git", "ea6789980fda"},
		{}
	},
};
