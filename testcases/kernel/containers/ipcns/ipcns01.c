// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * System V IPC objects and POSIX message queues belong to an ipc
 * namespace. The parent makes a message queue (with one message), a
 * shared memory segment and a semaphore set under one key, and a POSIX
 * queue; in a child in a new ipc namespace:
 *  - msgget(), shmget() and semget() of that key fail with ENOENT and
 *    mq_open() of the name with ENOENT;
 *  - the parent's queue id is unknown there (msgctl() EINVAL);
 *  - the key is free: msgget(key, IPC_CREAT | IPC_EXCL) succeeds.
 * Back in the parent, its queue still holds its message, and the key
 * still names it (IPC_EXCL fails with EEXIST): the child's queue died
 * with its namespace.
 */
#include <mqueue.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include "tst_test.h"
#include "ns_helpers.h"

static key_t key;
static int msg_id = -1, shm_id = -1, sem_id = -1;
static char mq_name[64];
static mqd_t mqd = (mqd_t)-1;

static struct {
	long mtype;
	char mtext[8];
} msg = {1, "ltp"};

static void child_main(void)
{
	struct msqid_ds ds;

	TST_EXP_FAIL(msgget(key, 0), ENOENT, "msgget(parent's key)");
	TST_EXP_FAIL(shmget(key, 0, 0), ENOENT, "shmget(parent's key)");
	TST_EXP_FAIL(semget(key, 0, 0), ENOENT, "semget(parent's key)");
	TST_EXP_FAIL(mq_open(mq_name, O_RDONLY), ENOENT,
		     "mq_open(parent's POSIX queue)");
	TST_EXP_FAIL(msgctl(msg_id, IPC_STAT, &ds), EINVAL,
		     "msgctl(parent's queue id, IPC_STAT)");
	TST_EXP_POSITIVE(msgget(key, IPC_CREAT | IPC_EXCL | 0600),
			 "msgget(parent's key, IPC_CREAT | IPC_EXCL)");
}

static void run(void)
{
	struct msqid_ds ds;
	pid_t pid;

	pid = SAFE_NS_FORK(CLONE_NEWIPC);
	if (!pid) {
		child_main();
		exit(0);
	}
	NS_REAP(pid);
	if (msgctl(msg_id, IPC_STAT, &ds))
		tst_brk(TBROK | TERRNO, "msgctl(IPC_STAT)");
	TST_EXP_EQ_LU(ds.msg_qnum, 1);
	TST_EXP_FAIL(msgget(key, IPC_CREAT | IPC_EXCL | 0600), EEXIST,
		     "msgget(key, IPC_CREAT | IPC_EXCL) in the parent");
}

static void setup(void)
{
	struct mq_attr attr = {.mq_maxmsg = 1, .mq_msgsize = 8};

	key = 0x4c500000 | (getpid() & 0xffff);
	msg_id = msgget(key, IPC_CREAT | IPC_EXCL | 0600);
	if (msg_id == -1)
		tst_brk(TBROK | TERRNO, "msgget(0x%x)", key);
	if (msgsnd(msg_id, &msg, sizeof(msg.mtext), IPC_NOWAIT))
		tst_brk(TBROK | TERRNO, "msgsnd()");
	shm_id = shmget(key, 4096, IPC_CREAT | IPC_EXCL | 0600);
	if (shm_id == -1)
		tst_brk(TBROK | TERRNO, "shmget(0x%x)", key);
	sem_id = semget(key, 1, IPC_CREAT | IPC_EXCL | 0600);
	if (sem_id == -1)
		tst_brk(TBROK | TERRNO, "semget(0x%x)", key);
	snprintf(mq_name, sizeof(mq_name), "/ltp_ipcns01_%d", (int)getpid());
	mqd = mq_open(mq_name, O_RDWR | O_CREAT | O_EXCL, 0600, &attr);
	if (mqd == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(%s, O_CREAT)", mq_name);
}

static void cleanup(void)
{
	if (msg_id != -1)
		msgctl(msg_id, IPC_RMID, NULL);
	if (shm_id != -1)
		shmctl(shm_id, IPC_RMID, NULL);
	if (sem_id != -1)
		semctl(sem_id, 0, IPC_RMID);
	if (mqd != (mqd_t)-1) {
		mq_close(mqd);
		mq_unlink(mq_name);
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_IPC_NS", "CONFIG_SYSVIPC", "CONFIG_POSIX_MQUEUE", NULL
	},
};
