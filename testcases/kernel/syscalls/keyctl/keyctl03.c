// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KEYCTL_SET_REQKEY_KEYRING sets the default keyring of request_key() and
 * returns the previous setting; KEY_REQKEY_DEFL_NO_CHANGE only returns the
 * current one, KEY_REQKEY_DEFL_GROUP_KEYRING (6) and unknown values fail
 * with EINVAL.
 *
 * Regression (CVE-2017-7472, fixed by c9f838d104fe "KEYS: fix
 * keyctl_set_reqkey_keyring() to not leak thread keyrings"): setting
 * KEY_REQKEY_DEFL_THREAD_KEYRING installs a thread keyring only when the
 * thread has none. A buggy kernel made a new one on every call, leaking
 * the previous (an unprivileged loop of these calls exhausted kernel
 * memory); here the thread keyring's ID must stay the same over 100
 * calls. Runs in a new process, which starts without a thread keyring.
 */
#include <stdlib.h>
#include "keys.h"

#define CALLS 100

static void child(void)
{
	long first, id;
	int i, changed = 0, failed = 0;

	TST_EXP_FAIL(KEYCTL(KEYCTL_GET_KEYRING_ID, KEY_SPEC_THREAD_KEYRING, 0,
			    0, 0), ENOKEY,
		     "no thread keyring in a new process");
	TST_EXP_VAL(KEYCTL(KEYCTL_SET_REQKEY_KEYRING,
			   KEY_REQKEY_DEFL_THREAD_KEYRING, 0, 0, 0),
		    KEY_REQKEY_DEFL_DEFAULT,
		    "KEYCTL_SET_REQKEY_KEYRING(THREAD) returns the default");
	TST_EXP_VAL(KEYCTL(KEYCTL_SET_REQKEY_KEYRING, KEY_REQKEY_DEFL_NO_CHANGE,
			   0, 0, 0), KEY_REQKEY_DEFL_THREAD_KEYRING,
		    "KEYCTL_SET_REQKEY_KEYRING(NO_CHANGE) returns THREAD");
	TST_EXP_POSITIVE(KEYCTL(KEYCTL_GET_KEYRING_ID, KEY_SPEC_THREAD_KEYRING,
				0, 0, 0), "a thread keyring was installed");
	if (!TST_PASS)
		exit(0);
	first = TST_RET;

	for (i = 0; i < CALLS; i++) {
		if (KEYCTL(KEYCTL_SET_REQKEY_KEYRING,
			   KEY_REQKEY_DEFL_THREAD_KEYRING, 0, 0, 0) !=
		    KEY_REQKEY_DEFL_THREAD_KEYRING) {
			failed++;
			continue;
		}
		id = KEYCTL(KEYCTL_GET_KEYRING_ID, KEY_SPEC_THREAD_KEYRING, 0,
			    0, 0);
		if (id != first)
			changed++;
	}
	if (failed)
		tst_res(TFAIL | TERRNO, "%d of %d KEYCTL_SET_REQKEY_KEYRING"
			"(THREAD) calls did not return THREAD", failed, CALLS);
	if (changed)
		tst_res(TFAIL, "thread keyring replaced in %d of %d calls: "
			"leaked thread keyrings", changed, CALLS);
	else if (!failed)
		tst_res(TPASS, "thread keyring %ld kept over %d calls of "
			"KEYCTL_SET_REQKEY_KEYRING(THREAD)", first, CALLS);

	TST_EXP_VAL(KEYCTL(KEYCTL_SET_REQKEY_KEYRING, KEY_REQKEY_DEFL_DEFAULT,
			   0, 0, 0), KEY_REQKEY_DEFL_THREAD_KEYRING,
		    "KEYCTL_SET_REQKEY_KEYRING(DEFAULT)");
	TST_EXP_FAIL(KEYCTL(KEYCTL_SET_REQKEY_KEYRING, 6, 0, 0, 0), EINVAL,
		     "KEYCTL_SET_REQKEY_KEYRING(GROUP_KEYRING)");
	TST_EXP_FAIL(KEYCTL(KEYCTL_SET_REQKEY_KEYRING, 99, 0, 0, 0), EINVAL,
		     "KEYCTL_SET_REQKEY_KEYRING(99)");
	TST_EXP_VAL(KEYCTL(KEYCTL_SET_REQKEY_KEYRING, KEY_REQKEY_DEFL_NO_CHANGE,
			   0, 0, 0), KEY_REQKEY_DEFL_DEFAULT,
		    "the failed calls left the setting at DEFAULT");
	exit(0);
}

static void run(void)
{
	if (!SAFE_FORK())
		child();
	tst_reap_children();
}

static void setup(void)
{
	keys_private_session();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "c9f838d104fe"},
		{"CVE", "2017-7472"},
		{}
	},
};
