// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The listing commands of msgctl():
 *  - IPC_INFO fills struct msginfo with the limits of /proc/sys/kernel
 *    (msgmax, msgmnb, msgmni) and returns the highest index in use, which
 *    is at least the index of a queue just created;
 *  - MSG_INFO counts at least that queue (msgpool), its 2 messages
 *    (msgmap) and their 20 bytes (msgtql);
 *  - MSG_STAT takes an index, not an id: walking the indexes up to the
 *    highest finds the queue, returns its full id and the same fields as
 *    IPC_STAT (key, msg_qnum);
 *  - nobody, without read permission on the 0600 queue, gets EACCES from
 *    MSG_STAT and IPC_STAT, but MSG_STAT_ANY (Linux 4.17) returns the id.
 */
#include "sysv_ipc.h"

static int queue_id = -1, queue_idx = -1;
static key_t key;

static void send_two(void)
{
	struct { long mtype; char mtext[10]; } msg = { 1, "123456789" };

	if (msgsnd(queue_id, &msg, 10, IPC_NOWAIT) ||
	    msgsnd(queue_id, &msg, 10, IPC_NOWAIT))
		tst_brk(TBROK | TERRNO, "msgsnd()");
}

static void check_limit(const char *name, long val)
{
	char path[64];
	long want;

	snprintf(path, sizeof(path), "/proc/sys/kernel/%s", name);
	if (!tst_file_read_long(path, &want))
		tst_brk(TBROK, "%s missing", path);
	TST_EXP_EXPR(val == want, "IPC_INFO %s %ld, %s says %ld", name, val,
		     path, want);
}

static void test_info(int *max_idx)
{
	struct msginfo info;

	memset(&info, 0, sizeof(info));
	TST_EXP_POSITIVE(msgctl(0, IPC_INFO, (struct msqid_ds *)&info),
			 "msgctl(IPC_INFO)");
	*max_idx = TST_RET;
	check_limit("msgmax", info.msgmax);
	check_limit("msgmnb", info.msgmnb);
	check_limit("msgmni", info.msgmni);

	memset(&info, 0, sizeof(info));
	TST_EXP_POSITIVE(msgctl(0, MSG_INFO, (struct msqid_ds *)&info),
			 "msgctl(MSG_INFO)");
	TST_EXP_EXPR(info.msgpool >= 1 && info.msgmap >= 2 &&
		     info.msgtql >= 20,
		     "MSG_INFO counts queues %d (>= 1), messages %d (>= 2), "
		     "bytes %d (>= 20)", info.msgpool, info.msgmap,
		     info.msgtql);
}

static void test_stat(int max_idx)
{
	struct msqid_ds ds;
	int idx;

	for (idx = 0; idx <= max_idx; idx++) {
		if (msgctl(idx, MSG_STAT, &ds) == queue_id) {
			queue_idx = idx;
			break;
		}
	}
	if (queue_idx < 0) {
		tst_res(TFAIL, "MSG_STAT of the indexes 0..%d never returned "
			"id %d", max_idx, queue_id);
		return;
	}
	tst_res(TPASS, "MSG_STAT(index %d) returned the queue's id %d",
		queue_idx, queue_id);
	TST_EXP_EQ_LU(ds.msg_perm.__key, key);
	TST_EXP_EQ_LU(ds.msg_qnum, 2);
	TST_EXP_EXPR(max_idx >= queue_idx, "IPC_INFO's highest index %d >= "
		     "the queue's index %d", max_idx, queue_idx);
}

static void as_nobody(void)
{
	struct msqid_ds ds;

	TST_EXP_FAIL(msgctl(queue_idx, MSG_STAT, &ds), EACCES,
		     "nobody: MSG_STAT of a root queue of mode 0600");
	TST_EXP_FAIL(msgctl(queue_id, IPC_STAT, &ds), EACCES,
		     "nobody: IPC_STAT of a root queue of mode 0600");
	TEST(msgctl(queue_idx, MSG_STAT_ANY, &ds));
	if (TST_RET == -1 && TST_ERR == EINVAL &&
	    tst_kvercmp(4, 17, 0) < 0) {
		tst_res(TCONF, "MSG_STAT_ANY is new in Linux 4.17");
		return;
	}
	TST_EXP_EXPR(TST_RET == queue_id && ds.msg_qnum == 2,
		     "nobody: MSG_STAT_ANY returned %ld (id %d), msg_qnum %lu",
		     TST_RET, queue_id, (unsigned long)ds.msg_qnum);
}

static void run(void)
{
	int max_idx = -1;

	key = ipc_key(0);
	queue_id = new_msgq(key, 0600);
	send_two();
	test_info(&max_idx);
	test_stat(max_idx);
	if (queue_idx >= 0)
		run_as_nobody(as_nobody);
	rm_msgq(&queue_id);
	queue_idx = -1;
}

static void cleanup(void)
{
	rm_msgq(&queue_id);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
