// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mqueue file system shows the POSIX queues of the ipc namespace of
 * the process that mounted it, and its queues live on after that
 * namespace's last process (ipc/mqueue.c mqueue_get_tree(),
 * mqueue_create_attr(), ipc/namespace.c put_ipc_ns() -> mq_clear_sbinfo()).
 * Process O (own ipc and mount namespaces) makes /ltp_mqns01_o; its child
 * A in a new ipc namespace (O's mount namespace):
 *  - mq_open() of O's queue is ENOENT; A makes /ltp_mqns01_a with one
 *    4-byte message, mounts mqueue on "mq" and creat() of mq/ltp_mqns01_f
 *    makes a queue that mq_open() in A then finds;
 * O, through that mount: the directory lists exactly A's two queues (not
 * O's), mq/ltp_mqns01_a reads "QSIZE:4", mq_open() of A's names is
 * ENOENT in O; unlink() of mq/ltp_mqns01_f removes it from A (A's
 * mq_open() ENOENT after). When A is reaped (its namespace gone):
 *  - the mount still lists ltp_mqns01_a and a descriptor O opened through
 *    the mount still receives A's message;
 *  - creat() of a new queue in the mount is EACCES (no namespace left);
 *  - O's own queue is untouched.
 */
#include <dirent.h>
#include <fcntl.h>
#include <mqueue.h>
#include <sys/mount.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define QO "/ltp_mqns01_o"
#define QA "/ltp_mqns01_a"
#define QF "/ltp_mqns01_f"

/* bit 0: ltp_mqns01_a, bit 1: ltp_mqns01_f, bit 2: anything else */
static int listing(void)
{
	struct dirent *de;
	int seen = 0;
	DIR *d = opendir("mq");

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(mq)");
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (!strcmp(de->d_name, QA + 1))
			seen |= 1;
		else if (!strcmp(de->d_name, QF + 1))
			seen |= 2;
		else
			seen |= 4;
	}
	closedir(d);
	return seen;
}

static void ns_a(void)
{
	struct mq_attr attr = { .mq_maxmsg = 4, .mq_msgsize = 16 };
	mqd_t q, f;
	int fd;

	TST_EXP_FAIL(mq_open(QO, O_RDONLY), ENOENT,
		     "mq_open() of the parent namespace's queue");
	q = mq_open(QA, O_CREAT | O_EXCL | O_RDWR, 0600, &attr);
	if (q == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(%s, O_CREAT)", QA);
	if (mq_send(q, "ping", 4, 1))
		tst_brk(TBROK | TERRNO, "mq_send()");
	SAFE_MOUNT("mqueue", "mq", "mqueue", 0, NULL);
	fd = creat("mq" QF, 0600);
	TST_EXP_EXPR(fd >= 0, "creat(mq%s) in the mount: %s", QF,
		     fd >= 0 ? "made" : tst_strerrno(errno));
	if (fd >= 0)
		SAFE_CLOSE(fd);
	f = mq_open(QF, O_RDONLY);
	TST_EXP_EXPR(f != (mqd_t)-1, "mq_open() finds the queue made by "
		     "creat() in the mount: %s",
		     f != (mqd_t)-1 ? "yes" : tst_strerrno(errno));
	if (f != (mqd_t)-1)
		mq_close(f);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	TST_EXP_FAIL(mq_open(QF, O_RDONLY), ENOENT,
		     "mq_open() after the parent unlinked mq%s", QF);
	mq_close(q);
	exit(0);
}

static void ns_o(void)
{
	char buf[128] = "";
	unsigned int prio = 0;
	mqd_t o, viamnt;
	ssize_t n;
	pid_t pid;
	int fd;

	SAFE_MOUNT(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
	o = mq_open(QO, O_CREAT | O_EXCL | O_RDWR, 0600, NULL);
	if (o == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(%s, O_CREAT)", QO);

	pid = SAFE_NS_FORK(CLONE_NEWIPC);
	if (!pid)
		ns_a();
	TST_CHECKPOINT_WAIT(0);

	TST_EXP_EQ_LI(listing(), 3);
	fd = SAFE_OPEN("mq" QA, O_RDONLY);
	n = read(fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(n > 0 && !strncmp(buf, "QSIZE:4 ", 8),
		     "mq%s reads '%.20s'", QA, buf);
	TST_EXP_FAIL(mq_open(QA, O_RDONLY), ENOENT,
		     "mq_open() of the child namespace's queue");
	viamnt = SAFE_OPEN("mq" QA, O_RDWR);
	TST_EXP_PASS(unlink("mq" QF), "unlink(mq%s)", QF);
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(pid);

	TST_EXP_EQ_LI(listing(), 1);
	n = mq_receive(viamnt, buf, sizeof(buf), &prio);
	TST_EXP_EXPR(n == 4 && !memcmp(buf, "ping", 4) && prio == 1,
		     "the queue outlives its namespace: received %zd bytes, "
		     "priority %u", n, prio);
	TST_EXP_FAIL(creat("mq/ltp_mqns01_g", 0600), EACCES,
		     "creat() in the mount of a dead namespace");
	mq_close(viamnt);
	TST_EXP_EXPR(mq_unlink(QO) == 0, "the parent's own queue is there");
	mq_close(o);
	SAFE_UMOUNT("mq");
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWIPC | CLONE_NEWNS);

	if (!pid)
		ns_o();
	NS_REAP(pid);
}

static void setup(void)
{
	SAFE_MKDIR("mq", 0700);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_IPC_NS", "CONFIG_POSIX_MQUEUE", NULL
	},
};
