// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msgctl(IPC_RMID) wakes every task blocked on the queue and their call
 * fails with EIDRM: two receivers sleeping in msgrcv() on an empty queue,
 * and two senders sleeping in msgsnd() on a full one. Children are known
 * to sleep in the syscall (checkpoint, then /proc/PID/stat and syscall)
 * before the queue is removed; a child still blocked 5 s after the
 * removal is a failure, not a hang.
 */
#include <signal.h>
#include "msgctl_common.h"

#define NCHILDREN 2
#define QBYTES 16

struct msgbuf_small {
	long mtype;
	char mtext[QBYTES];
};

static int queue_id = -1;

static void receiver(void)
{
	struct msgbuf_small msg;

	TST_CHECKPOINT_WAKE(0);
	TST_EXP_FAIL(msgrcv(queue_id, &msg, sizeof(msg.mtext), 0, 0), EIDRM,
		     "msgrcv() blocked on an empty queue when it is removed");
	exit(0);
}

static void sender(void)
{
	struct msgbuf_small msg = { .mtype = 1 };

	TST_CHECKPOINT_WAKE(0);
	TST_EXP_FAIL(msgsnd(queue_id, &msg, sizeof(msg.mtext), 0), EIDRM,
		     "msgsnd() blocked on a full queue when it is removed");
	exit(0);
}

/* Shrink the queue to QBYTES and fill it, so any further msgsnd blocks. */
static void fill_queue(void)
{
	struct msgbuf_small msg = { .mtype = 1 };
	struct msqid_ds ds;

	if (msgctl(queue_id, IPC_STAT, &ds))
		tst_brk(TBROK | TERRNO, "msgctl(%d, IPC_STAT)", queue_id);
	ds.msg_qbytes = QBYTES;
	if (msgctl(queue_id, IPC_SET, &ds))
		tst_brk(TBROK | TERRNO, "msgctl(%d, IPC_SET, qbytes %d)",
			queue_id, QBYTES);
	if (msgsnd(queue_id, &msg, sizeof(msg.mtext), IPC_NOWAIT))
		tst_brk(TBROK | TERRNO, "msgsnd(%d) filling the queue",
			queue_id);
	if (msgsnd(queue_id, &msg, sizeof(msg.mtext), IPC_NOWAIT) != -1 ||
	    errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "queue %d not full after %d bytes",
			queue_id, QBYTES);
}

/*
 * Reap pid by deadline; a child still blocked then was not woken by the
 * removal, which is a kernel failure, so kill it rather than hang.
 */
static void reap_by(pid_t pid, long long deadline, const char *name)
{
	int status;

	while (!SAFE_WAITPID(pid, &status, WNOHANG)) {
		if (tst_mono_ms() > deadline) {
			tst_res(TFAIL, "child %d still blocked in %s after "
				"IPC_RMID", (int)pid, name);
			SAFE_KILL(pid, SIGKILL);
			SAFE_WAITPID(pid, &status, 0);
			return;
		}
		usleep(1000);
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TBROK, "child %d ended with status 0x%x", (int)pid,
			status);
}

static void run(unsigned int n)
{
	const char *name = n ? "msgsnd" : "msgrcv";
	long nr = n ? __NR_msgsnd : __NR_msgrcv;
	pid_t pids[NCHILDREN];
	long long deadline;
	int i;

	queue_id = new_queue(0600);
	if (n)
		fill_queue();

	for (i = 0; i < NCHILDREN; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i]) {
			if (n)
				sender();
			receiver();
		}
		TST_CHECKPOINT_WAIT(0);
	}
	for (i = 0; i < NCHILDREN; i++)
		wait_sleeping_in(pids[i], nr, name);

	TST_EXP_PASS(msgctl(queue_id, IPC_RMID, NULL),
		     "msgctl(%d, IPC_RMID) with %d tasks in %s", queue_id,
		     NCHILDREN, name);
	if (!TST_PASS)
		drop_queue(&queue_id);
	queue_id = -1;

	/* woken at once on a sound kernel; 5 s is only a bound for a bug */
	deadline = tst_mono_ms() + 5000 * tst_timeout_mul();
	for (i = 0; i < NCHILDREN; i++)
		reap_by(pids[i], deadline, name);
}

static void cleanup(void)
{
	drop_queue(&queue_id);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.cleanup = cleanup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
