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
#define IPC_CALL "msgget"
#define IPC_OBJ "queue"
#define IPC_GET(key, flg) msgget(key, flg)
#define IPC_NEW(key, mode) new_msgq(key, mode)
#define IPC_RM(idp) rm_msgq(idp)
#define IPC_NOBODY_MORE nobody_creates_queue
#include "ipcget_perm_test.h"

/* a queue nobody creates is owned by nobody */
static void nobody_creates_queue(void)
{
	struct msqid_ds ds;
	int id;

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

static struct tst_test test = {
	.test_all = ipcget_run,
	.setup = ipcget_setup,
	.cleanup = ipcget_cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
