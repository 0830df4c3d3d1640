// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The IPC limits are per ipc namespace, and a new namespace starts from
 * the kernel's defaults, not from its parent's values (ipc/msg.c
 * msg_init_ns(), ipc/shm.c shm_init_ns(), ipc/sem.c sem_init_ns(),
 * ipc/mqueue.c; ipc/util.c ipc_addid()). In namespace A (new ipc and
 * mount namespaces) kernel.msgmni 2, msgmax 100, shmmni 1, sem
 * "5 100 5 2" and fs.mqueue.msg_default 3 are set, and:
 *  - a third msgget() is ENOSPC, msgsnd() of 101 bytes EINVAL (100 is
 *    sent), a second shmget() ENOSPC, semget() of 6 semaphores EINVAL,
 *    semop() of 6 operations E2BIG, a third semget() ENOSPC; a POSIX
 *    queue made without attributes holds 3 messages;
 *  - /proc/sysvipc/msg lists A's two queues, and an mqueue file system
 *    mounted in A lists A's queue;
 * in namespace B, made by A:
 *  - the limits read msgmni 32000, msgmax 8192, shmmni 4096, sem
 *    "32000 1024000000 500 32000", msg_default 10; three queues are made
 *    and a 101-byte message sent; /proc/sysvipc/msg lists B's three;
 *    A's POSIX queue is ENOENT, and B's own mqueue mount does not list it;
 *  - B's msgmni 7 leaves A's at 2; the test's own namespace's limits
 *    are what they were.
 */
#include <fcntl.h>
#include <dirent.h>
#include <mqueue.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define MQNAME "/ltp_ipcns02"
#define KSYS "/proc/sys/kernel/"
#define MQSYS "/proc/sys/fs/mqueue/"

static struct {
	long mtype;
	char mtext[200];
} msg = {1, ""};

static long outer_msgmni, outer_msgmax;

static long rd(const char *path)
{
	long val;

	SAFE_FILE_SCANF(path, "%ld", &val);
	return val;
}

/* Lines of /proc/sysvipc/msg after the header: queues of the namespace */
static int sysvipc_queues(void)
{
	char line[512];
	int n = -1;
	FILE *f = fopen("/proc/sysvipc/msg", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/sysvipc/msg)");
	while (fgets(line, sizeof(line), f))
		n++;
	fclose(f);
	return n;
}

/* Does the mqueue file system mounted at dir list our queue? */
static int mq_listed(const char *dir)
{
	struct dirent *de;
	int found = 0;
	DIR *d;

	SAFE_MOUNT("mqueue", dir, "mqueue", 0, NULL);
	d = opendir(dir);
	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(%s)", dir);
	while ((de = readdir(d)))
		found |= !strcmp(de->d_name, MQNAME + 1);
	closedir(d);
	SAFE_UMOUNT(dir);
	return found;
}

