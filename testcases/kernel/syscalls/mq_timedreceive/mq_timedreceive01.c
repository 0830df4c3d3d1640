// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive() takes the oldest message of the highest priority:
 *  - sent with priorities 2, 7, 2, 7, 0 they come out as the two of 7,
 *    the two of 2, then the 0, each pair in the order sent, with the
 *    priority reported (and msg_prio NULL accepted);
 *  - a buffer shorter than mq_msgsize: EMSGSIZE even for a short message,
 *    which stays queued;
 *  - on an empty queue: EAGAIN through an O_NONBLOCK descriptor;
 *    ETIMEDOUT for an absolute timeout already past, and for one 100 ms
 *    ahead, not before it; EINVAL for tv_nsec -1;
 *  - a receiver blocked on an empty queue gets a message sent later;
 *  - a signal ends the wait with EINTR when its handler lacks SA_RESTART,
 *    and with SA_RESTART the call resumes and gets a later message;
 *  - a descriptor opened O_WRONLY, a pipe, -1: EBADF; a buffer outside the
 *    address space: EFAULT.
 */
#include <signal.h>
#include <sys/syscall.h>
#include "posix_mq.h"
#include "task_wait.h"

#define MSGSIZE 16

static char name[MQ_NAME_MAX_TEST];
static mqd_t q = -1, q_nonblock = -1, q_wronly = -1;
static volatile int *handled;

static void on_signal(int sig)
{
	(void)sig;
	*handled = 1;
}

