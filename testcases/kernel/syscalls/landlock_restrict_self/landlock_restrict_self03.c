// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * landlock_restrict_self() E2BIG: a thread's domain stacks at most
 * LANDLOCK_MAX_NUM_LAYERS (16) rulesets (landlock_merge_ruleset() in
 * security/landlock/ruleset.c of 6.1 and 6.12). In a child with
 * PR_SET_NO_NEW_PRIVS, a ruleset handling LANDLOCK_ACCESS_FS_WRITE_FILE
 * with no rule is enforced 16 times, each time successfully; the 17th
 * is E2BIG, and then the 16 layers still hold: opening a file for
 * writing is EACCES, reading it works.
 * TCONF when landlock is not enabled (EOPNOTSUPP, the reason printed).
 * Syscalls: landlock_restrict_self
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "landlock_raw.h"
#include "fsmeta.h"

#define MAX_LAYERS 16

static void child(void)
{
	int fd = ll_safe_ruleset(LL_ACCESS_FS_WRITE_FILE), i, ok = 0;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_NO_NEW_PRIVS)");
	for (i = 1; i <= MAX_LAYERS; i++) {
		if (ll_restrict_self(fd, 0)) {
			tst_res(TFAIL | TERRNO,
				"landlock_restrict_self() of layer %d", i);
			break;
		}
		ok++;
	}
	if (ok == MAX_LAYERS)
		tst_res(TPASS, "%d layers enforced", MAX_LAYERS);
	TST_EXP_FAIL(ll_restrict_self(fd, 0), E2BIG,
		     "landlock_restrict_self() of layer %d", MAX_LAYERS + 1);
	TST_EXP_FAIL(open("file", O_WRONLY), EACCES,
		     "open(O_WRONLY) in the 16-layer domain");
	TST_EXP_FD(open("file", O_RDONLY),
		   "open(O_RDONLY) in the 16-layer domain");
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	SAFE_CLOSE(fd);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		child();
	reap_child(pid);
}

static void setup(void)
{
	ll_abi_version();
	fsm_create_file("file", 0666, "x");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
