// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() permissions and per-user limits:
 *  - nobody opening a root queue of mode 0600 gets EACCES for O_RDONLY
 *    and O_WRONLY; on mode 0644 O_RDONLY passes, O_WRONLY and O_RDWR are
 *    EACCES;
 *  - nobody creating a queue may ask for up to fs.mqueue.msg_max messages
 *    and msgsize_max bytes; one more of either is EINVAL;
 *  - root may exceed msg_max if it holds CAP_SYS_RESOURCE (a container's
 *    root may not: then EINVAL).
 */
#include "posix_mq.h"
#include "cap_check.h"

static char name_0600[MQ_NAME_MAX_TEST], name_0644[MQ_NAME_MAX_TEST];
static char name_nobody[MQ_NAME_MAX_TEST], name_root[MQ_NAME_MAX_TEST];
static long msg_max, msgsize_max;

static void make_queue(const char *name, mode_t mode)
{
	mqd_t q = mq_open(name, O_CREAT | O_EXCL | O_RDWR, mode, NULL);

	if (q == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(%s, O_CREAT)", name);
	mq_close(q);
}

static void setup(void)
{
	mode_t old_mask = umask(0);

	mq_test_name(name_0600, "mq_open02", 0);
	mq_test_name(name_0644, "mq_open02", 1);
	mq_test_name(name_nobody, "mq_open02", 2);
	mq_test_name(name_root, "mq_open02", 3);
	make_queue(name_0600, 0600);
	make_queue(name_0644, 0644);
	umask(old_mask);
	if (!tst_file_read_long("/proc/sys/fs/mqueue/msg_max", &msg_max) ||
	    !tst_file_read_long("/proc/sys/fs/mqueue/msgsize_max",
				&msgsize_max))
		tst_brk(TBROK, "/proc/sys/fs/mqueue/msg_max or msgsize_max "
			"missing");
}

static void expect_open(const char *name, int oflag, int err,
			const char *what)
{
	mqd_t q;

	if (err) {
		TST_EXP_FAIL(mq_open(name, oflag), err, "nobody: %s", what);
		return;
	}
	TST_EXP_FD(q = mq_open(name, oflag), "nobody: %s", what);
	if (TST_PASS)
		mq_close(q);
}

static void create_as_nobody(long maxmsg, long msgsize, int err)
{
	struct mq_attr attr = { .mq_maxmsg = maxmsg, .mq_msgsize = msgsize };
	mqd_t q;

	if (err) {
		TST_EXP_FAIL(mq_open(name_nobody, O_CREAT | O_EXCL | O_RDWR,
				     0600, &attr), err,
			     "nobody: mq_open(O_CREAT, maxmsg %ld, msgsize %ld)",
			     maxmsg, msgsize);
		return;
	}
	TST_EXP_FD(q = mq_open(name_nobody, O_CREAT | O_EXCL | O_RDWR, 0600,
			       &attr),
		   "nobody: mq_open(O_CREAT, maxmsg %ld, msgsize %ld)",
		   maxmsg, msgsize);
	if (TST_PASS) {
		mq_close(q);
		mq_unlink(name_nobody);
	}
}

static void as_nobody(void)
{
	expect_open(name_0600, O_RDONLY, EACCES, "O_RDONLY, root queue 0600");
	expect_open(name_0600, O_WRONLY, EACCES, "O_WRONLY, root queue 0600");
	expect_open(name_0644, O_RDONLY, 0, "O_RDONLY, root queue 0644");
	expect_open(name_0644, O_WRONLY, EACCES, "O_WRONLY, root queue 0644");
	expect_open(name_0644, O_RDWR, EACCES, "O_RDWR, root queue 0644");

	/*
	 * The queues at the limits must fit RLIMIT_MSGQUEUE (default 800 KiB
	 * per user), or that limit refuses them first (EMFILE).
	 */
	if (msg_max > 4096 || msgsize_max > 65536) {
		tst_res(TCONF, "fs.mqueue.msg_max %ld or msgsize_max %ld raised:"
			" a queue at that limit exceeds RLIMIT_MSGQUEUE",
			msg_max, msgsize_max);
		return;
	}
	create_as_nobody(msg_max, 16, 0);
	create_as_nobody(msg_max + 1, 16, EINVAL);
	create_as_nobody(2, msgsize_max, 0);
	create_as_nobody(2, msgsize_max + 1, EINVAL);
}

static void run(void)
{
	struct mq_attr attr = { .mq_maxmsg = msg_max + 1, .mq_msgsize = 16 };
	mqd_t q;

	pid_t pid = SAFE_FORK();

	if (!pid) {
		tst_drop_privs();
		as_nobody();
		exit(0);
	}
	reap_child(pid);

	if (!has_effective_cap(CAP_SYS_RESOURCE)) {
		TST_EXP_FAIL(mq_open(name_root, O_CREAT | O_EXCL | O_RDWR, 0600,
				     &attr), EINVAL,
			     "root without CAP_SYS_RESOURCE: maxmsg msg_max + 1");
		return;
	}
	TST_EXP_FD(q = mq_open(name_root, O_CREAT | O_EXCL | O_RDWR, 0600,
			       &attr),
		   "root: mq_open(O_CREAT, maxmsg msg_max + 1 = %ld)",
		   msg_max + 1);
	if (TST_PASS) {
		mq_close(q);
		mq_unlink(name_root);
	}
}

static void cleanup(void)
{
	mq_unlink_quiet(name_0600);
	mq_unlink_quiet(name_0644);
	mq_unlink_quiet(name_nobody);
	mq_unlink_quiet(name_root);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
