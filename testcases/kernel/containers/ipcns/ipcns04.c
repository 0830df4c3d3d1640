// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The usage figures of MSG_INFO, SHM_INFO and SEM_INFO count the caller's
 * ipc namespace only (ipc/msg.c msgctl_info(), ipc/shm.c
 * shmctl_shm_info(), ipc/sem.c semctl_info()), and each call returns the
 * highest index in use there (0 when none). O (a new ipc namespace)
 * holds a queue with 10 + 20 bytes, a 3-page segment with one page
 * touched and a set of 4 semaphores; A, a new namespace made by O:
 *  - starts with every count 0 and return values 0;
 *  - with queues of 5 + 6 and 7 bytes, segments of 2 pages (untouched)
 *    and one page + 1 byte (both pages touched) and sets of 3 and 5:
 *    msgpool 2, msgmap 3, msgtql 18, used_ids 2, shm_tot 4, shm_rss 2,
 *    semusz 2, semaem 8, each call returning 1; O reads its own figures
 *    meanwhile (1, 2, 30; 1, 3, 1; 1, 4; returning 0);
 *  - msgrcv() of the 5 bytes and IPC_RMID of the second queue: msgpool 1,
 *    msgmap 1, msgtql 6, return 0; IPC_RMID of the attached second
 *    segment keeps it counted (2, 4, 2, return 1) until shmdt() (1, 2,
 *    0, return 0); the set of 5 removed: semusz 1, semaem 3, return 0.
 * After A exits with objects left, O's figures are unchanged, and back
 * to 0 once O removes its own.
 */
#include "tst_test.h"
#include "ns_helpers.h"
#include "sysv_ipc.h"

struct counts {
	int msgpool, msgmap, msgtql, msg_ret;
	long used_ids, shm_tot, shm_rss;
	int shm_ret;
	int semusz, semaem, sem_ret;
};

struct msg {
	long type;
	char text[32];
};

static long ps;

static void get_counts(struct counts *c)
{
	struct msginfo mi;
	struct shm_info si;
	struct seminfo sm;
	union semun arg = { .__buf = &sm };

	c->msg_ret = msgctl(0, MSG_INFO, (struct msqid_ds *)&mi);
	c->shm_ret = shmctl(0, SHM_INFO, (struct shmid_ds *)&si);
	c->sem_ret = semctl(0, 0, SEM_INFO, arg);
	if (c->msg_ret < 0 || c->shm_ret < 0 || c->sem_ret < 0)
		tst_brk(TBROK | TERRNO, "MSG_INFO/SHM_INFO/SEM_INFO");
	c->msgpool = mi.msgpool;
	c->msgmap = mi.msgmap;
	c->msgtql = mi.msgtql;
	c->used_ids = si.used_ids;
	c->shm_tot = si.shm_tot;
	c->shm_rss = si.shm_rss;
	c->semusz = sm.semusz;
	c->semaem = sm.semaem;
}

static void expect(const char *when, struct counts w)
{
	struct counts c;

	get_counts(&c);
	TST_EXP_EXPR(c.msgpool == w.msgpool && c.msgmap == w.msgmap &&
		     c.msgtql == w.msgtql && c.msg_ret == w.msg_ret,
		     "%s: MSG_INFO msgpool %d msgmap %d msgtql %d, returned %d",
		     when, c.msgpool, c.msgmap, c.msgtql, c.msg_ret);
	TST_EXP_EXPR(c.used_ids == w.used_ids && c.shm_tot == w.shm_tot &&
		     c.shm_rss == w.shm_rss && c.shm_ret == w.shm_ret,
		     "%s: SHM_INFO used_ids %ld shm_tot %ld shm_rss %ld, "
		     "returned %d", when, c.used_ids, c.shm_tot, c.shm_rss,
		     c.shm_ret);
	TST_EXP_EXPR(c.semusz == w.semusz && c.semaem == w.semaem &&
		     c.sem_ret == w.sem_ret,
		     "%s: SEM_INFO semusz %d semaem %d, returned %d", when,
		     c.semusz, c.semaem, c.sem_ret);
}

/* O's figures while it holds its objects */
#define O_FULL ((struct counts){ .msgpool = 1, .msgmap = 2, .msgtql = 30, \
	.used_ids = 1, .shm_tot = 3, .shm_rss = 1, .semusz = 1, .semaem = 4 })

