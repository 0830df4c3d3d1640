// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_getsetattr() (mq_getattr, mq_setattr) reads the queue's attributes
 * and changes only O_NONBLOCK, per open descriptor:
 *  - mq_getattr reports mq_maxmsg, mq_msgsize, mq_curmsgs (2 after two
 *    sends) and mq_flags 0;
 *  - mq_setattr(O_NONBLOCK) returns the old attributes, sets O_NONBLOCK
 *    (mq_receive on the emptied queue is then EAGAIN, not a sleep) and
 *    ignores new mq_maxmsg, mq_msgsize and mq_curmsgs; another descriptor
 *    of the same queue keeps its flags; clearing the flag works too;
 *  - both pointers NULL: 0; mq_flags with a bit other than O_NONBLOCK:
 *    EINVAL, flags unchanged; -1 or a pipe: EBADF; new or old attributes
 *    outside the address space: EFAULT.
 */
#include <sys/syscall.h>
#include "posix_mq.h"

#define MAXMSG 5
#define MSGSIZE 32

static char name[MQ_NAME_MAX_TEST];
static mqd_t q = -1, q_other = -1;

static long sys_getsetattr(mqd_t mqd, const struct mq_attr *new,
			   struct mq_attr *old)
{
	return tst_syscall(__NR_mq_getsetattr, mqd, new, old);
}

static void setup(void)
{
	mq_test_name(name, "mq_getsetattr01", 0);
	q = mq_new(name, O_RDWR, MAXMSG, MSGSIZE);
	q_other = mq_open(name, O_RDWR);
	if (q_other == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(%s)", name);
}

static void test_get(void)
{
	struct mq_attr attr;

	if (mq_send(q, "1", 1, 0) || mq_send(q, "2", 1, 0))
		tst_brk(TBROK | TERRNO, "mq_send()");
	memset(&attr, 0xff, sizeof(attr));
	TST_EXP_PASS(mq_getattr(q, &attr), "mq_getattr()");
	TST_EXP_EXPR(attr.mq_maxmsg == MAXMSG && attr.mq_msgsize == MSGSIZE &&
		     attr.mq_curmsgs == 2 && attr.mq_flags == 0,
		     "mq_getattr: maxmsg %ld, msgsize %ld, curmsgs %ld, "
		     "flags 0x%lx", attr.mq_maxmsg, attr.mq_msgsize,
		     attr.mq_curmsgs, attr.mq_flags);
}

static void test_set(void)
{
	struct mq_attr new = { .mq_flags = O_NONBLOCK, .mq_maxmsg = 1,
			       .mq_msgsize = 1, .mq_curmsgs = 9 };
	struct mq_attr old, attr;
	char buf[MSGSIZE];

	memset(&old, 0xff, sizeof(old));
	TST_EXP_PASS(mq_setattr(q, &new, &old), "mq_setattr(O_NONBLOCK)");
	TST_EXP_EXPR(old.mq_flags == 0 && old.mq_maxmsg == MAXMSG &&
		     old.mq_msgsize == MSGSIZE && old.mq_curmsgs == 2,
		     "the old attributes: flags 0x%lx, maxmsg %ld, msgsize "
		     "%ld, curmsgs %ld", old.mq_flags, old.mq_maxmsg,
		     old.mq_msgsize, old.mq_curmsgs);
	attr = mq_attr_of(q);
	TST_EXP_EXPR(attr.mq_flags == O_NONBLOCK && attr.mq_maxmsg == MAXMSG &&
		     attr.mq_msgsize == MSGSIZE && attr.mq_curmsgs == 2,
		     "only O_NONBLOCK changed: flags 0x%lx, maxmsg %ld, "
		     "msgsize %ld, curmsgs %ld", attr.mq_flags,
		     attr.mq_maxmsg, attr.mq_msgsize, attr.mq_curmsgs);
	TST_EXP_EQ_LI(mq_attr_of(q_other).mq_flags, 0);

	if (mq_receive(q, buf, MSGSIZE, NULL) < 0 ||
	    mq_receive(q, buf, MSGSIZE, NULL) < 0)
		tst_brk(TBROK | TERRNO, "mq_receive()");
	TST_EXP_FAIL(mq_receive(q, buf, MSGSIZE, NULL), EAGAIN,
		     "mq_receive() on the empty queue after mq_setattr"
		     "(O_NONBLOCK)");

	new.mq_flags = 0;
	TST_EXP_PASS(mq_setattr(q, &new, NULL), "mq_setattr(flags 0)");
	TST_EXP_EQ_LI(mq_attr_of(q).mq_flags, 0);
}

static void test_errors(void)
{
	struct mq_attr new = { .mq_flags = O_NONBLOCK | O_APPEND };
	struct mq_attr old;
	int fds[2];

	TST_EXP_PASS(sys_getsetattr(q, NULL, NULL),
		     "mq_getsetattr(new NULL, old NULL)");
	TST_EXP_FAIL(sys_getsetattr(q, &new, NULL), EINVAL,
		     "mq_getsetattr(mq_flags O_NONBLOCK | O_APPEND)");
	TST_EXP_EQ_LI(mq_attr_of(q).mq_flags, 0);
	new.mq_flags = 0;
	TST_EXP_FAIL(sys_getsetattr(-1, NULL, &old), EBADF,
		     "mq_getsetattr(-1)");
	SAFE_PIPE(fds);
	TST_EXP_FAIL(sys_getsetattr(fds[0], NULL, &old), EBADF,
		     "mq_getsetattr(a pipe)");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
	TST_EXP_FAIL(sys_getsetattr(q, (void *)-1, NULL), EFAULT,
		     "mq_getsetattr(new (void *)-1)");
	TST_EXP_FAIL(sys_getsetattr(q, NULL, (void *)-1), EFAULT,
		     "mq_getsetattr(old (void *)-1)");
}

static void run(void)
{
	test_get();
	test_set();
	test_errors();
}

static void cleanup(void)
{
	mq_close_q(&q);
	mq_close_q(&q_other);
	mq_unlink_quiet(name);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};
