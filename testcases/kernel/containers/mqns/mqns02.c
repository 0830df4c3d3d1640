// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The POSIX queue limits under /proc/sys/fs/mqueue belong to the ipc
 * namespace of the reader, and setns() switches which queues a name finds
 * (ipc/mqueue.c mqueue_create_attr(), mqueue_get_inode(),
 * ipc/mq_sysctl.c). Process O has an ipc namespace of its own and makes
 * /ltp_mqns02_o; its child A in a new namespace sets queues_max 2,
 * msg_max 5, msgsize_max 128 and, without CAP_SYS_RESOURCE in its
 * effective set:
 *  - mq_open(O_CREAT) with mq_maxmsg 6 or mq_msgsize 129 is EINVAL,
 *    5 x 128 works; a second queue works, a third is ENOSPC;
 * with CAP_SYS_RESOURCE raised again, the third queue with mq_maxmsg 6
 * works (the namespace limits do not bind it);
 * O's limits read what they read before. A child of O that setns()es into
 * A's namespace (while A lives):
 *  - finds A's queue (mq_getattr: maxmsg 5, msgsize 128) and no longer
 *    O's (ENOENT); reads queues_max 2;
 *  - still uses O's queue through the descriptor opened before setns().
 */
#include <fcntl.h>
#include <mqueue.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define MQSYS "/proc/sys/fs/mqueue/"
#define QO "/ltp_mqns02_o"
#define QA1 "/ltp_mqns02_a1"
#define QA2 "/ltp_mqns02_a2"
#define QA3 "/ltp_mqns02_a3"

static long rd(const char *path)
{
	long val;

	SAFE_FILE_SCANF(path, "%ld", &val);
	return val;
}

static void cap_resource(int on)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	if (syscall(__NR_capget, &hdr, data))
		tst_brk(TBROK | TERRNO, "capget()");
	if (on)
		data[0].effective |= 1U << CAP_SYS_RESOURCE;
	else
		data[0].effective &= ~(1U << CAP_SYS_RESOURCE);
	if (syscall(__NR_capset, &hdr, data))
		tst_brk(TBROK | TERRNO, "capset()");
}

static mqd_t mk(const char *name, long maxmsg, long msgsize)
{
	struct mq_attr attr = { .mq_maxmsg = maxmsg, .mq_msgsize = msgsize };

	return mq_open(name, O_CREAT | O_EXCL | O_RDWR, 0600, &attr);
}

static void ns_a(void)
{
	mqd_t q;

	SAFE_FILE_PRINTF(MQSYS "queues_max", "2");
	SAFE_FILE_PRINTF(MQSYS "msg_max", "5");
	SAFE_FILE_PRINTF(MQSYS "msgsize_max", "128");
	cap_resource(0);
	TST_EXP_FAIL(mk(QA1, 6, 128), EINVAL, "mq_maxmsg 6 over msg_max 5");
	TST_EXP_FAIL(mk(QA1, 5, 129), EINVAL,
		     "mq_msgsize 129 over msgsize_max 128");
	q = mk(QA1, 5, 128);
	TST_EXP_EXPR(q != (mqd_t)-1, "mq_open() of 5 x 128: %s",
		     q != (mqd_t)-1 ? "made" : tst_strerrno(errno));
	q = mk(QA2, 1, 16);
	TST_EXP_EXPR(q != (mqd_t)-1, "a second queue under queues_max 2: %s",
		     q != (mqd_t)-1 ? "made" : tst_strerrno(errno));
	TST_EXP_FAIL(mk(QA3, 1, 16), ENOSPC, "a third queue under "
		     "queues_max 2 without CAP_SYS_RESOURCE");
	cap_resource(1);
	q = mk(QA3, 6, 16);
	TST_EXP_EXPR(q != (mqd_t)-1, "a third queue of 6 messages with "
		     "CAP_SYS_RESOURCE: %s",
		     q != (mqd_t)-1 ? "made" : tst_strerrno(errno));
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	exit(0);
}

static void joiner(pid_t a, mqd_t o)
{
	struct mq_attr attr;
	char path[64];
	mqd_t q;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/ns/ipc", (int)a);
	fd = SAFE_OPEN(path, O_RDONLY);
	TST_EXP_PASS(setns(fd, CLONE_NEWIPC), "setns() into A's namespace");
	if (!TST_PASS)
		exit(0);
	q = mq_open(QA1, O_RDONLY);
	TST_EXP_EXPR(q != (mqd_t)-1 && !mq_getattr(q, &attr) &&
		     attr.mq_maxmsg == 5 && attr.mq_msgsize == 128,
		     "after setns() the name finds A's queue");
	TST_EXP_FAIL(mq_open(QO, O_RDONLY), ENOENT,
		     "after setns() O's queue name");
	TST_EXP_EQ_LI(rd(MQSYS "queues_max"), 2);
	TST_EXP_PASS(mq_send(o, "x", 1, 0),
		     "mq_send() on O's queue opened before setns()");
	exit(0);
}

static void ns_o(void)
{
	long qmax = rd(MQSYS "queues_max"), mmax = rd(MQSYS "msg_max");
	long smax = rd(MQSYS "msgsize_max");
	struct mq_attr attr;
	pid_t a, j;
	mqd_t o;

	o = mq_open(QO, O_CREAT | O_EXCL | O_RDWR, 0600, NULL);
	if (o == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(%s, O_CREAT)", QO);
	a = SAFE_NS_FORK(CLONE_NEWIPC);
	if (!a)
		ns_a();
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EXPR(rd(MQSYS "queues_max") == qmax &&
		     rd(MQSYS "msg_max") == mmax &&
		     rd(MQSYS "msgsize_max") == smax,
		     "O's limits unchanged (%ld %ld %ld)", qmax, mmax, smax);
	j = SAFE_FORK();
	if (!j)
		joiner(a, o);
	NS_REAP(j);
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(a);
	if (mq_getattr(o, &attr))
		tst_brk(TBROK | TERRNO, "mq_getattr()");
	TST_EXP_EQ_LI(attr.mq_curmsgs, 1);
	mq_close(o);
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
		"CONFIG_IPC_NS", "CONFIG_POSIX_MQUEUE", NULL
	},
};
