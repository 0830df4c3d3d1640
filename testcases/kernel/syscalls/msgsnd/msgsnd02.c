// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Error paths of msgsnd(), each with its exact errno:
 *  - EINVAL for mtype 0 and mtype -1, a size above kernel.msgmax, a size
 *    of (size_t)-1 and a negative id (a removed id: msgctl03);
 *  - EFAULT for msgp outside the address space, and for a message whose
 *    text runs into an inaccessible page;
 *  - EAGAIN with IPC_NOWAIT when the message does not fit (msg_qbytes
 *    lowered with IPC_SET and the queue filled);
 *  - EACCES for nobody on a root queue of mode 0644 (no write permission).
 * No failed call may leave a message behind.
 */
#include "sysv_ipc.h"

#define QBYTES 64

static int queue_id = -1;
static long msgmax;
static char *big_buf, *edge_page;

static void setup(void)
{
	long page = sysconf(_SC_PAGESIZE);

	if (!tst_file_read_long("/proc/sys/kernel/msgmax", &msgmax))
		tst_brk(TBROK, "/proc/sys/kernel/msgmax missing");
	big_buf = SAFE_MALLOC(sizeof(long) + msgmax + 1);
	memset(big_buf, 0, sizeof(long) + msgmax + 1);
	*(long *)big_buf = 1;

	/* two pages, the second inaccessible: a message text crossing them */
	edge_page = SAFE_MMAP(NULL, 2 * page, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MPROTECT(edge_page + page, page, PROT_NONE);
	edge_page += page - 2 * sizeof(long);
	*(long *)edge_page = 1;

	queue_id = new_msgq(IPC_PRIVATE, 0644);
}

static void as_nobody(void)
{
	struct { long mtype; char mtext[4]; } msg = { 1, "abc" };

	TST_EXP_FAIL(msgsnd(queue_id, &msg, sizeof(msg.mtext), IPC_NOWAIT),
		     EACCES, "nobody: msgsnd() to a root queue of mode 0644");
}

static void test_full(void)
{
	struct { long mtype; char mtext[QBYTES]; } msg = { .mtype = 1 };
	struct msqid_ds ds = msgq_stat(queue_id);

	ds.msg_qbytes = QBYTES;
	if (msgctl(queue_id, IPC_SET, &ds))
		tst_brk(TBROK | TERRNO, "msgctl(IPC_SET, msg_qbytes %d)",
			QBYTES);
	if (msgsnd(queue_id, &msg, QBYTES, IPC_NOWAIT))
		tst_brk(TBROK | TERRNO, "msgsnd() filling the queue");
	TST_EXP_FAIL(msgsnd(queue_id, &msg, 1, IPC_NOWAIT), EAGAIN,
		     "msgsnd(IPC_NOWAIT) of 1 byte to a queue holding "
		     "msg_qbytes (%d) bytes", QBYTES);
	TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qnum, 1);
	if (msgrcv(queue_id, &msg, QBYTES, 0, IPC_NOWAIT) != QBYTES)
		tst_brk(TBROK | TERRNO, "msgrcv() emptying the queue");
}

static void run(void)
{
	struct { long mtype; char mtext[8]; } msg = { 1, "message" };

	msg.mtype = 0;
	TST_EXP_FAIL(msgsnd(queue_id, &msg, 8, IPC_NOWAIT), EINVAL,
		     "msgsnd(mtype 0)");
	msg.mtype = -1;
	TST_EXP_FAIL(msgsnd(queue_id, &msg, 8, IPC_NOWAIT), EINVAL,
		     "msgsnd(mtype -1)");
	msg.mtype = 1;
	TST_EXP_FAIL(msgsnd(queue_id, big_buf, msgmax + 1, IPC_NOWAIT),
		     EINVAL, "msgsnd(size msgmax + 1 = %ld)", msgmax + 1);
	TST_EXP_FAIL(msgsnd(queue_id, &msg, (size_t)-1, IPC_NOWAIT), EINVAL,
		     "msgsnd(size (size_t)-1)");
	TST_EXP_FAIL(msgsnd(-1, &msg, 8, IPC_NOWAIT), EINVAL,
		     "msgsnd(id -1)");
	TST_EXP_FAIL(msgsnd(queue_id, (void *)-1, 8, IPC_NOWAIT), EFAULT,
		     "msgsnd(msgp (void *)-1)");
	TST_EXP_FAIL(msgsnd(queue_id, edge_page, 2 * sizeof(long), IPC_NOWAIT),
		     EFAULT, "msgsnd() of a text running into a PROT_NONE page");
	TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qnum, 0);

	/* the limit itself is allowed (when one such message fits) */
	if ((unsigned long)msgmax <= msgq_stat(queue_id).msg_qbytes) {
		TST_EXP_PASS(msgsnd(queue_id, big_buf, msgmax, IPC_NOWAIT),
			     "msgsnd(size msgmax = %ld)", msgmax);
		if (TST_PASS && msgrcv(queue_id, big_buf, msgmax, 0,
				       IPC_NOWAIT) != msgmax)
			tst_brk(TBROK | TERRNO, "msgrcv() of that message");
	}

	test_full();
	run_as_nobody(as_nobody);
	TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qnum, 0);
}

static void cleanup(void)
{
	rm_msgq(&queue_id);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
