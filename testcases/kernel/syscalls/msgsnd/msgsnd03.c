// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A msgsnd() without IPC_NOWAIT on a full queue sleeps:
 *  - when a receiver takes a message, the sleeper wakes and its message is
 *    queued (msg_lspid is the sleeper's pid);
 *  - a signal with a handler ends the sleep with EINTR even though the
 *    handler has SA_RESTART (msgsnd is never restarted), and the message
 *    is not queued.
 * The children are known to sleep in msgsnd (/proc/PID/syscall) before
 * the parent acts.
 */
#include <signal.h>
#include "sysv_ipc.h"
#include "task_wait.h"

#define QBYTES 16

struct msg {
	long mtype;
	char mtext[QBYTES];
};

static int queue_id = -1;

static void on_signal(int sig)
{
	(void)sig;
}

static void fill_queue(void)
{
	struct msg msg = { 1, "fills the queue" };
	struct msqid_ds ds = msgq_stat(queue_id);

	ds.msg_qbytes = QBYTES;
	if (msgctl(queue_id, IPC_SET, &ds))
		tst_brk(TBROK | TERRNO, "msgctl(IPC_SET, msg_qbytes %d)",
			QBYTES);
	if (msgsnd(queue_id, &msg, QBYTES, IPC_NOWAIT))
		tst_brk(TBROK | TERRNO, "msgsnd() filling the queue");
}

static void test_wake(void)
{
	struct msg msg = { 2, "sleeper" };
	struct msqid_ds ds;
	pid_t pid;

	fill_queue();
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(msgsnd(queue_id, &msg, 8, 0),
			     "msgsnd() sleeping on a full queue");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_msgsnd);
	TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qnum, 1);

	if (msgrcv(queue_id, &msg, QBYTES, 1, IPC_NOWAIT) != QBYTES)
		tst_brk(TBROK | TERRNO, "msgrcv() making room");
	reap_child(pid);

	ds = msgq_stat(queue_id);
	TST_EXP_EQ_LU(ds.msg_qnum, 1);
	TST_EXP_EQ_LI(ds.msg_lspid, pid);
	memset(&msg, 0, sizeof(msg));
	TEST(msgrcv(queue_id, &msg, QBYTES, 0, IPC_NOWAIT));
	TST_EXP_EXPR(TST_RET == 8 && msg.mtype == 2 &&
		     !strcmp(msg.mtext, "sleeper"),
		     "the woken sender's message was queued (got %ld bytes, "
		     "type %ld)", TST_RET, msg.mtype);
}

static void test_signal(void)
{
	struct sigaction sa = { .sa_handler = on_signal,
				.sa_flags = SA_RESTART };
	struct msg msg = { 2, "sleeper" };
	pid_t pid;

	fill_queue();
	pid = SAFE_FORK();
	if (!pid) {
		if (sigaction(SIGUSR1, &sa, NULL))
			tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
		TST_EXP_FAIL(msgsnd(queue_id, &msg, 8, 0), EINTR,
			     "msgsnd() on a full queue interrupted by a "
			     "SA_RESTART handler");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_msgsnd);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
	TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qnum, 1);
}

static void run(void)
{
	queue_id = new_msgq(IPC_PRIVATE, 0600);
	test_wake();
	test_signal();
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
