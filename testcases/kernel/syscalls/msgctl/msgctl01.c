// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msgctl(IPC_RMID) ignores its third argument: the queue (holding a
 * message) is removed whether buf is NULL, a valid struct msqid_ds, or a
 * pointer outside the address space, and a valid buf is left untouched.
 * That the queue is gone is checked by IPC_STAT on its id (EINVAL).
 *
 * Upstream reference: kernel commit 19402081af47.
 */
#include "msgctl_common.h"

enum buf_kind { BUF_NULL, BUF_VALID, BUF_INVALID };

static const char *const buf_names[] = {
	[BUF_NULL] = "NULL",
	[BUF_VALID] = "a valid struct msqid_ds",
	[BUF_INVALID] = "(void *)-1",
};

static int queue_id = -1;

static void run(unsigned int n)
{
	struct msqid_ds ds, untouched, stat_buf;
	struct {
		long mtype;
		char mtext[8];
	} msg = { 1, "queued" };
	void *buf = NULL;

	queue_id = new_queue(0600);
	if (msgsnd(queue_id, &msg, sizeof(msg.mtext), IPC_NOWAIT))
		tst_brk(TBROK | TERRNO, "msgsnd(%d)", queue_id);

	if (n == BUF_VALID) {
		memset(&ds, 0x5a, sizeof(ds));
		untouched = ds;
		buf = &ds;
	} else if (n == BUF_INVALID) {
		buf = (void *)-1;
	}

	TST_EXP_PASS(sys_msgctl(queue_id, IPC_RMID, buf),
		     "msgctl(%d, IPC_RMID, %s)", queue_id, buf_names[n]);
	if (!TST_PASS) {
		drop_queue(&queue_id);
		return;
	}

	if (n == BUF_VALID)
		TST_EXP_EXPR(!memcmp(&ds, &untouched, sizeof(ds)),
			     "IPC_RMID left the caller's buf untouched");

	TST_EXP_FAIL(sys_msgctl(queue_id, IPC_STAT, &stat_buf), EINVAL,
		     "msgctl(IPC_STAT) on the removed id %d", queue_id);
	if (TST_RET == 0)
		drop_queue(&queue_id);
	queue_id = -1;
}

static void cleanup(void)
{
	drop_queue(&queue_id);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.cleanup = cleanup,
	.tags = (const struct tst_tag[]) {
		{ "linux-git", "19402081af47" },
		{}
	},
};
