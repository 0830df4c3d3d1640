// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msgsnd() queues a copy of the message and updates the queue's state:
 * after each send msg_qnum counts the messages, __msg_cbytes their bytes,
 * msg_lspid names the sending process (a child's pid when the child sent)
 * and msg_stime is the time of the send. The messages, of different sizes
 * including an empty one, come back from msgrcv() unchanged, in order,
 * with their types, even after the sender's buffer was overwritten.
 */
#include "sysv_ipc.h"

#define MAX_TEXT 256

struct msg {
	long mtype;
	char mtext[MAX_TEXT];
};

static const struct {
	long mtype;
	size_t size;
	char fill;
} msgs[] = {
	{ 1, 16, 'a' },
	{ 7, 0, 0 },
	{ 2, MAX_TEXT, 'z' },
	{ 1, 1, 'q' },
};

#define NMSGS (sizeof(msgs) / sizeof(msgs[0]))

static int queue_id = -1;

static void send_one(unsigned int i, size_t *total)
{
	struct msg buf = { .mtype = msgs[i].mtype };
	struct msqid_ds ds;
	time_t before, after;

	memset(buf.mtext, msgs[i].fill, msgs[i].size);
	before = time(NULL);
	TST_EXP_PASS(msgsnd(queue_id, &buf, msgs[i].size, IPC_NOWAIT),
		     "msgsnd(type %ld, %zu bytes)", msgs[i].mtype,
		     msgs[i].size);
	after = time(NULL);
	/* the kernel must have copied it: this must not reach the queue */
	memset(buf.mtext, '!', sizeof(buf.mtext));
	if (!TST_PASS)
		return;

	*total += msgs[i].size;
	ds = msgq_stat(queue_id);
	TST_EXP_EQ_LU(ds.msg_qnum, i + 1);
	TST_EXP_EQ_LU(ds.__msg_cbytes, *total);
	TST_EXP_EQ_LI(ds.msg_lspid, getpid());
	TST_EXP_EXPR(ds.msg_stime >= before && ds.msg_stime <= after,
		     "msg_stime %ld within the send [%ld, %ld]",
		     (long)ds.msg_stime, (long)before, (long)after);
}

static void receive_all(void)
{
	struct msg buf;
	unsigned int i;
	size_t j;
	int same;

	for (i = 0; i < NMSGS; i++) {
		memset(&buf, 0, sizeof(buf));
		TEST(msgrcv(queue_id, &buf, MAX_TEXT, 0, IPC_NOWAIT));
		if (TST_RET != (long)msgs[i].size) {
			tst_res(TFAIL | TTERRNO, "msgrcv() #%u returned %ld, "
				"expected %zu", i, TST_RET, msgs[i].size);
			continue;
		}
		same = buf.mtype == msgs[i].mtype;
		for (j = 0; j < msgs[i].size; j++)
			same &= buf.mtext[j] == msgs[i].fill;
		TST_EXP_EXPR(same, "message #%u came back with type %ld and "
			     "its %zu bytes", i, msgs[i].mtype, msgs[i].size);
	}
}

static void run(void)
{
	struct msg buf = { .mtype = 3, .mtext = "child" };
	size_t total = 0;
	unsigned int i;
	pid_t pid;

	queue_id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	if (queue_id < 0)
		tst_brk(TBROK | TERRNO, "msgget(IPC_PRIVATE)");

	for (i = 0; i < NMSGS; i++)
		send_one(i, &total);
	receive_all();

	pid = SAFE_FORK();
	if (!pid) {
		if (msgsnd(queue_id, &buf, 6, 0))
			tst_brk(TBROK | TERRNO, "child: msgsnd()");
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EQ_LI(msgq_stat(queue_id).msg_lspid, pid);
	TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qnum, 1);

	rm_msgq(&queue_id);
}

static void cleanup(void)
{
	rm_msgq(&queue_id);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.forks_child = 1,
};
