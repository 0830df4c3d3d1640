// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PR_SET_DUMPABLE takes 0 or 1 (EINVAL for 2, which only the kernel sets
 * from fs.suid_dumpable, and for 3) and PR_GET_DUMPABLE reads it back; a
 * forked child inherits it. Changing uid resets it to fs.suid_dumpable.
 * The visible effect: the /proc/<pid> files of a non-dumpable process
 * belong to root, those of a dumpable one to its owner.
 */
#include <stdlib.h>
#include <sys/prctl.h>
#include "task_wait.h"

static long suid_dumpable;

static uid_t proc_owner(void)
{
	struct stat st;

	SAFE_STAT("/proc/self/status", &st);
	return st.st_uid;
}

static void as_root(void)
{
	pid_t child;

	TST_EXP_PASS(prctl(PR_SET_DUMPABLE, 0, 0, 0, 0));
	TST_EXP_VAL(prctl(PR_GET_DUMPABLE, 0, 0, 0, 0), 0);
	child = SAFE_FORK();
	if (!child) {
		TST_EXP_VAL(prctl(PR_GET_DUMPABLE, 0, 0, 0, 0), 0,
			    "PR_GET_DUMPABLE in a forked child");
		exit(0);
	}
	reap_child(child);
	TST_EXP_PASS(prctl(PR_SET_DUMPABLE, 1, 0, 0, 0));
	TST_EXP_VAL(prctl(PR_GET_DUMPABLE, 0, 0, 0, 0), 1);
	TST_EXP_FAIL(prctl(PR_SET_DUMPABLE, 2, 0, 0, 0), EINVAL,
		     "prctl(PR_SET_DUMPABLE, 2)");
	TST_EXP_FAIL(prctl(PR_SET_DUMPABLE, 3, 0, 0, 0), EINVAL,
		     "prctl(PR_SET_DUMPABLE, 3)");
	TST_EXP_VAL(prctl(PR_GET_DUMPABLE, 0, 0, 0, 0), 1,
		    "the failed calls left it at 1");
	exit(0);
}

static void as_nobody(void)
{
	uid_t nobody;

	tst_drop_privs();
	nobody = getuid();
	TST_EXP_VAL(prctl(PR_GET_DUMPABLE, 0, 0, 0, 0), suid_dumpable,
		    "after setuid() dumpable is fs.suid_dumpable");
	TST_EXP_PASS(prctl(PR_SET_DUMPABLE, 1, 0, 0, 0));
	TST_EXP_EXPR(proc_owner() == nobody, "dumpable: /proc/self belongs to"
		     " the process's user (%d)", (int)proc_owner());
	TST_EXP_PASS(prctl(PR_SET_DUMPABLE, 0, 0, 0, 0));
	TST_EXP_EXPR(proc_owner() == 0, "non-dumpable: /proc/self belongs to"
		     " root (%d)", (int)proc_owner());
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		as_root();
	else
		reap_child(pid);
	pid = SAFE_FORK();
	if (!pid)
		as_nobody();
	reap_child(pid);
}

static void setup(void)
{
	if (!tst_file_read_long("/proc/sys/fs/suid_dumpable", &suid_dumpable))
		tst_brk(TCONF, "no /proc/sys/fs/suid_dumpable");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
