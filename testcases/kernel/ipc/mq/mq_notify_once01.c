// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * POSIX message queue notification (mq_notify() with SIGEV_SIGNAL) fires
 * once, only on an empty -> non-empty transition, and not when a
 * receiver is already waiting.
 *
 * With SIGUSR1 blocked (so it stays pending and can be counted):
 *  - registered on an empty queue, one mq_send() queues exactly one
 *    SIGUSR1 with si_code SI_MESGQ, the sigev_value given, and the
 *    sender's pid and uid; the registration is then gone: more messages,
 *    and a send after draining the queue, raise nothing, and a new
 *    registration succeeds, even on the non-empty queue;
 *  - registered on a non-empty queue, a send raises nothing (the queue
 *    was not empty); once drained, the next send fires;
 *  - while another process is registered, mq_notify() fails with EBUSY;
 *  - registered, with a child blocked in mq_receive(): the message goes
 *    to the child and no signal is raised; the registration stays and
 *    fires on the next send;
 *  - mq_notify(NULL) removes the registration: a send raises nothing.
 */
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include "tst_test.h"

#define MSG_SIZE	64
#define COOKIE		0x5eed

static char qname[64];
static mqd_t mq = (mqd_t)-1;

static void send_one(const char *text)
{
	if (mq_send(mq, text, strlen(text) + 1, 0))
		tst_brk(TBROK | TERRNO, "mq_send()");
}

static void drain(void)
{
	char buf[MSG_SIZE];
	struct mq_attr attr;

	for (;;) {
		if (mq_getattr(mq, &attr))
			tst_brk(TBROK | TERRNO, "mq_getattr()");
		if (!attr.mq_curmsgs)
			return;
		if (mq_receive(mq, buf, sizeof(buf), NULL) < 0)
			tst_brk(TBROK | TERRNO, "mq_receive()");
	}
}

static void do_register(void)
{
	struct sigevent sev = {
		.sigev_notify = SIGEV_SIGNAL,
		.sigev_signo = SIGUSR1,
		.sigev_value.sival_int = COOKIE,
	};

	if (mq_notify(mq, &sev))
		tst_brk(TBROK | TERRNO, "mq_notify(SIGEV_SIGNAL)");
}

/* Count of SIGUSR1 pending (0 or 1: it is not queued twice), consumed. */
static int take_signal(siginfo_t *info)
{
	struct timespec zero = { 0, 0 };
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (sigtimedwait(&set, info, &zero) == SIGUSR1)
		return 1;
	if (errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "sigtimedwait()");
	return 0;
}

static void expect_signals(int want, const char *when)
{
	siginfo_t info;
	int got = 0;

	while (take_signal(&info)) {
		got++;
		if (info.si_code != SI_MESGQ || info.si_value.sival_int !=
		    COOKIE || info.si_pid != getpid() ||
		    info.si_uid != getuid())
			tst_res(TFAIL, "%s: si_code %d, value 0x%x, pid %d, "
				"uid %d; expected SI_MESGQ (%d), 0x%x, %d, %d",
				when, info.si_code, info.si_value.sival_int,
				(int)info.si_pid, (int)info.si_uid, SI_MESGQ,
				COOKIE, (int)getpid(), (int)getuid());
	}
	if (got == want)
		tst_res(TPASS, "%s: %d notification(s)", when, want);
	else
		tst_res(TFAIL, "%s: %d notification(s), expected %d", when,
			got, want);
}

/*
 * Wait until pid sleeps in mq_timedreceive() (/proc/PID/syscall), for
 * 10 s times LTP_TIMEOUT_MUL: a count of 1000 naps was 10 s on an idle
 * machine and no more on a loaded guest, where the child may start late.
 */
static void wait_in_receive(pid_t pid)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	char path[64];
	long nr;

	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)pid);
	while (tst_mono_ms() < deadline) {
		FILE *f = fopen(path, "r");

		if (!f)
			tst_brk(TBROK | TERRNO, "fopen(%s)", path);
		if (fscanf(f, "%ld", &nr) != 1)
			nr = -1;
		fclose(f);
		if (nr == SYS_mq_timedreceive)
			return;
		usleep(10000);
	}
	tst_brk(TBROK, "child %d did not block in mq_receive() in %.0f s",
		(int)pid, 10 * tst_timeout_mul());
}

static void run(void)
{
	char buf[MSG_SIZE];
	pid_t pid;
	int status;

	drain();
	take_signal(&(siginfo_t){ 0 });

	do_register();
	send_one("first");
	expect_signals(1, "send to an empty queue");
	send_one("second");
	drain();
	send_one("third");
	expect_signals(0, "sends after the notification");
	drain();

	do_register();
	send_one("fourth");
	do_register();
	send_one("fifth");
	expect_signals(1, "new registration, send, second registration on "
		       "the non-empty queue, send");
	drain();
	send_one("sixth");
	expect_signals(1, "the second registration, send after draining");

	do_register();
	send_one("seventh");
	expect_signals(0, "registered on a non-empty queue, a send");
	drain();
	send_one("eighth");
	expect_signals(1, "the same registration, send after draining");
	drain();

	do_register();
	pid = SAFE_FORK();
	if (!pid) {
		struct sigevent sev = {
			.sigev_notify = SIGEV_SIGNAL,
			.sigev_signo = SIGUSR2,
		};

		TST_EXP_FAIL(mq_notify(mq, &sev), EBUSY,
			     "mq_notify() while another process is "
			     "registered");
		if (mq_receive(mq, buf, sizeof(buf), NULL) < 0)
			tst_brk(TBROK | TERRNO, "mq_receive() in the child");
		exit(strcmp(buf, "ninth") ? 1 : 0);
	}
	wait_in_receive(pid);
	send_one("ninth");
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "the waiting receiver did not get the message");
	expect_signals(0, "a receiver was waiting");
	send_one("tenth");
	expect_signals(1, "the registration stayed, next send");
	drain();

	do_register();
	if (mq_notify(mq, NULL))
		tst_brk(TBROK | TERRNO, "mq_notify(NULL)");
	send_one("eleventh");
	expect_signals(0, "after mq_notify(NULL)");
	drain();
}

static void setup(void)
{
	struct mq_attr attr = { .mq_maxmsg = 8, .mq_msgsize = MSG_SIZE };
	sigset_t set;

	snprintf(qname, sizeof(qname), "/ltp_mq_notify_once01_%d", getpid());
	mq = mq_open(qname, O_CREAT | O_EXCL | O_RDWR, 0600, &attr);
	if (mq == (mqd_t)-1) {
		if (errno == ENOSYS)
			tst_brk(TCONF, "no POSIX message queues "
				"(CONFIG_POSIX_MQUEUE)");
		tst_brk(TBROK | TERRNO, "mq_open(%s)", qname);
	}
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask()");
}

static void cleanup(void)
{
	if (mq != (mqd_t)-1) {
		mq_close(mq);
		mq_unlink(qname);
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.timeout = 60,
};
