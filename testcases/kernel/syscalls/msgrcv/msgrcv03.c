// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msgrcv() that sleeps, and MSG_COPY:
 *  - a receiver waiting for type 2 is not given a message of type 1 sent
 *    meanwhile; it wakes with the type 2 message sent later, and the type
 *    1 message stays queued;
 *  - a signal with a SA_RESTART handler ends the sleep with EINTR (msgrcv
 *    is never restarted);
 *  - MSG_COPY | IPC_NOWAIT copies the message at index msgtyp without
 *    removing it; an index past the end is ENOMSG; MSG_COPY without
 *    IPC_NOWAIT, or with MSG_EXCEPT, is EINVAL. A kernel built without
 *    CONFIG_CHECKPOINT_RESTORE answers ENOSYS: TCONF for that part.
 */
#include <signal.h>
#include "sysv_ipc.h"
#include "task_wait.h"

struct msg {
	long mtype;
	char mtext[8];
};

static int queue_id = -1;

static void on_signal(int sig)
{
	(void)sig;
}

static void send_msg(long type, const char *text)
{
	struct msg msg = { .mtype = type };

	strncpy(msg.mtext, text, sizeof(msg.mtext) - 1);
	if (msgsnd(queue_id, &msg, sizeof(msg.mtext), IPC_NOWAIT))
		tst_brk(TBROK | TERRNO, "msgsnd(type %ld)", type);
}

static void test_wake(void)
{
	struct msg msg;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		memset(&msg, 0, sizeof(msg));
		TEST(msgrcv(queue_id, &msg, sizeof(msg.mtext), 2, 0));
		TST_EXP_EXPR(TST_RET == sizeof(msg.mtext) && msg.mtype == 2 &&
			     !strcmp(msg.mtext, "two"),
			     "sleeping msgrcv(msgtyp 2) woke with the type 2 "
			     "message (returned %ld, type %ld)", TST_RET,
			     msg.mtype);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_msgrcv);
	send_msg(1, "one");
	send_msg(2, "two");
	reap_child(pid);

	memset(&msg, 0, sizeof(msg));
	TEST(msgrcv(queue_id, &msg, sizeof(msg.mtext), 0, IPC_NOWAIT));
	TST_EXP_EXPR(TST_RET == sizeof(msg.mtext) && msg.mtype == 1 &&
		     !strcmp(msg.mtext, "one"),
		     "the type 1 message stayed queued (returned %ld, type "
		     "%ld)", TST_RET, msg.mtype);
}

static void test_signal(void)
{
	struct sigaction sa = { .sa_handler = on_signal,
				.sa_flags = SA_RESTART };
	struct msg msg;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		if (sigaction(SIGUSR1, &sa, NULL))
			tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
		TST_EXP_FAIL(msgrcv(queue_id, &msg, sizeof(msg.mtext), 0, 0),
			     EINTR, "msgrcv() on an empty queue interrupted by "
			     "a SA_RESTART handler");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_msgrcv);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
}

static void test_copy(void)
{
	struct msg msg;

	send_msg(5, "first");
	send_msg(6, "second");

	memset(&msg, 0, sizeof(msg));
	TEST(msgrcv(queue_id, &msg, sizeof(msg.mtext), 1,
		    MSG_COPY | IPC_NOWAIT));
	if (TST_RET == -1 && TST_ERR == ENOSYS) {
		tst_res(TCONF, "MSG_COPY: kernel built without "
			"CONFIG_CHECKPOINT_RESTORE");
		return;
	}
	TST_EXP_EXPR(TST_RET == sizeof(msg.mtext) && msg.mtype == 6 &&
		     !strcmp(msg.mtext, "second"),
		     "msgrcv(index 1, MSG_COPY) copied the second message "
		     "(returned %ld, type %ld)", TST_RET, msg.mtype);
	TST_EXP_EQ_LU(msgq_stat(queue_id).msg_qnum, 2);

	TST_EXP_FAIL(msgrcv(queue_id, &msg, sizeof(msg.mtext), 2,
			    MSG_COPY | IPC_NOWAIT), ENOMSG,
		     "msgrcv(index 2, MSG_COPY) with 2 messages");
	TST_EXP_FAIL(msgrcv(queue_id, &msg, sizeof(msg.mtext), 0, MSG_COPY),
		     EINVAL, "msgrcv(MSG_COPY) without IPC_NOWAIT");
	TST_EXP_FAIL(msgrcv(queue_id, &msg, sizeof(msg.mtext), 0,
			    MSG_COPY | MSG_EXCEPT | IPC_NOWAIT), EINVAL,
		     "msgrcv(MSG_COPY | MSG_EXCEPT)");

	memset(&msg, 0, sizeof(msg));
	TEST(msgrcv(queue_id, &msg, sizeof(msg.mtext), 0, IPC_NOWAIT));
	TST_EXP_EXPR(TST_RET == sizeof(msg.mtext) && msg.mtype == 5,
		     "the copied-from queue still starts with the first "
		     "message (type %ld)", msg.mtype);
}

static void run(void)
{
	queue_id = new_msgq(IPC_PRIVATE, 0600);
	test_wake();
	test_signal();
	test_copy();
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
