// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pids that the kernel puts in notifications are translated into the
 * receiver's pid namespace (ipc/mqueue.c __do_notify(), fs/fcntl.c
 * f_getown(), send_sigio_to_task()). O (own ipc namespace) makes a POSIX
 * queue and a pipe; I, init of a new pid namespace, registers mq_notify()
 * (SIGUSR1, value 0x5a5a), makes itself owner of the pipe's read end
 * (F_SETOWN 1, F_SETSIG SIGUSR2, O_ASYNC):
 *  - O's F_GETOWN on the same open file gives I's pid in O's namespace;
 *    O's mq_notify() on the queue is EBUSY;
 *  - O's mq_send() gives I SIGUSR1 with SI_MESGQ, si_pid 0 (O is not
 *    visible in I's namespace), si_uid 0, si_value 0x5a5a; O's write to
 *    the pipe gives I SIGUSR2 with POLL_IN and si_fd the read end;
 *  - I's child (pid 2) sending after I registers again gives si_pid 2;
 *  - after O makes itself the owner, I's F_GETOWN reads 0.
 * Signals are taken with sigtimedwait() (blocked; handlers installed,
 * as init ignores signals it has no handler for).
 */
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define QNAME "/ltp_pidns09"

static mqd_t q = (mqd_t)-1;
static int p[2];

static void noop(int sig)
{
	(void)sig;
}

static int wait_sig(int sig, siginfo_t *si)
{
	struct timespec ts = { .tv_sec = 10 * tst_timeout_mul() };
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	memset(si, 0, sizeof(*si));
	return sigtimedwait(&set, si, &ts) == sig;
}

static void notify_me(void)
{
	struct sigevent sev = {
		.sigev_notify = SIGEV_SIGNAL,
		.sigev_signo = SIGUSR1,
		.sigev_value.sival_int = 0x5a5a,
	};

	if (mq_notify(q, &sev))
		tst_brk(TBROK | TERRNO, "mq_notify()");
}

static void drain(void)
{
	char buf[64];

	if (mq_receive(q, buf, sizeof(buf), NULL) < 0)
		tst_brk(TBROK | TERRNO, "mq_receive()");
}

static void ns_i(void)
{
	struct sigaction sa = { .sa_handler = noop };
	sigset_t set;
	siginfo_t si;
	pid_t m;
	int got;

	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	notify_me();
	if (fcntl(p[0], F_SETOWN, getpid()) || fcntl(p[0], F_SETSIG, SIGUSR2) ||
	    fcntl(p[0], F_SETFL, O_ASYNC | O_NONBLOCK))
		tst_brk(TBROK | TERRNO, "fcntl() of the pipe");
	TST_CHECKPOINT_WAKE_AND_WAIT(0);

	got = wait_sig(SIGUSR1, &si);
	TST_EXP_EXPR(got && si.si_code == SI_MESGQ && si.si_pid == 0 &&
		     si.si_uid == 0 && si.si_value.sival_int == 0x5a5a,
		     "notification of O's message: code %d pid %d uid %d "
		     "value 0x%x", si.si_code, (int)si.si_pid, (int)si.si_uid,
		     si.si_value.sival_int);
	got = wait_sig(SIGUSR2, &si);
	TST_EXP_EXPR(got && si.si_code == POLL_IN && si.si_fd == p[0],
		     "SIGIO of O's write: code %d fd %d (read end %d)",
		     si.si_code, si.si_fd, p[0]);
	drain();
	if (fcntl(p[0], F_SETFL, O_NONBLOCK))
		tst_brk(TBROK | TERRNO, "fcntl(F_SETFL)");

	notify_me();
	m = SAFE_FORK();
	if (!m) {
		if (mq_send(q, "m", 1, 0))
			tst_brk(TBROK | TERRNO, "mq_send() in the member");
		exit(0);
	}
	NS_REAP(m);
	got = wait_sig(SIGUSR1, &si);
	TST_EXP_EXPR(got && si.si_code == SI_MESGQ && si.si_pid == 2 &&
		     m == 2, "notification of the member's message: pid %d "
		     "(member %d)", (int)si.si_pid, (int)m);
	drain();
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	TST_EXP_EQ_LI(fcntl(p[0], F_GETOWN), 0);
	exit(0);
}

static void ns_o(void)
{
	struct mq_attr attr = { .mq_maxmsg = 4, .mq_msgsize = 64 };
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	pid_t i;

	q = mq_open(QNAME, O_CREAT | O_EXCL | O_RDWR, 0600, &attr);
	if (q == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(O_CREAT)");
	SAFE_PIPE(p);
	i = SAFE_NS_FORK(CLONE_NEWPID);
	if (!i)
		ns_i();
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EQ_LI(fcntl(p[0], F_GETOWN), i);
	TST_EXP_FAIL(mq_notify(q, &sev), EBUSY,
		     "mq_notify() of a queue I is registered on");
	if (mq_send(q, "o", 1, 0))
		tst_brk(TBROK | TERRNO, "mq_send()");
	SAFE_WRITE(1, p[1], "o", 1);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	if (fcntl(p[0], F_SETOWN, getpid()))
		tst_brk(TBROK | TERRNO, "fcntl(F_SETOWN) in O");
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(i);
	mq_close(q);
	mq_unlink(QNAME);
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
		"CONFIG_PID_NS", "CONFIG_IPC_NS", "CONFIG_POSIX_MQUEUE", NULL
	},
};