static void setup(void)
{
	mq_test_name(name, "mq_timedreceive01", 0);
	q = mq_new(name, O_RDWR, 8, MSGSIZE);
	q_nonblock = mq_open(name, O_RDONLY | O_NONBLOCK);
	q_wronly = mq_open(name, O_WRONLY);
	if (q_nonblock == (mqd_t)-1 || q_wronly == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(%s)", name);
	handled = SAFE_MMAP(NULL, sizeof(*handled), PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static void put(const char *text, unsigned int prio)
{
	if (mq_send(q, text, strlen(text), prio))
		tst_brk(TBROK | TERRNO, "mq_send(%s, prio %u)", text, prio);
}

static void test_order(void)
{
	static const char *const want[] = { "b", "d", "a", "c", "e" };
	static const unsigned int want_prio[] = { 7, 7, 2, 2, 0 };
	struct timespec ts = mq_abs_in(1000);
	char buf[MSGSIZE + 1];
	unsigned int prio, i;
	ssize_t len;

	put("a", 2);
	put("b", 7);
	put("c", 2);
	put("d", 7);
	put("e", 0);
	for (i = 0; i < 5; i++) {
		memset(buf, 0, sizeof(buf));
		prio = 99;
		len = mq_timedreceive(q, buf, MSGSIZE, i == 4 ? NULL : &prio,
				      &ts);
		TST_EXP_EXPR(len == 1 && !strcmp(buf, want[i]) &&
			     (i == 4 || prio == want_prio[i]),
			     "receive %u: \"%s\" prio %u (%zd bytes), expected "
			     "\"%s\" prio %u", i + 1, len >= 0 ? buf : "",
			     prio, len, want[i], want_prio[i]);
	}
}

static void test_empty(void)
{
	struct timespec ts = { 0, 0 };
	char buf[MSGSIZE];
	long long start, elapsed;

	TST_EXP_FAIL(mq_receive(q_nonblock, buf, MSGSIZE, NULL), EAGAIN,
		     "mq_receive(O_NONBLOCK) on an empty queue");
	TST_EXP_FAIL(mq_timedreceive(q, buf, MSGSIZE, NULL, &ts), ETIMEDOUT,
		     "mq_timedreceive(timeout in 1970) on an empty queue");
	/*
	 * The clock is read before the deadline is made from CLOCK_REALTIME:
	 * the time in between (a preemption, under emulation many ms) then
	 * counts into elapsed instead of out of it.
	 */
	start = tst_mono_ms();
	ts = mq_abs_in(100);
	TST_EXP_FAIL(mq_timedreceive(q, buf, MSGSIZE, NULL, &ts), ETIMEDOUT,
		     "mq_timedreceive(timeout now + 100 ms) on an empty queue");
	elapsed = tst_mono_ms() - start;
	/* both clocks move together: the hrtimer on CLOCK_REALTIME expires
	 * no sooner than 100 ms of CLOCK_MONOTONIC after start */
	TST_EXP_EXPR(elapsed >= 100, "it returned after %lld ms (>= 100)",
		     elapsed);
	ts.tv_nsec = -1;
	TST_EXP_FAIL(mq_timedreceive(q, buf, MSGSIZE, NULL, &ts), EINVAL,
		     "mq_timedreceive(tv_nsec -1) on an empty queue");
}

static pid_t blocked_receiver(int sa_flags, int exp_errno)
{
	struct sigaction sa = { .sa_handler = on_signal, .sa_flags = sa_flags };
	char buf[MSGSIZE + 1] = "";
	pid_t pid = SAFE_FORK();
	ssize_t len;

	if (pid)
		return pid;
	if (sigaction(SIGUSR1, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
	if (exp_errno) {
		TST_EXP_FAIL(mq_receive(q, buf, MSGSIZE, NULL), exp_errno,
			     "mq_receive() on an empty queue, signal handler "
			     "without SA_RESTART");
		exit(0);
	}
	len = mq_receive(q, buf, MSGSIZE, NULL);
	TST_EXP_EXPR(len == 4 && !strcmp(buf, "late"),
		     "blocked mq_receive()%s got the message sent later "
		     "(%zd bytes)", sa_flags ? " restarted after a SA_RESTART "
		     "handler" : "", len);
	exit(0);
}

static void test_blocking(void)
{
	long long deadline;
	pid_t pid;

	pid = blocked_receiver(0, 0);
	wait_task_in_syscall(pid, __NR_mq_timedreceive);
	put("late", 1);
	reap_child(pid);

	pid = blocked_receiver(0, EINTR);
	wait_task_in_syscall(pid, __NR_mq_timedreceive);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);

	*handled = 0;
	pid = blocked_receiver(SA_RESTART, 0);
	wait_task_in_syscall(pid, __NR_mq_timedreceive);
	SAFE_KILL(pid, SIGUSR1);
	deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	while (!*handled) {
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "SIGUSR1 not handled after 10 s");
		usleep(1000);
	}
	/* restarted: asleep in the call again */
	wait_task_in_syscall(pid, __NR_mq_timedreceive);
	put("late", 1);
	reap_child(pid);
}

static void test_errors(void)
{
	char buf[MSGSIZE];
	int fds[2];

	put("x", 1);
	TST_EXP_FAIL(mq_receive(q, buf, MSGSIZE - 1, NULL), EMSGSIZE,
		     "mq_receive(buffer %d) with mq_msgsize %d", MSGSIZE - 1,
		     MSGSIZE);
	TST_EXP_EQ_LI(mq_attr_of(q).mq_curmsgs, 1);
	TST_EXP_FAIL(mq_receive(q_wronly, buf, MSGSIZE, NULL), EBADF,
		     "mq_receive() on an O_WRONLY descriptor");
	SAFE_PIPE(fds);
	TST_EXP_FAIL(mq_receive(fds[0], buf, MSGSIZE, NULL), EBADF,
		     "mq_receive(a pipe)");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
	TST_EXP_FAIL(mq_receive(-1, buf, MSGSIZE, NULL), EBADF,
		     "mq_receive(-1)");
	TST_EXP_FAIL(mq_receive(q, (void *)-1, MSGSIZE, NULL), EFAULT,
		     "mq_receive(buffer (void *)-1)");
}

static void run(void)
{
	test_order();
	test_empty();
	test_blocking();
	test_errors();
}

static void cleanup(void)
{
	mq_close_q(&q);
	mq_close_q(&q_nonblock);
	mq_close_q(&q_wronly);
	mq_unlink_quiet(name);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};
