// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msgrcv() and the size of the caller's buffer, and its error paths:
 *  - a 10 byte message and a 4 byte buffer: E2BIG, and the message stays
 *    queued, whole (a later receive with room gets all 10 bytes);
 *  - the same with MSG_NOERROR: 4 bytes returned, nothing written past
 *    them, and the rest of the message discarded with it (queue empty);
 *  - an empty message fits a 0 byte buffer;
 *  - ENOMSG with IPC_NOWAIT on an empty queue;
 *  - EINVAL for a negative id and a size of (size_t)-1;
 *  - EFAULT for a buffer outside the address space;
 *  - EACCES for nobody on a root queue of mode 0600.
 */
#include "sysv_ipc.h"

#define TEXT "0123456789"
#define TEXT_LEN 10

struct msg {
	long mtype;
	char mtext[TEXT_LEN + 4];
};

static int queue_id = -1;

static void send_text(size_t len)
{
	struct msg msg = { 1, TEXT };

	if (msgsnd(queue_id, &msg, len, IPC_NOWAIT))
		tst_brk(TBROK | TERRNO, "msgsnd(%zu bytes)", len);
}

static void test_sizes(void)
{
	struct msg msg;

	send_text(TEXT_LEN);
	TST_EXP_FAIL(msgrcv(queue_id, &msg, 4, 0, IPC_NOWAIT), E2BIG,
		     "msgrcv(4 byte buffer) of a %d byte message", TEXT_LEN);
	TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qnum, 1);
	memset(&msg, 0, sizeof(msg));
	TEST(msgrcv(queue_id, &msg, TEXT_LEN, 0, IPC_NOWAIT));
	TST_EXP_EXPR(TST_RET == TEXT_LEN && !memcmp(msg.mtext, TEXT, TEXT_LEN),
		     "after E2BIG the message is still whole (got %ld bytes)",
		     TST_RET);

	send_text(TEXT_LEN);
	memset(&msg, 'x', sizeof(msg));
	TEST(msgrcv(queue_id, &msg, 4, 0, IPC_NOWAIT | MSG_NOERROR));
	TST_EXP_EXPR(TST_RET == 4 && !memcmp(msg.mtext, "0123x", 5),
		     "MSG_NOERROR: %ld bytes, \"%.5s\" (expected 4, \"0123x\")",
		     TST_RET, msg.mtext);
	TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qnum, 0);

	send_text(0);
	TST_EXP_VAL(msgrcv(queue_id, &msg, 0, 0, IPC_NOWAIT), 0,
		    "msgrcv(0 byte buffer) of an empty message");
}

static void as_nobody(void)
{
	struct msg msg;

	TST_EXP_FAIL(msgrcv(queue_id, &msg, TEXT_LEN, 0, IPC_NOWAIT), EACCES,
		     "nobody: msgrcv() from a root queue of mode 0600");
}

static void run(void)
{
	struct msg msg;

	queue_id = new_msgq(IPC_PRIVATE, 0600);
	test_sizes();

	TST_EXP_FAIL(msgrcv(queue_id, &msg, TEXT_LEN, 0, IPC_NOWAIT), ENOMSG,
		     "msgrcv(IPC_NOWAIT) on an empty queue");
	TST_EXP_FAIL(msgrcv(-1, &msg, TEXT_LEN, 0, IPC_NOWAIT), EINVAL,
		     "msgrcv(id -1)");

	send_text(TEXT_LEN);
	TST_EXP_FAIL(msgrcv(queue_id, &msg, (size_t)-1, 0, IPC_NOWAIT),
		     EINVAL, "msgrcv(size (size_t)-1)");
	run_as_nobody(as_nobody);
	TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qnum, 1);
	TST_EXP_FAIL(msgrcv(queue_id, (void *)-1, TEXT_LEN, 0, IPC_NOWAIT),
		     EFAULT, "msgrcv(msgp (void *)-1)");

	rm_msgq(&queue_id);
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
