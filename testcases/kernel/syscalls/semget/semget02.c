// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * semget() checks the access asked for in semflg against the set's mode:
 * nobody asking for read (0400) or alter (0200) on a root set of mode
 * 0600 gets EACCES, asking for nothing succeeds, and asking for read on a
 * set of mode 0604 ("other" read) succeeds; root (CAP_IPC_OWNER) gets a
 * set of mode 0000 whatever it asks for.
 */
#include "sysv_ipc.h"

static int id_0600 = -1, id_0604 = -1, id_0000 = -1;
static key_t key_0600, key_0604, key_0000;

static void setup(void)
{
	key_0600 = ipc_key(0);
	key_0604 = ipc_key(1);
	key_0000 = ipc_key(2);
	id_0600 = new_semset(key_0600, 1, 0600);
	id_0604 = new_semset(key_0604, 1, 0604);
	id_0000 = new_semset(key_0000, 1, 0000);
}

static void as_nobody(void)
{
	TST_EXP_FAIL(semget(key_0600, 1, 0400), EACCES,
		     "nobody: semget(root 0600 set, 0400)");
	TST_EXP_FAIL(semget(key_0600, 1, 0200), EACCES,
		     "nobody: semget(root 0600 set, 0200)");
	TST_EXP_VAL(semget(key_0600, 1, 0), id_0600,
		    "nobody: semget(root 0600 set, 0)");
	TST_EXP_VAL(semget(key_0604, 1, 0004), id_0604,
		    "nobody: semget(root 0604 set, 0004)");
	TST_EXP_FAIL(semget(key_0604, 1, 0606), EACCES,
		     "nobody: semget(root 0604 set, 0606)");
}

static void run(void)
{
	TST_EXP_VAL(semget(key_0000, 1, 0600), id_0000,
		    "root: semget(mode 0000 set, 0600)");
	run_as_nobody(as_nobody);
}

static void cleanup(void)
{
	rm_semset(&id_0600);
	rm_semset(&id_0604);
	rm_semset(&id_0000);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