static void private_mounts(void)
{
	SAFE_MOUNT(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
}

static void ns_b(void)
{
	unsigned int sem[4] = {0};
	int i, q = -1;

	private_mounts();
	TST_EXP_EQ_LI(rd(KSYS "msgmni"), 32000);
	TST_EXP_EQ_LI(rd(KSYS "msgmax"), 8192);
	TST_EXP_EQ_LI(rd(KSYS "shmmni"), 4096);
	SAFE_FILE_SCANF(KSYS "sem", "%u %u %u %u", &sem[0], &sem[1], &sem[2],
			&sem[3]);
	TST_EXP_EXPR(sem[0] == 32000 && sem[1] == 1024000000 && sem[2] == 500 &&
		     sem[3] == 32000, "B's kernel.sem: %u %u %u %u", sem[0],
		     sem[1], sem[2], sem[3]);
	TST_EXP_EQ_LI(rd(MQSYS "msg_default"), 10);
	for (i = 0; i < 3; i++) {
		q = msgget(IPC_PRIVATE, 0600);
		TST_EXP_EXPR(q >= 0, "B's msgget() %d: %s", i + 1,
			     q >= 0 ? "made" : tst_strerrno(errno));
	}
	TST_EXP_PASS(msgsnd(q, &msg, 101, IPC_NOWAIT),
		     "B's msgsnd() of 101 bytes");
	TST_EXP_EQ_LI(sysvipc_queues(), 3);
	TST_EXP_FAIL(mq_open(MQNAME, O_RDONLY), ENOENT, "A's queue from B");
	TST_EXP_EXPR(!mq_listed("mq_b"), "B's mqueue mount does not list "
		     "A's queue");
	SAFE_FILE_PRINTF(KSYS "msgmni", "7");
	exit(0);
}

static void ns_a(void)
{
	struct sembuf ops[6] = {0};
	struct mq_attr attr;
	int q, sem_id;
	pid_t pid;
	mqd_t mqd;

	private_mounts();
	SAFE_FILE_PRINTF(KSYS "msgmni", "2");
	SAFE_FILE_PRINTF(KSYS "msgmax", "100");
	SAFE_FILE_PRINTF(KSYS "shmmni", "1");
	SAFE_FILE_PRINTF(KSYS "sem", "5 100 5 2");
	SAFE_FILE_PRINTF(MQSYS "msg_default", "3");

	q = msgget(IPC_PRIVATE, 0600);
	if (q < 0 || msgget(IPC_PRIVATE, 0600) < 0)
		tst_brk(TBROK | TERRNO, "A's first two msgget()");
	TST_EXP_FAIL(msgget(IPC_PRIVATE, 0600), ENOSPC,
		     "a third msgget() under msgmni 2");
	TST_EXP_FAIL(msgsnd(q, &msg, 101, IPC_NOWAIT), EINVAL,
		     "msgsnd() of 101 bytes under msgmax 100");
	TST_EXP_PASS(msgsnd(q, &msg, 100, IPC_NOWAIT),
		     "msgsnd() of 100 bytes under msgmax 100");
	if (shmget(IPC_PRIVATE, 4096, 0600) < 0)
		tst_brk(TBROK | TERRNO, "A's first shmget()");
	TST_EXP_FAIL(shmget(IPC_PRIVATE, 4096, 0600), ENOSPC,
		     "a second shmget() under shmmni 1");
	TST_EXP_FAIL(semget(IPC_PRIVATE, 6, 0600), EINVAL,
		     "semget() of 6 semaphores under semmsl 5");
	sem_id = semget(IPC_PRIVATE, 5, 0600);
	if (sem_id < 0)
		tst_brk(TBROK | TERRNO, "semget() of 5 semaphores");
	TST_EXP_FAIL(semop(sem_id, ops, 6), E2BIG,
		     "semop() of 6 operations under semopm 5");
	if (semget(IPC_PRIVATE, 1, 0600) < 0)
		tst_brk(TBROK | TERRNO, "A's second semget()");
	TST_EXP_FAIL(semget(IPC_PRIVATE, 1, 0600), ENOSPC,
		     "a third semget() under semmni 2");

	mqd = mq_open(MQNAME, O_CREAT | O_RDWR, 0600, NULL);
	if (mqd == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(O_CREAT)");
	if (mq_getattr(mqd, &attr))
		tst_brk(TBROK | TERRNO, "mq_getattr");
	TST_EXP_EQ_LI(attr.mq_maxmsg, 3);
	TST_EXP_EQ_LI(sysvipc_queues(), 2);
	TST_EXP_EXPR(mq_listed("mq_a"), "A's mqueue mount lists A's queue");

	pid = SAFE_NS_FORK(CLONE_NEWIPC | CLONE_NEWNS);
	if (!pid)
		ns_b();
	NS_REAP(pid);
	TST_EXP_EQ_LI(rd(KSYS "msgmni"), 2);
	TST_EXP_EQ_LI(sysvipc_queues(), 2);
	mq_close(mqd);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWIPC | CLONE_NEWNS);

	if (!pid)
		ns_a();
	NS_REAP(pid);
	TST_EXP_EQ_LI(rd(KSYS "msgmni"), outer_msgmni);
	TST_EXP_EQ_LI(rd(KSYS "msgmax"), outer_msgmax);
}

static void setup(void)
{
	outer_msgmni = rd(KSYS "msgmni");
	outer_msgmax = rd(KSYS "msgmax");
	SAFE_MKDIR("mq_a", 0700);
	SAFE_MKDIR("mq_b", 0700);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_IPC_NS", "CONFIG_POSIX_MQUEUE", NULL
	},
};
