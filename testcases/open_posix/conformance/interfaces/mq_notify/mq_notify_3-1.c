// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_notify(): "If a process has registered for notification of message
 * arrival at a message queue and some thread is blocked in mq_receive()
 * or mq_timedreceive() waiting to receive a message when a message
 * arrives at the queue, the arriving message shall satisfy the
 * appropriate mq_receive() ... The resulting behavior is as if the
 * message queue remains empty, and no notification shall be sent."
 * The parent registers for SIGUSR1 (blocked, so it stays pending); a
 * child blocked receiving gets the message, no SIGUSR1 is pending and
 * the registration remains (a second mq_notify() by the same process
 * fails with [EBUSY]). With no receiver the next message notifies
 * (si_code SI_MESGQ) and removes the registration.
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 8 };
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL,
			       .sigev_signo = SIGUSR1 };
	struct timespec zero = { 0, 0 };
	siginfo_t si;
	sigset_t set, pend;
	char name[64], buf[8];
	pid_t pid;
	mqd_t q;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	snprintf(name, sizeof(name), "/pts_mq_notify3_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_notify(q, &ev))
		PTS_FAILED("mq_notify(): %m");
	fflush(stdout);
	pid = fork();
	if (!pid)
		_exit(mq_receive(q, buf, sizeof(buf), NULL) == 1 &&
		      buf[0] == 'a' ? PTS_PASS : PTS_FAIL);
	pts_wait_in_syscall(pid, SYS_mq_timedreceive);
	if (mq_send(q, "a", 1, 0))
		PTS_UNRES("mq_send(): %m");
	pts_reap(pid, "blocked receiver");
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("notified although a receiver was waiting");
	PTS_EXPECT_ERRNO(mq_notify(q, &ev), EBUSY,
			 "mq_notify() again: the registration must remain");
	printf("message to the waiting receiver: no notification, still registered\n");
	if (mq_send(q, "b", 1, 0))
		PTS_UNRES("mq_send(): %m");
	if (sigtimedwait(&set, &si, &zero) != SIGUSR1)
		PTS_FAILED("no notification for a message with no receiver: %m");
	if (si.si_code != SI_MESGQ)
		PTS_FAILED("si_code %d, expected SI_MESGQ", si.si_code);
	if (mq_notify(q, &ev))
		PTS_FAILED("registering after the notification: %m");
	PTS_PASSED("no notification while a receiver waits; one once none does");
}
