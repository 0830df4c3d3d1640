// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_unlink() removes the name, not the queue:
 *  - after it, the name opens nothing (ENOENT), but a descriptor open
 *    before still sends and receives; the name can then be created again
 *    (O_EXCL passes) as a new, empty queue;
 *  - an unknown name, and the same name a second time: ENOENT; a name of
 *    256 bytes: ENAMETOOLONG; a name holding a second '/': EACCES;
 *  - nobody unlinking a root queue: the kernel says EPERM (the queue
 *    directory is sticky; C libraries report POSIX's EACCES), and the
 *    queue remains; nobody may unlink its own queue.
 */
#include <sys/syscall.h>
#include "posix_mq.h"

static char name[MQ_NAME_MAX_TEST], unused[MQ_NAME_MAX_TEST];
static char root_name[MQ_NAME_MAX_TEST], own_name[MQ_NAME_MAX_TEST];
static char long_name[258];
static mqd_t q = -1, q2 = -1;

static void setup(void)
{
	mq_test_name(name, "mq_unlink01", 0);
	mq_test_name(unused, "mq_unlink01", 1);
	mq_test_name(root_name, "mq_unlink01", 2);
	mq_test_name(own_name, "mq_unlink01", 3);
	memset(long_name, 'n', sizeof(long_name) - 1);
	long_name[0] = '/';
	long_name[sizeof(long_name) - 1] = '\0';
}

/* The kernel's own answer: the name without the leading '/'. */
static long sys_mq_unlink(const char *qname)
{
	return syscall(__NR_mq_unlink, qname + 1);
}

static void test_unlink(void)
{
	char buf[16] = "";
	unsigned int prio;

	q = mq_new(name, O_RDWR, 4, 16);
	TST_EXP_PASS(mq_unlink(name), "mq_unlink(%s)", name);
	TST_EXP_FAIL(mq_open(name, O_RDWR), ENOENT,
		     "mq_open() of the unlinked name");
	TST_EXP_PASS(mq_send(q, "kept", 5, 1),
		     "mq_send() on a descriptor of the unlinked queue");
	TST_EXP_VAL(mq_receive(q, buf, sizeof(buf), &prio), 5,
		    "mq_receive() on it");

	TST_EXP_FD(q2 = mq_open(name, O_CREAT | O_EXCL | O_RDWR, 0600, NULL),
		   "mq_open(O_CREAT | O_EXCL) of the name again");
	if (TST_PASS) {
		if (mq_send(q, "old", 4, 1))
			tst_brk(TBROK | TERRNO, "mq_send()");
		TST_EXP_EQ_LI(mq_attr_of(q2).mq_curmsgs, 0);
		mq_close_q(&q2);
		TST_EXP_PASS(mq_unlink(name), "mq_unlink() of the new queue");
	}
	mq_close_q(&q);
	TST_EXP_FAIL(mq_unlink(name), ENOENT, "mq_unlink() a second time");
}

static void as_nobody(void)
{
	mqd_t own;

	TST_EXP_FAIL(sys_mq_unlink(root_name), EPERM,
		     "nobody: mq_unlink syscall on a root queue of mode 0666");
	own = mq_open(own_name, O_CREAT | O_EXCL | O_RDWR, 0600, NULL);
	if (own == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "nobody: mq_open(O_CREAT)");
	mq_close(own);
	TST_EXP_PASS(mq_unlink(own_name), "nobody: mq_unlink() of its queue");
}

static void run(void)
{
	pid_t pid;

	test_unlink();
	TST_EXP_FAIL(mq_unlink(unused), ENOENT, "mq_unlink(unknown name)");
	TST_EXP_FAIL(mq_unlink(long_name), ENAMETOOLONG,
		     "mq_unlink(name of 256 bytes)");
	TST_EXP_FAIL(mq_unlink("/ltp_dir/queue"), EACCES,
		     "mq_unlink(\"/ltp_dir/queue\")");

	q2 = mq_open(root_name, O_CREAT | O_EXCL | O_RDWR, 0666, NULL);
	if (q2 == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(%s, O_CREAT)", root_name);
	mq_close_q(&q2);
	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		as_nobody();
		exit(0);
	}
	reap_child(pid);
	TST_EXP_PASS(mq_unlink(root_name),
		     "root: mq_unlink() of the queue nobody could not unlink");
}

static void cleanup(void)
{
	mq_close_q(&q);
	mq_close_q(&q2);
	mq_unlink_quiet(name);
	mq_unlink_quiet(root_name);
	mq_unlink_quiet(own_name);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
