// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PR_SET_SECUREBITS / PR_GET_SECUREBITS:
 *  - bits set are read back; a forked child inherits them; execve()
 *    keeps them but clears SECBIT_KEEP_CAPS;
 *  - a locked bit cannot change and a lock cannot be cleared: EPERM, also
 *    PR_SET_KEEPCAPS under SECBIT_KEEP_CAPS_LOCKED; the other bits stay
 *    free to change;
 *  - EPERM for an unknown bit and, as nobody (no CAP_SETPCAP), for any
 *    change; PR_GET_SECUREBITS works for nobody;
 *  - their effect on a change of uid from root to nobody: by default the
 *    permitted and effective sets are cleared; with SECBIT_KEEP_CAPS the
 *    permitted set is kept and the effective one cleared; with
 *    SECBIT_NO_SETUID_FIXUP both are kept.
 * Each part runs in a child, so the test process keeps its bits.
 */
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <linux/securebits.h>
#include "caps_raw.h"
#include "exec_child_run.h"
#include "task_wait.h"

static uid_t nobody;

static long set_bits(unsigned long bits)
{
	return prctl(PR_SET_SECUREBITS, bits, 0, 0, 0);
}

static long get_bits(void)
{
	return prctl(PR_GET_SECUREBITS, 0, 0, 0, 0);
}

static void child_locks(void)
{
	unsigned long kc = SECBIT_KEEP_CAPS | SECBIT_KEEP_CAPS_LOCKED;
	char opt[8], want[16];
	pid_t pid;

	TST_EXP_VAL(get_bits(), 0, "PR_GET_SECUREBITS in a fresh child");
	TST_EXP_FAIL(set_bits(1UL << 20), EPERM, "unknown bit 20");
	TST_EXP_PASS(set_bits(SECBIT_KEEP_CAPS));
	TST_EXP_VAL(get_bits(), SECBIT_KEEP_CAPS);
	TST_EXP_VAL(prctl(PR_GET_KEEPCAPS, 0, 0, 0, 0), 1,
		    "PR_GET_KEEPCAPS with SECBIT_KEEP_CAPS");
	TST_EXP_PASS(set_bits(kc), "set and lock SECBIT_KEEP_CAPS");
	TST_EXP_FAIL(set_bits(SECBIT_KEEP_CAPS_LOCKED), EPERM,
		     "clear the locked SECBIT_KEEP_CAPS");
	TST_EXP_FAIL(set_bits(SECBIT_KEEP_CAPS), EPERM,
		     "clear SECBIT_KEEP_CAPS_LOCKED");
	TST_EXP_FAIL(prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0), EPERM,
		     "PR_SET_KEEPCAPS 0 under SECBIT_KEEP_CAPS_LOCKED");
	TST_EXP_PASS(set_bits(kc | SECBIT_NOROOT), "set SECBIT_NOROOT too");
	TST_EXP_PASS(set_bits(kc), "clear SECBIT_NOROOT again");
	TST_EXP_PASS(set_bits(kc | SECBIT_NO_CAP_AMBIENT_RAISE));
	TST_EXP_VAL(get_bits(), kc | SECBIT_NO_CAP_AMBIENT_RAISE);

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_VAL(get_bits(), kc | SECBIT_NO_CAP_AMBIENT_RAISE,
			    "PR_GET_SECUREBITS in a forked child");
		exit(0);
	}
	reap_child(pid);

	snprintf(opt, sizeof(opt), "%d", PR_GET_SECUREBITS);
	snprintf(want, sizeof(want), "%lu", (unsigned long)
		 (SECBIT_KEEP_CAPS_LOCKED | SECBIT_NO_CAP_AMBIENT_RAISE));
	pid = SAFE_FORK();
	if (!pid)
		exec_child((char *[]){ EXEC_CHILD_NAME, "prctl", opt, "0", "0",
				       want, NULL }, (char *[]){ NULL });
	exec_child_report(pid, "after execve the bits are kept, except "
			  "SECBIT_KEEP_CAPS");
	exit(0);
}

/* Change to nobody with bits set; check what is left of the caps. */
static void child_setuid(unsigned long bits, int keep_prm, int keep_eff)
{
	struct cap_sets s;

	if (set_bits(bits))
		tst_brk(TBROK | TERRNO, "PR_SET_SECUREBITS %#lx", bits);
	if (setresuid(nobody, nobody, nobody))
		tst_brk(TBROK | TERRNO, "setresuid(nobody)");
	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget()");
	TST_EXP_EXPR(!!s.prm == keep_prm && !!s.eff == keep_eff,
		     "securebits %#lx, root to nobody: permitted %#llx, "
		     "effective %#llx (expected %s, %s)", bits,
		     (unsigned long long)s.prm, (unsigned long long)s.eff,
		     keep_prm ? "kept" : "empty", keep_eff ? "kept" : "empty");
	TST_EXP_VAL(get_bits(), bits, "PR_GET_SECUREBITS as nobody");
	if (!keep_eff)
		TST_EXP_FAIL(set_bits(bits ^ SECBIT_NOROOT), EPERM,
			     "nobody without CAP_SETPCAP changes a bit");
	exit(0);
}

static void run(void)
{
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		child_locks();
	reap_child(pid);

	pid = SAFE_FORK();
	if (!pid)
		child_setuid(0, 0, 0);
	reap_child(pid);
	pid = SAFE_FORK();
	if (!pid)
		child_setuid(SECBIT_KEEP_CAPS, 1, 0);
	reap_child(pid);
	pid = SAFE_FORK();
	if (!pid)
		child_setuid(SECBIT_NO_SETUID_FIXUP, 1, 1);
	reap_child(pid);
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	nobody = pw ? pw->pw_uid : 65534;
	exec_child_path();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
