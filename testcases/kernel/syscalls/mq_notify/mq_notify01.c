// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_notify() with SIGEV_SIGNAL:
 *  - a message arriving on the empty queue sends the signal once, with
 *    si_code SI_MESGQ, the registered si_value, and the sender's pid and
 *    uid; the registration is then gone (the next arrival on the empty
 *    queue sends nothing) and may be made again;
 *  - a message arriving on a queue that is not empty sends nothing;
 *  - a message handed to a process blocked in mq_receive sends nothing,
 *    and the registration stays;
 *  - while registered (also with SIGEV_NONE), registering again is EBUSY,
 *    from the same process and from another; a NULL notification from a
 *    process that is not the owner removes nothing; from the owner it
 *    removes the registration, and another process may register;
 *  - sigev_notify 1234 or sigev_signo 65: EINVAL; -1 or a pipe: EBADF.
 */
#include <signal.h>
#include <sys/syscall.h>
#include "posix_mq.h"
#include "task_wait.h"

#define MSGSIZE 8

static char name[MQ_NAME_MAX_TEST];
static mqd_t q = -1;
static sigset_t usr1;

static void setup(void)
{
	mq_test_name(name, "mq_notify01", 0);
	q = mq_new(name, O_RDWR, 4, MSGSIZE);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &usr1, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask()");
}

static int notify_signal(int value)
{
	struct sigevent sev = {
		.sigev_notify = SIGEV_SIGNAL,
		.sigev_signo = SIGUSR1,
		.sigev_value.sival_int = value,
	};

	return mq_notify(q, &sev);
}

static int notify_none(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };

	return mq_notify(q, &sev);
}

static int usr1_pending(void)
{
	sigset_t set;

	if (sigpending(&set))
		tst_brk(TBROK | TERRNO, "sigpending()");
	return sigismember(&set, SIGUSR1);
}

static void put(void)
{
	if (mq_send(q, "m", 1, 0))
		tst_brk(TBROK | TERRNO, "mq_send()");
}

static void drain(void)
{
	char buf[MSGSIZE];

	while (mq_attr_of(q).mq_curmsgs)
		if (mq_receive(q, buf, MSGSIZE, NULL) < 0)
			tst_brk(TBROK | TERRNO, "mq_receive()");
}

static void test_delivery(void)
{
	struct timespec ts = { 10 * tst_timeout_mul(), 0 };
	siginfo_t si;
	pid_t pid;

	TST_EXP_PASS(notify_signal(42), "mq_notify(SIGEV_SIGNAL SIGUSR1)");
	pid = SAFE_FORK();
	if (!pid) {
		put();
		exit(0);
	}
	reap_child(pid);
	memset(&si, 0, sizeof(si));
	TEST(sigtimedwait(&usr1, &si, &ts));
	TST_EXP_EXPR(TST_RET == SIGUSR1 && si.si_code == SI_MESGQ &&
		     si.si_value.sival_int == 42 && si.si_pid == pid &&
		     si.si_uid == getuid(),
		     "notification: signal %ld, si_code %d (SI_MESGQ %d), "
		     "value %d, si_pid %d (sender %d)", TST_RET, si.si_code,
		     SI_MESGQ, si.si_value.sival_int, si.si_pid, (int)pid);

	drain();
	put();
	TST_EXP_EXPR(!usr1_pending(),
		     "no second signal: the registration was used up");
	drain();
	TST_EXP_PASS(notify_signal(43), "mq_notify() again after delivery");

	/* a second message on a non-empty queue is no arrival on empty */
	put();
	if (sigtimedwait(&usr1, &si, &ts) != SIGUSR1)
		tst_brk(TBROK | TERRNO, "sigtimedwait()");
	TST_EXP_PASS(notify_signal(44), "mq_notify() with a message queued");
	put();
	TST_EXP_EXPR(!usr1_pending(),
		     "no signal for a message added to a non-empty queue");
	TST_EXP_PASS(mq_notify(q, NULL), "mq_notify(NULL) by the owner");
	drain();
}

static void test_receiver_waiting(void)
{
	char buf[MSGSIZE];
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_VAL(mq_receive(q, buf, MSGSIZE, NULL), 1,
			    "blocked mq_receive() got the message");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_mq_timedreceive);
	if (notify_signal(45))
		tst_brk(TBROK | TERRNO, "mq_notify()");
	put();
	reap_child(pid);
	TST_EXP_EXPR(!usr1_pending(), "no signal when the message went to a "
		     "blocked receiver");
	TST_EXP_FAIL(notify_signal(46), EBUSY,
		     "mq_notify(): the registration is still there");
	TST_EXP_PASS(mq_notify(q, NULL), "mq_notify(NULL) by the owner");
}

static void test_busy(void)
{
	pid_t pid;

	TST_EXP_PASS(notify_none(), "mq_notify(SIGEV_NONE)");
	TST_EXP_FAIL(notify_signal(47), EBUSY,
		     "mq_notify() by the owner of a registration");
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_FAIL(notify_signal(48), EBUSY,
			     "mq_notify() by another process");
		TST_EXP_PASS(mq_notify(q, NULL),
			     "mq_notify(NULL) by another process");
		TST_EXP_FAIL(notify_signal(49), EBUSY,
			     "mq_notify() by another process after its NULL");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		TST_EXP_PASS(notify_signal(50), "mq_notify() by another "
			     "process once the owner unregistered");
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_PASS(mq_notify(q, NULL), "mq_notify(NULL) by the owner");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
}

static void test_errors(void)
{
	struct sigevent sev = { .sigev_notify = 1234 };
	int fds[2];

	TST_EXP_FAIL(mq_notify(q, &sev), EINVAL, "mq_notify(sigev_notify 1234)");
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = 65;
	TST_EXP_FAIL(mq_notify(q, &sev), EINVAL, "mq_notify(sigev_signo 65)");
	sev.sigev_signo = SIGUSR1;
	TST_EXP_FAIL(mq_notify(-1, &sev), EBADF, "mq_notify(-1)");
	SAFE_PIPE(fds);
	TST_EXP_FAIL(mq_notify(fds[0], &sev), EBADF, "mq_notify(a pipe)");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void run(void)
{
	test_delivery();
	test_receiver_waiting();
	test_busy();
	test_errors();
}

static void cleanup(void)
{
	mq_close_q(&q);
	mq_unlink_quiet(name);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
