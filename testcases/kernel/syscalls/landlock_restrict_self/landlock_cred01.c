// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2024-42318: a landlock domain survives keyctl(
 * KEYCTL_SESSION_TO_PARENT). That call makes the parent replace its
 * credentials with blank ones filled by the security_transfer_creds()
 * hook (security/keys/process_keys.c: key_change_session_keyring());
 * landlock had no cred_transfer hook, so the parent left its domain.
 * Fixed by 39705a6c29f8 ("landlock: Don't lose track of restrictions
 * on cred_transfer", 6.11, backported to 6.1).
 * A process P joins a session keyring of its own and restricts itself
 * with a ruleset handling LANDLOCK_ACCESS_FS_WRITE_FILE and no rule:
 * opening /dev/null for writing is EACCES, for reading works. Its child
 * joins another new session keyring and asks KEYCTL_SESSION_TO_PARENT
 * (returns 0). When P returns to user space its session keyring is the
 * child's (read back: the transfer did happen), and opening /dev/null
 * for writing is still EACCES, for reading still works.
 * TCONF when landlock is off (the reason printed).
 */
#include <stdlib.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "keys.h"
#include "landlock_raw.h"

static key_serial_t session_id(void)
{
	long id = KEYCTL(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0,
			 0, 0);

	if (id < 0)
		tst_brk(TBROK | TERRNO, "keyctl(GET_KEYRING_ID, session)");
	return id;
}

static void houdini(void)
{
	struct ll_ruleset_attr attr = {
		.handled_access_fs = LL_ACCESS_FS_WRITE_FILE,
	};
	long msg[3];
	key_serial_t before, after;
	int p[2];
	pid_t pid;

	keys_private_session();
	ll_safe_enforce(ll_safe_ruleset_attr(&attr, sizeof(attr)));
	TST_EXP_FAIL(ll_try_open("/dev/null", O_WRONLY), EACCES,
		     "open(/dev/null, O_WRONLY) in the domain");
	TST_EXP_PASS(ll_try_open("/dev/null", O_RDONLY),
		     "open(/dev/null, O_RDONLY) in the domain");
	before = session_id();

	SAFE_PIPE(p);
	pid = SAFE_FORK();
	if (!pid) {
		msg[0] = keys_private_session();
		msg[1] = KEYCTL(KEYCTL_SESSION_TO_PARENT, 0, 0, 0, 0);
		msg[2] = errno;
		SAFE_WRITE(1, p[1], msg, sizeof(msg));
		exit(0);
	}
	/* the replacement is applied as this read returns to user space */
	if (read(p[0], msg, sizeof(msg)) != sizeof(msg))
		tst_brk(TBROK | TERRNO, "read(child's answer)");
	reap_child(pid);
	if (msg[1]) {
		errno = msg[2];
		tst_res(TFAIL | TERRNO, "keyctl(KEYCTL_SESSION_TO_PARENT)");
		return;
	}
	after = session_id();
	TST_EXP_EXPR(after == msg[0] && after != before,
		     "the session keyring is the child's (%d, was %d, "
		     "child's %ld): the credentials were replaced", after,
		     before, msg[0]);
	TST_EXP_FAIL(ll_try_open("/dev/null", O_WRONLY), EACCES,
		     "open(/dev/null, O_WRONLY) after the credential transfer");
	TST_EXP_PASS(ll_try_open("/dev/null", O_RDONLY),
		     "open(/dev/null, O_RDONLY) after the credential transfer");
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		houdini();
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	ll_abi_version();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "39705a6c29f8"},
		{"CVE", "2024-42318"},
		{}
	},
};
