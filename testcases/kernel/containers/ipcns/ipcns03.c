// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * System V ids and keys resolve in the caller's ipc namespace, objects
 * live as long as their namespace, and kernel.shm_rmid_forced is per
 * namespace (ipc/util.c ipc_obtain_object_check(), ipc/shm.c exit_shm(),
 * ipc/namespace.c). O (own ipc namespace) makes a 4096-byte segment, a
 * one-semaphore set of value 7 and a queue holding one message, all under
 * key K. Its child A in a new namespace:
 *  - IPC_STAT of O's three ids is EINVAL, the key is ENOENT;
 *  - makes under K an 8192-byte segment, a set of 3 semaphores (value
 *    42) and a queue with 2 messages; IPC_STAT of its ids gives its
 *    objects (even where O's ids are the same numbers);
 *  - /proc/sysvipc/shm lists one segment, of 8192 bytes;
 *  - sets shm_rmid_forced 1: a segment made (not attached) by a process
 *    that then exits is gone (shmget() ENOENT);
 * O: its own objects read as before (4096 bytes, value 7, one message),
 * its shm_rmid_forced is still 0, and the same exiting process in O
 * leaves its segment. A exits while O holds /proc/A/ns/ipc open: a child
 * of O that setns()es into it finds A's semaphore set and queue under K
 * with their contents (creator gone, namespace pinned), not O's, and
 * A's segment gone with A (its namespace's shm_rmid_forced is 1).
 */
#include <fcntl.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define K 0x4c545031
#define K2 0x4c545032

union semun_ltp {
	int val;
	struct semid_ds *buf;
};

static struct {
	long mtype;
	char mtext[8];
} msg = {1, "ltp"};

struct objs {
	int shm, sem, msg;
};

static size_t shm_size(int id)
{
	struct shmid_ds ds;

	if (shmctl(id, IPC_STAT, &ds))
		return 0;
	return ds.shm_segsz;
}

static long msg_count(int id)
{
	struct msqid_ds ds;

	if (msgctl(id, IPC_STAT, &ds))
		return -1;
	return ds.msg_qnum;
}

static long sem_nsems(int id)
{
	struct semid_ds ds;
	union semun_ltp arg = { .buf = &ds };

	if (semctl(id, 0, IPC_STAT, arg))
		return -1;
	return ds.sem_nsems;
}

static void make(struct objs *o, size_t size, int nsems, int val, int nmsg)
{
	union semun_ltp arg = { .val = val };
	int i;

	o->shm = shmget(K, size, IPC_CREAT | IPC_EXCL | 0600);
	o->sem = semget(K, nsems, IPC_CREAT | IPC_EXCL | 0600);
	o->msg = msgget(K, IPC_CREAT | IPC_EXCL | 0600);
	if (o->shm < 0 || o->sem < 0 || o->msg < 0)
		tst_brk(TBROK | TERRNO, "making the objects under key 0x%x", K);
	if (semctl(o->sem, 0, SETVAL, arg))
		tst_brk(TBROK | TERRNO, "semctl(SETVAL)");
	for (i = 0; i < nmsg; i++)
		if (msgsnd(o->msg, &msg, sizeof(msg.mtext), IPC_NOWAIT))
			tst_brk(TBROK | TERRNO, "msgsnd()");
}

static void check(const char *who, size_t size, int nsems, int val, int nmsg)
{
	struct objs o;

	o.shm = shmget(K, 0, 0);
	o.sem = semget(K, 0, 0);
	o.msg = msgget(K, 0);
	TST_EXP_EXPR(o.shm >= 0 && o.sem >= 0 && o.msg >= 0 &&
		     shm_size(o.shm) == size && sem_nsems(o.sem) == nsems &&
		     semctl(o.sem, 0, GETVAL) == val &&
		     msg_count(o.msg) == nmsg,
		     "%s: key 0x%x gives %zu bytes of shm, %d semaphores of "
		     "value %d, %d messages", who, K, size, nsems, val, nmsg);
}

/* Lines of /proc/sysvipc/shm after the header; size of the last one. */
static int sysvipc_shm(size_t *size)
{
	char line[512];
	int n = -1;
	FILE *f = fopen("/proc/sysvipc/shm", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/sysvipc/shm)");
	while (fgets(line, sizeof(line), f))
		if (n++ >= 0 && sscanf(line, "%*d %*d %*o %zu", size) != 1)
			tst_brk(TBROK, "/proc/sysvipc/shm line '%s'", line);
	fclose(f);
	return n;
}

