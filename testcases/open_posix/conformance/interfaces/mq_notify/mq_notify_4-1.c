// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_notify(): the registered process is notified "of the arrival of a
 * message at an empty message queue". Registered on a queue holding one
 * message, the process gets no notification when a second message comes
 * (the queue was not empty) and stays registered ([EBUSY] for its own
 * second registration); once both are received, the next message
 * notifies it (SIGUSR1 pending, si_code SI_MESGQ). [EBADF] for a
 * descriptor that is not a valid message queue descriptor.
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 8 };
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL,
			       .sigev_signo = SIGUSR1 };
	struct timespec zero = { 0, 0 };
	char name[64], buf[8];
	sigset_t set, pend;
	siginfo_t si;
	mqd_t q, bad;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	snprintf(name, sizeof(name), "/pts_mq_notify4_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL | O_NONBLOCK, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(q, "a", 1, 0))
		PTS_UNRES("mq_send(): %m");
	if (mq_notify(q, &ev))
		PTS_FAILED("mq_notify() on a non-empty queue: %m");
	if (mq_send(q, "b", 1, 0))
		PTS_UNRES("mq_send(): %m");
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("notified for a message to a non-empty queue");
	PTS_EXPECT_ERRNO(mq_notify(q, &ev), EBUSY,
			 "the same process registering twice");
	if (mq_receive(q, buf, sizeof(buf), NULL) != 1 ||
	    mq_receive(q, buf, sizeof(buf), NULL) != 1)
		PTS_UNRES("mq_receive(): %m");
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("notified while the queue was being emptied");
	if (mq_send(q, "c", 1, 0))
		PTS_UNRES("mq_send(): %m");
	if (sigtimedwait(&set, &si, &zero) != SIGUSR1)
		PTS_FAILED("no notification when the empty queue got a message: %m");
	if (si.si_code != SI_MESGQ)
		PTS_FAILED("si_code %d, expected SI_MESGQ", si.si_code);
	printf("second message: nothing; message to the emptied queue: SI_MESGQ\n");
	bad = (mqd_t)dup(0);
	if (bad == (mqd_t)-1)
		bad = (mqd_t)1000;
	PTS_EXPECT_ERRNO(mq_notify(bad, &ev), EBADF,
			 "mq_notify() on a descriptor that is no queue");
	PTS_EXPECT_ERRNO(mq_notify((mqd_t)1000, &ev), EBADF,
			 "mq_notify() on a closed descriptor");
	PTS_PASSED("notified only for a message to an empty queue; EBUSY, EBADF");
}