static void send_msg(int q, int len)
{
	struct msg m = { .type = 1 };

	memset(m.text, 'm', len);
	if (msgsnd(q, &m, len, 0))
		tst_brk(TBROK | TERRNO, "msgsnd(%d bytes)", len);
}

static int new_seg(size_t size, size_t touch, char **addr)
{
	int id = new_shm(IPC_PRIVATE, size, 0600);

	*addr = shmat(id, NULL, 0);
	if (*addr == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	for (size_t off = 0; off < touch; off += ps)
		(*addr)[off] = 1;
	return id;
}

/* an IPC_RMID or shmdt() whose failure is TBROK */
#define IPC_OK(call) do { \
	if ((call) < 0) \
		tst_brk(TBROK | TERRNO, "%s", #call); \
} while (0)

static void ns_a(void)
{
	struct msg m;
	char *p1, *p2;
	int q1, q2, s2, m2;

	expect("new namespace A", (struct counts){ 0 });
	q1 = new_msgq(IPC_PRIVATE, 0600);
	q2 = new_msgq(IPC_PRIVATE, 0600);
	send_msg(q1, 5);
	send_msg(q1, 6);
	send_msg(q2, 7);
	new_seg(2 * ps, 0, &p1);
	s2 = new_seg(ps + 1, 2 * ps, &p2);
	new_semset(IPC_PRIVATE, 3, 0600);
	m2 = new_semset(IPC_PRIVATE, 5, 0600);
	expect("A with its objects", (struct counts){
		.msgpool = 2, .msgmap = 3, .msgtql = 18, .msg_ret = 1,
		.used_ids = 2, .shm_tot = 4, .shm_rss = 2, .shm_ret = 1,
		.semusz = 2, .semaem = 8, .sem_ret = 1 });
	TST_CHECKPOINT_WAKE_AND_WAIT(0);

	if (msgrcv(q1, &m, sizeof(m.text), 0, 0) != 5)
		tst_brk(TBROK | TERRNO, "msgrcv() of the first message");
	IPC_OK(msgctl(q2, IPC_RMID, NULL));
	IPC_OK(shmctl(s2, IPC_RMID, NULL));
	IPC_OK(semctl(m2, 0, IPC_RMID));
	/* the removed but attached segment keeps its index 1 */
	expect("A after msgrcv, RMIDs (segment attached)", (struct counts){
		.msgpool = 1, .msgmap = 1, .msgtql = 6,
		.used_ids = 2, .shm_tot = 4, .shm_rss = 2, .shm_ret = 1,
		.semusz = 1, .semaem = 3 });
	IPC_OK(shmdt(p2));
	expect("A after shmdt()", (struct counts){
		.msgpool = 1, .msgmap = 1, .msgtql = 6,
		.used_ids = 1, .shm_tot = 2, .semusz = 1, .semaem = 3 });
	exit(0);
}

static void ns_o(void)
{
	char *p;
	int q, s, m;
	pid_t a;

	expect("new namespace O", (struct counts){ 0 });
	q = new_msgq(IPC_PRIVATE, 0600);
	send_msg(q, 10);
	send_msg(q, 20);
	s = new_seg(3 * ps, 1, &p);
	m = new_semset(IPC_PRIVATE, 4, 0600);
	expect("O with its objects", O_FULL);

	a = SAFE_NS_FORK(CLONE_NEWIPC);
	if (!a)
		ns_a();
	TST_CHECKPOINT_WAIT(0);
	expect("O while A holds its objects", O_FULL);
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(a);
	expect("O after A exited", O_FULL);

	IPC_OK(msgctl(q, IPC_RMID, NULL));
	IPC_OK(shmdt(p));
	IPC_OK(shmctl(s, IPC_RMID, NULL));
	IPC_OK(semctl(m, 0, IPC_RMID));
	expect("O after removing its objects", (struct counts){ 0 });
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWIPC);

	if (!pid)
		ns_o();
	NS_REAP(pid);
}

static void setup(void)
{
	ps = getpagesize();
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_IPC_NS", "CONFIG_SYSVIPC", NULL
	},
};
