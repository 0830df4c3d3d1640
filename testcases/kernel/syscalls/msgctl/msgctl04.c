// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Only the owner, the creator or a CAP_SYS_ADMIN task may remove or
 * reconfigure a queue: a child that drops to nobody gets EPERM from
 * msgctl(IPC_RMID) and msgctl(IPC_SET) on a root-owned queue of mode
 * 0666, though it can read the queue (IPC_STAT passes, so the EPERM is
 * about ownership). The queue must still exist, unchanged, afterwards.
 */
#include "msgctl_common.h"

static int queue_id = -1;

static void child(void)
{
	struct msqid_ds ds;

	tst_drop_privs();

	TST_EXP_PASS(sys_msgctl(queue_id, IPC_STAT, &ds),
		     "nobody: msgctl(IPC_STAT) on a 0666 root queue");
	if (!TST_PASS)
		exit(0);

	TST_EXP_FAIL(sys_msgctl(queue_id, IPC_RMID, NULL), EPERM,
		     "nobody: msgctl(IPC_RMID) on a root queue");

	ds.msg_perm.mode = 0600;
	TST_EXP_FAIL(sys_msgctl(queue_id, IPC_SET, &ds), EPERM,
		     "nobody: msgctl(IPC_SET, mode 0600) on a root queue");
	exit(0);
}

static void run(void)
{
	struct msqid_ds ds;

	queue_id = new_queue(0666);

	if (!SAFE_FORK())
		child();
	tst_reap_children();

	TST_EXP_PASS(sys_msgctl(queue_id, IPC_STAT, &ds),
		     "root: msgctl(IPC_STAT): the queue still exists");
	if (TST_PASS)
		TST_EXP_EQ_LU(ds.msg_perm.mode & 0777, 0666);

	TST_EXP_PASS(sys_msgctl(queue_id, IPC_RMID, NULL),
		     "root: msgctl(IPC_RMID)");
	if (TST_PASS)
		queue_id = -1;
}

static void cleanup(void)
{
	drop_queue(&queue_id);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
