// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The fs.mqueue limits belong to the IPC namespace (ipc/mq_sysctl.c,
 * ipc/mqueue.c). In a child that unshare()s CLONE_NEWIPC:
 *  - the new namespace starts with the kernel's defaults, whatever the
 *    host has: queues_max 256, msg_max 10, msgsize_max 8192, msg_default
 *    10, msgsize_default 8192;
 *  - msg_max 0 and msgsize_max 127 are refused (EINVAL) and change
 *    nothing;
 *  - with queues_max 3, msg_max 4, msgsize_max 256 set there: a queue
 *    created without attributes gets 4 messages of 256 bytes (the
 *    defaults capped by the maxima); an unprivileged user (a uid of its
 *    own) asking for 5 messages or 257 bytes gets EINVAL, 4 and 256 pass;
 *    the namespace's third queue is created, the fourth is ENOSPC; a
 *    queue unlinked but still open still counts (ENOSPC), once closed
 *    its place is free; root with CAP_SYS_RESOURCE may create beyond
 *    queues_max (without it: ENOSPC);
 *  - the host namespace sees neither the queues (ENOENT for the name)
 *    nor the limits (its queues_max and msg_max unchanged).
 */
#include <sched.h>
#include "posix_mq.h"
#include "as_nobody.h"
#include "cap_check.h"

#define MQ_SYSCTL "/proc/sys/fs/mqueue/"

static char name_a[MQ_NAME_MAX_TEST];
static long host_queues_max, host_msg_max;

static long read_knob(const char *knob)
{
	char path[128];
	long val;

	snprintf(path, sizeof(path), MQ_SYSCTL "%s", knob);
	SAFE_FILE_SCANF(path, "%ld", &val);
	return val;
}

static int write_knob(const char *knob, long val)
{
	char path[128], buf[32];
	int fd, len, ret;

	snprintf(path, sizeof(path), MQ_SYSCTL "%s", knob);
	len = snprintf(buf, sizeof(buf), "%ld", val);
	fd = SAFE_OPEN(path, O_WRONLY);
	ret = write(fd, buf, len);
	SAFE_CLOSE(fd);
	return ret == len ? 0 : -1;
}

static void expect_knob(const char *knob, long val)
{
	long cur = read_knob(knob);

	TST_EXP_EXPR(cur == val, "fs.mqueue.%s is %ld (expected %ld)", knob,
		     cur, val);
}

static mqd_t try_create(const char *name, long maxmsg, long msgsize)
{
	struct mq_attr attr = { .mq_maxmsg = maxmsg, .mq_msgsize = msgsize };

	return mq_open(name, O_CREAT | O_EXCL | O_RDWR, 0600, &attr);
}

static void user_part(void)
{
	mqd_t b, c, d;

	drop_to_own_uid();
	TST_EXP_FAIL(try_create("/x", 5, 16), EINVAL,
		     "user: maxmsg 5 above the namespace's msg_max 4");
	TST_EXP_FAIL(try_create("/x", 2, 257), EINVAL,
		     "user: msgsize 257 above the namespace's msgsize_max "
		     "256");
	TST_EXP_FD(b = try_create("/b", 4, 256), "user: maxmsg 4, msgsize "
		   "256 (the second queue)");
	TST_EXP_FD(c = try_create("/c", 1, 16), "user: the third queue");
	TST_EXP_FAIL(try_create("/d", 1, 16), ENOSPC,
		     "user: a fourth queue with queues_max 3");
	TST_EXP_PASS(mq_unlink("/c"), "mq_unlink(/c), still open");
	TST_EXP_FAIL(try_create("/d", 1, 16), ENOSPC,
		     "user: a queue unlinked but open still counts");
	TST_EXP_PASS(mq_close(c), "mq_close(/c)");
	TST_EXP_FD(d = try_create("/d", 1, 16), "user: a new third queue "
		   "once the unlinked one is closed");
	TST_EXP_FAIL(try_create("/e", 1, 16), ENOSPC,
		     "user: a fourth queue again");
	if (b != (mqd_t)-1)
		mq_close(b);
	if (d != (mqd_t)-1)
		mq_close(d);
	exit(0);
}

static void ns_child(void)
{
	struct mq_attr attr;
	mqd_t a, e;
	pid_t pid;

	if (unshare(CLONE_NEWIPC)) {
		if (errno == EINVAL)
			tst_brk(TCONF, "no IPC namespaces (CONFIG_IPC_NS)");
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWIPC)");
	}
	expect_knob("queues_max", 256);
	expect_knob("msg_max", 10);
	expect_knob("msgsize_max", 8192);
	expect_knob("msg_default", 10);
	expect_knob("msgsize_default", 8192);

	TST_EXP_FAIL(write_knob("msg_max", 0), EINVAL, "msg_max = 0");
	TST_EXP_FAIL(write_knob("msgsize_max", 127), EINVAL,
		     "msgsize_max = 127");
	expect_knob("msg_max", 10);
	expect_knob("msgsize_max", 8192);

	if (write_knob("queues_max", 3) || write_knob("msg_max", 4) ||
	    write_knob("msgsize_max", 256))
		tst_brk(TBROK | TERRNO, "setting the namespace's limits");
	expect_knob("queues_max", 3);
	expect_knob("msg_max", 4);
	expect_knob("msgsize_max", 256);

	a = mq_open(name_a, O_CREAT | O_EXCL | O_RDWR, 0600, NULL);
	if (a == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(%s, O_CREAT, NULL)", name_a);
	attr = mq_attr_of(a);
	TST_EXP_EXPR(attr.mq_maxmsg == 4 && attr.mq_msgsize == 256,
		     "a queue without attributes: maxmsg %ld, msgsize %ld "
		     "(expected 4 and 256)", (long)attr.mq_maxmsg,
		     (long)attr.mq_msgsize);

	/* the host does not see it */
	TST_CHECKPOINT_WAKE_AND_WAIT(0);

	pid = SAFE_FORK();
	if (!pid)
		user_part();
	reap_child(pid);

	/* the namespace holds 3 queues: /a, /b, /d */
	if (has_effective_cap(CAP_SYS_RESOURCE)) {
		TST_EXP_FD(e = try_create("/e", 1, 16), "root with "
			   "CAP_SYS_RESOURCE: a fourth queue");
		if (e != (mqd_t)-1)
			mq_close(e);
	} else {
		TST_EXP_FAIL(try_create("/e", 1, 16), ENOSPC,
			     "root without CAP_SYS_RESOURCE: a fourth queue");
	}
	mq_close(a);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		ns_child();
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_FAIL(mq_open(name_a, O_RDONLY), ENOENT,
		     "the host namespace opens %s", name_a);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	TST_EXP_EQ_LI(read_knob("queues_max"), host_queues_max);
	TST_EXP_EQ_LI(read_knob("msg_max"), host_msg_max);
}

static void setup(void)
{
	mq_test_name(name_a, "mqns", 0);
	host_queues_max = read_knob("queues_max");
	host_msg_max = read_knob("msg_max");
}

static void cleanup(void)
{
	mq_unlink_quiet(name_a);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
