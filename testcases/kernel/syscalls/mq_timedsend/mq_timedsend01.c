// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend() queues messages by priority and blocks on a full queue:
 *  - messages of priorities 1, 5, 1 come out 5 first, then the two of
 *    priority 1 in the order sent; mq_curmsgs counts them; an empty
 *    message is a message;
 *  - on a full queue: EAGAIN through an O_NONBLOCK descriptor; ETIMEDOUT
 *    for an absolute timeout already past, and for one 100 ms ahead, not
 *    before it; EINVAL for tv_nsec 1000000000;
 *  - a sender blocked on a full queue completes when a message is taken;
 *  - a message longer than mq_msgsize: EMSGSIZE; priority MQ_PRIO_MAX:
 *    EINVAL; a descriptor opened O_RDONLY, a pipe, -1: EBADF; a message
 *    outside the address space: EFAULT.
 */
#include <sys/syscall.h>
#include "posix_mq.h"
#include "task_wait.h"

#define MAXMSG 3
#define MSGSIZE 16

static char name[MQ_NAME_MAX_TEST];
static mqd_t q = -1, q_nonblock = -1, q_rdonly = -1;

static void setup(void)
{
	mq_test_name(name, "mq_timedsend01", 0);
	q = mq_new(name, O_RDWR, MAXMSG, MSGSIZE);
	q_nonblock = mq_open(name, O_WRONLY | O_NONBLOCK);
	q_rdonly = mq_open(name, O_RDONLY);
	if (q_nonblock == (mqd_t)-1 || q_rdonly == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(%s)", name);
}

static void put(const char *text, unsigned int prio)
{
	if (mq_send(q, text, strlen(text), prio))
		tst_brk(TBROK | TERRNO, "mq_send(%s, prio %u)", text, prio);
}

static void expect_receive(const char *text, unsigned int prio)
{
	char buf[MSGSIZE + 1] = "";
	unsigned int got_prio = 0;
	ssize_t len;

	len = mq_receive(q, buf, MSGSIZE, &got_prio);
	TST_EXP_EXPR(len == (ssize_t)strlen(text) && !strcmp(buf, text) &&
		     got_prio == prio,
		     "received \"%s\" prio %u (%zd bytes), expected \"%s\" "
		     "prio %u", len >= 0 ? buf : "", got_prio, len, text,
		     prio);
}

static void test_priority(void)
{
	struct timespec ts = mq_abs_in(1000);

	TST_EXP_PASS(mq_timedsend(q, "low", 3, 1, &ts), "mq_timedsend(prio 1)");
	TST_EXP_PASS(mq_timedsend(q, "high", 4, 5, &ts),
		     "mq_timedsend(prio 5)");
	TST_EXP_PASS(mq_timedsend(q, "low2", 4, 1, &ts),
		     "mq_timedsend(prio 1)");
	TST_EXP_EQ_LI(mq_attr_of(q).mq_curmsgs, 3);
	expect_receive("high", 5);
	expect_receive("low", 1);
	expect_receive("low2", 1);

	TST_EXP_PASS(mq_timedsend(q, "", 0, 0, &ts), "mq_timedsend(0 bytes)");
	expect_receive("", 0);
}

static void test_full(void)
{
	struct timespec ts = { 0, 0 };
	long long start, elapsed;

	put("1", 0);
	put("2", 0);
	put("3", 0);
	TST_EXP_FAIL(mq_send(q_nonblock, "4", 1, 0), EAGAIN,
		     "mq_send(O_NONBLOCK) on a full queue");
	TST_EXP_FAIL(mq_timedsend(q, "4", 1, 0, &ts), ETIMEDOUT,
		     "mq_timedsend(timeout in 1970) on a full queue");
	/*
	 * The clock is read before the deadline is made from CLOCK_REALTIME:
	 * the time in between (a preemption, under emulation many ms) then
	 * counts into elapsed instead of out of it.
	 */
	start = tst_mono_ms();
	ts = mq_abs_in(100);
	TST_EXP_FAIL(mq_timedsend(q, "4", 1, 0, &ts), ETIMEDOUT,
		     "mq_timedsend(timeout now + 100 ms) on a full queue");
	elapsed = tst_mono_ms() - start;
	/* both clocks move together: the hrtimer on CLOCK_REALTIME expires
	 * no sooner than 100 ms of CLOCK_MONOTONIC after start */
	TST_EXP_EXPR(elapsed >= 100, "it returned after %lld ms (>= 100)",
		     elapsed);
	ts.tv_nsec = 1000000000;
	TST_EXP_FAIL(mq_timedsend(q, "4", 1, 0, &ts), EINVAL,
		     "mq_timedsend(tv_nsec 1000000000) on a full queue");
	TST_EXP_EQ_LI(mq_attr_of(q).mq_curmsgs, MAXMSG);
}

static void test_wake(void)
{
	struct timespec ts;
	char buf[MSGSIZE];
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		ts = mq_abs_in(10000 * tst_timeout_mul());
		TST_EXP_PASS(mq_timedsend(q, "late", 4, 9, &ts),
			     "mq_timedsend() blocked on a full queue, then "
			     "room made");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_mq_timedsend);
	if (mq_receive(q, buf, MSGSIZE, NULL) < 0)
		tst_brk(TBROK | TERRNO, "mq_receive()");
	reap_child(pid);
	TST_EXP_EQ_LI(mq_attr_of(q).mq_curmsgs, MAXMSG);
	expect_receive("late", 9);
	expect_receive("2", 0);
	expect_receive("3", 0);
}

static void test_errors(void)
{
	char toolong[MSGSIZE + 1];
	int fds[2];

	memset(toolong, 'x', sizeof(toolong));
	TST_EXP_FAIL(mq_send(q, toolong, MSGSIZE + 1, 0), EMSGSIZE,
		     "mq_send(%d bytes) with mq_msgsize %d", MSGSIZE + 1,
		     MSGSIZE);
	TST_EXP_FAIL(mq_send(q, "x", 1, sysconf(_SC_MQ_PRIO_MAX)), EINVAL,
		     "mq_send(prio MQ_PRIO_MAX = %ld)",
		     sysconf(_SC_MQ_PRIO_MAX));
	TST_EXP_FAIL(mq_send(q_rdonly, "x", 1, 0), EBADF,
		     "mq_send() on an O_RDONLY descriptor");
	SAFE_PIPE(fds);
	TST_EXP_FAIL(mq_send(fds[1], "x", 1, 0), EBADF, "mq_send(a pipe)");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
	TST_EXP_FAIL(mq_send(-1, "x", 1, 0), EBADF, "mq_send(-1)");
	TST_EXP_FAIL(mq_send(q, (void *)-1, 1, 0), EFAULT,
		     "mq_send(message (void *)-1)");
	TST_EXP_EQ_LI(mq_attr_of(q).mq_curmsgs, 0);
}

static void run(void)
{
	test_priority();
	test_full();
	test_wake();
	test_errors();
}

static void cleanup(void)
{
	mq_close_q(&q);
	mq_close_q(&q_nonblock);
	mq_close_q(&q_rdonly);
	mq_unlink_quiet(name);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};
