// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msgget() checks the access the caller asks for in msgflg against the
 * queue's mode:
 *  - nobody asking for read (0400) or write (0200) on a root queue of mode
 *    0600 gets EACCES, while asking for nothing (msgflg 0) succeeds;
 *  - on a root queue of mode 0604 nobody may ask for read ("other" read
 *    bit) but not for read and write (EACCES);
 *  - root (CAP_IPC_OWNER) gets a queue of mode 0000 whatever it asks for;
 *  - a queue nobody creates is owned by nobody.
 */
#include "sysv_ipc.h"

static int id_0600 = -1, id_0604 = -1, id_0000 = -1;
static key_t key_0600, key_0604, key_0000;

static void setup(void)
{
	key_0600 = ipc_key(0);
	key_0604 = ipc_key(1);
	key_0000 = ipc_key(2);
	id_0600 = new_msgq(key_0600, 0600);
	id_0604 = new_msgq(key_0604, 0604);
	id_0000 = new_msgq(key_0000, 0000);
}

static void as_nobody(void)
{
	struct msqid_ds ds;
	int id;

	TST_EXP_FAIL(msgget(key_0600, 0400), EACCES,
		     "nobody: msgget(root 0600 queue, 0400)");
	TST_EXP_FAIL(msgget(key_0600, 0200), EACCES,
		     "nobody: msgget(root 0600 queue, 0200)");
	TST_EXP_VAL(msgget(key_0600, 0), id_0600,
		    "nobody: msgget(root 0600 queue, 0) asks for no access");
	TST_EXP_VAL(msgget(key_0604, 0004), id_0604,
		    "nobody: msgget(root 0604 queue, 0004)");
	TST_EXP_FAIL(msgget(key_0604, 0606), EACCES,
		     "nobody: msgget(root 0604 queue, 0606)");

	id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	if (id < 0) {
		tst_res(TFAIL | TERRNO, "nobody: msgget(IPC_PRIVATE)");
		return;
	}
	if (msgctl(id, IPC_STAT, &ds)) {
		tst_res(TFAIL | TERRNO, "nobody: IPC_STAT of its own queue");
	} else {
		TST_EXP_EQ_LU(ds.msg_perm.uid, geteuid());
		TST_EXP_EQ_LU(ds.msg_perm.cuid, geteuid());
	}
	rm_msgq(&id);
}

static void run(void)
{
	TST_EXP_VAL(msgget(key_0000, 0600), id_0000,
		    "root: msgget(mode 0000 queue, 0600)");
	run_as_nobody(as_nobody);
}

static void cleanup(void)
{
	rm_msgq(&id_0600);
	rm_msgq(&id_0604);
	rm_msgq(&id_0000);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
