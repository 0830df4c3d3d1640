// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msgget() creates and finds queues by key:
 *  - IPC_PRIVATE always creates a new queue (two calls, two ids);
 *  - IPC_CREAT on a free key creates an empty queue whose IPC_STAT shows
 *    the key, the mode bits given, the caller as owner and creator, and
 *    msg_qbytes equal to kernel.msgmnb;
 *  - the key then finds the same id, with or without IPC_CREAT;
 *  - IPC_CREAT | IPC_EXCL on the existing key fails with EEXIST;
 *  - without IPC_CREAT a key with no queue fails with ENOENT, also the key
 *    of a queue that was removed.
 */
#include "sysv_ipc.h"

static int private_ids[2] = { -1, -1 };
static int keyed_id = -1;
static key_t key, unused_key;

static void setup(void)
{
	key = ipc_key(0);
	unused_key = ipc_key(1);
}

static void test_private(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		TST_EXP_FD(msgget(IPC_PRIVATE, IPC_CREAT | 0600),
			   "msgget(IPC_PRIVATE) #%d", i + 1);
		private_ids[i] = TST_RET;
	}
	if (private_ids[0] >= 0 && private_ids[1] >= 0)
		TST_EXP_EXPR(private_ids[0] != private_ids[1],
			     "IPC_PRIVATE gave two queues (ids %d, %d)",
			     private_ids[0], private_ids[1]);
	rm_msgq(&private_ids[0]);
	rm_msgq(&private_ids[1]);
}

static void test_keyed(void)
{
	struct msqid_ds ds;
	long msgmnb;

	TST_EXP_FD(msgget(key, IPC_CREAT | IPC_EXCL | 0640),
		   "msgget(0x%x, IPC_CREAT | IPC_EXCL | 0640)",
		   (unsigned int)key);
	if (!TST_PASS)
		return;
	keyed_id = TST_RET;

	ds = msgq_stat(keyed_id);
	TST_EXP_EQ_LU(ds.msg_perm.__key, key);
	TST_EXP_EQ_LU(ds.msg_perm.mode & 0777, 0640);
	TST_EXP_EQ_LU(ds.msg_perm.uid, geteuid());
	TST_EXP_EQ_LU(ds.msg_perm.cuid, geteuid());
	TST_EXP_EQ_LU(ds.msg_perm.gid, getegid());
	TST_EXP_EQ_LU(ds.msg_perm.cgid, getegid());
	TST_EXP_EQ_LU(ds.msg_qnum, 0);
	TST_EXP_EQ_LU(ds.msg_lspid, 0);
	TST_EXP_EQ_LU(ds.msg_lrpid, 0);
	if (tst_file_read_long("/proc/sys/kernel/msgmnb", &msgmnb))
		TST_EXP_EQ_LU(ds.msg_qbytes, msgmnb);

	TST_EXP_VAL(msgget(key, 0), keyed_id, "msgget(key, 0) finds it");
	TST_EXP_VAL(msgget(key, IPC_CREAT | 0600), keyed_id,
		    "msgget(key, IPC_CREAT) finds it");
	TST_EXP_FAIL(msgget(key, IPC_CREAT | IPC_EXCL | 0600), EEXIST,
		     "msgget(existing key, IPC_CREAT | IPC_EXCL)");

	rm_msgq(&keyed_id);
	TST_EXP_FAIL(msgget(key, 0600), ENOENT, "msgget(key of removed queue)");
}

static void run(void)
{
	test_private();
	test_keyed();
	TST_EXP_FAIL(msgget(unused_key, 0600), ENOENT,
		     "msgget(0x%x, no IPC_CREAT) on a key never used",
		     (unsigned int)unused_key);
}

static void cleanup(void)
{
	rm_msgq(&private_ids[0]);
	rm_msgq(&private_ids[1]);
	rm_msgq(&keyed_id);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};
