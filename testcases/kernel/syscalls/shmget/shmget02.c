// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shmget() checks the access asked for in shmflg against the segment's
 * mode: nobody asking for read (0400) or write (0200) on a root segment
 * of mode 0600 gets EACCES, asking for nothing succeeds, asking for read
 * on a segment of mode 0604 ("other" read) succeeds but not for read and
 * write; root (CAP_IPC_OWNER) gets a segment of mode 0000.
 */
#include "sysv_ipc.h"

static int id_0600 = -1, id_0604 = -1, id_0000 = -1;
static key_t key_0600, key_0604, key_0000;

static void setup(void)
{
	key_0600 = ipc_key(0);
	key_0604 = ipc_key(1);
	key_0000 = ipc_key(2);
	id_0600 = new_shm(key_0600, 4096, 0600);
	id_0604 = new_shm(key_0604, 4096, 0604);
	id_0000 = new_shm(key_0000, 4096, 0000);
}

static void as_nobody(void)
{
	TST_EXP_FAIL(shmget(key_0600, 0, 0400), EACCES,
		     "nobody: shmget(root 0600 segment, 0400)");
	TST_EXP_FAIL(shmget(key_0600, 0, 0200), EACCES,
		     "nobody: shmget(root 0600 segment, 0200)");
	TST_EXP_VAL(shmget(key_0600, 0, 0), id_0600,
		    "nobody: shmget(root 0600 segment, 0)");
	TST_EXP_VAL(shmget(key_0604, 0, 0004), id_0604,
		    "nobody: shmget(root 0604 segment, 0004)");
	TST_EXP_FAIL(shmget(key_0604, 0, 0606), EACCES,
		     "nobody: shmget(root 0604 segment, 0606)");
}

static void run(void)
{
	TST_EXP_VAL(shmget(key_0000, 0, 0600), id_0000,
		    "root: shmget(mode 0000 segment, 0600)");
	run_as_nobody(as_nobody);
}

static void cleanup(void)
{
	rm_shm(&id_0600);
	rm_shm(&id_0604);
	rm_shm(&id_0000);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