/* A child makes a segment under K2 without attaching it and exits. */
static int segment_survives_exit(void)
{
	pid_t pid = SAFE_FORK();
	int id;

	if (!pid) {
		if (shmget(K2, 4096, IPC_CREAT | IPC_EXCL | 0600) < 0)
			tst_brk(TBROK | TERRNO, "shmget(K2)");
		exit(0);
	}
	NS_REAP(pid);
	id = shmget(K2, 0, 0);
	if (id >= 0)
		shmctl(id, IPC_RMID, NULL);
	return id >= 0;
}

static void ns_a(const struct objs *outer)
{
	struct objs own;
	size_t size = 0;

	TST_EXP_FAIL(shmctl(outer->shm, IPC_STAT, &(struct shmid_ds){0}),
		     EINVAL, "shmctl(IPC_STAT) of O's segment id %d",
		     outer->shm);
	TST_EXP_FAIL(semctl(outer->sem, 0, GETVAL), EINVAL,
		     "semctl(GETVAL) of O's set id %d", outer->sem);
	TST_EXP_FAIL(msgctl(outer->msg, IPC_STAT, &(struct msqid_ds){0}),
		     EINVAL, "msgctl(IPC_STAT) of O's queue id %d",
		     outer->msg);
	TST_EXP_FAIL(shmget(K, 0, 0), ENOENT, "shmget() of O's key");
	make(&own, 8192, 3, 42, 2);
	tst_res(TINFO, "ids in A: %d %d %d, in O: %d %d %d", own.shm,
		own.sem, own.msg, outer->shm, outer->sem, outer->msg);
	check("A", 8192, 3, 42, 2);
	TST_EXP_EQ_LI(shm_size(own.shm), 8192);
	TST_EXP_EQ_LI(sysvipc_shm(&size), 1);
	TST_EXP_EQ_LI(size, 8192);

	SAFE_FILE_PRINTF("/proc/sys/kernel/shm_rmid_forced", "1");
	TST_EXP_EXPR(!segment_survives_exit(), "with shm_rmid_forced 1 an "
		     "unattached segment dies with its creator");
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	exit(0);
}

static void joiner(int nsfd)
{
	int sem, q;

	TST_EXP_PASS(setns(nsfd, CLONE_NEWIPC),
		     "setns() into A's namespace after A exited");
	if (!TST_PASS)
		exit(0);
	TST_EXP_FAIL(shmget(K, 0, 0), ENOENT, "A's segment (A exited, its "
		     "namespace has shm_rmid_forced 1)");
	sem = semget(K, 0, 0);
	q = msgget(K, 0);
	TST_EXP_EXPR(sem >= 0 && sem_nsems(sem) == 3 &&
		     semctl(sem, 0, GETVAL) == 42 && q >= 0 &&
		     msg_count(q) == 2, "A's semaphore set (3, value 42) and "
		     "queue (2 messages) outlive A in the pinned namespace");
	exit(0);
}

static void ns_o(void)
{
	struct objs outer;
	char path[64];
	int nsfd, forced;
	pid_t a, j;

	make(&outer, 4096, 1, 7, 1);
	a = SAFE_NS_FORK(CLONE_NEWIPC);
	if (!a)
		ns_a(&outer);
	TST_CHECKPOINT_WAIT(0);
	check("O", 4096, 1, 7, 1);
	TST_EXP_EQ_LI(shm_size(outer.shm), 4096);
	SAFE_FILE_SCANF("/proc/sys/kernel/shm_rmid_forced", "%d", &forced);
	TST_EXP_EQ_LI(forced, 0);
	TST_EXP_EXPR(segment_survives_exit(), "with shm_rmid_forced 0 the "
		     "segment outlives its creator");
	snprintf(path, sizeof(path), "/proc/%d/ns/ipc", (int)a);
	nsfd = SAFE_OPEN(path, O_RDONLY);
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(a);
	j = SAFE_FORK();
	if (!j)
		joiner(nsfd);
	NS_REAP(j);
	SAFE_CLOSE(nsfd);
	check("O at the end", 4096, 1, 7, 1);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWIPC);

	if (!pid)
		ns_o();
	NS_REAP(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_IPC_NS", "CONFIG_SYSVIPC", NULL
	},
};
