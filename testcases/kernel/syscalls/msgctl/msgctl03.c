// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Error paths of message queue calls, each with its exact errno:
 *  - EINVAL for msgctl(IPC_STAT, IPC_SET, IPC_RMID), msgsnd() and msgrcv()
 *    on the id of a queue that was removed;
 *  - EINVAL for a negative id, and for an unknown or negative command on
 *    a live queue;
 *  - EFAULT for IPC_STAT and IPC_SET with a buf outside the address space.
 */
#include "msgctl_common.h"

static int live_id = -1;
static int removed_id = -1;
static struct msqid_ds ds;
static void *const bad_buf = (void *)-1;

static struct {
	long mtype;
	char mtext[8];
} msg = { 1, "message" };

static void setup(void)
{
	live_id = new_queue(0600);
	removed_id = new_queue(0600);
	if (msgctl(removed_id, IPC_STAT, &ds))
		tst_brk(TBROK | TERRNO, "msgctl(%d, IPC_STAT)", removed_id);
	if (msgctl(removed_id, IPC_RMID, NULL))
		tst_brk(TBROK | TERRNO, "msgctl(%d, IPC_RMID)", removed_id);
}

static void run(void)
{
	struct msqid_ds buf;

	TST_EXP_FAIL(sys_msgctl(removed_id, IPC_STAT, &buf), EINVAL,
		     "msgctl(removed id, IPC_STAT)");
	TST_EXP_FAIL(sys_msgctl(removed_id, IPC_SET, &ds), EINVAL,
		     "msgctl(removed id, IPC_SET)");
	TST_EXP_FAIL(sys_msgctl(removed_id, IPC_RMID, NULL), EINVAL,
		     "msgctl(removed id, IPC_RMID)");
	TST_EXP_FAIL(msgsnd(removed_id, &msg, sizeof(msg.mtext), IPC_NOWAIT),
		     EINVAL, "msgsnd(removed id)");
	TST_EXP_FAIL(msgrcv(removed_id, &msg, sizeof(msg.mtext), 0,
			    IPC_NOWAIT), EINVAL, "msgrcv(removed id)");

	TST_EXP_FAIL(sys_msgctl(-1, IPC_STAT, &buf), EINVAL,
		     "msgctl(-1, IPC_STAT)");
	TST_EXP_FAIL(sys_msgctl(live_id, -1, &buf), EINVAL,
		     "msgctl(live id, cmd -1)");
	TST_EXP_FAIL(sys_msgctl(live_id, 0x7fff, &buf), EINVAL,
		     "msgctl(live id, unknown cmd 0x7fff)");

	TST_EXP_FAIL(sys_msgctl(live_id, IPC_STAT, bad_buf), EFAULT,
		     "msgctl(live id, IPC_STAT, (void *)-1)");
	TST_EXP_FAIL(sys_msgctl(live_id, IPC_SET, bad_buf), EFAULT,
		     "msgctl(live id, IPC_SET, (void *)-1)");

	/* none of the refused calls may have removed the live queue */
	TST_EXP_PASS(sys_msgctl(live_id, IPC_STAT, &buf),
		     "msgctl(live id, IPC_STAT) after the failed calls");
}

static void cleanup(void)
{
	drop_queue(&live_id);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};
