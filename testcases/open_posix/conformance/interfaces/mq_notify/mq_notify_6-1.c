// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_notify(): "If any process is already registered for notification
 * by the message queue, subsequent attempts to register for that message
 * queue shall fail" - the registered process's own second attempt too:
 * [EBUSY], and the first registration stays (the arriving message sends
 * its signal with its value, not the second one's). A registration with
 * SIGEV_NONE is a registration like any other: another process gets
 * [EBUSY]; the arrival of a message removes it though nothing is sent,
 * after which another process may register. An invalid sigevent
 * (sigev_notify 1234, SIGEV_SIGNAL with signal 65 or -1; [EINVAL] per
 * the Linux manual) registers nothing: another process may register
 * after it.
 */
#include <mqueue.h>

#include "pts_helpers.h"

static mqd_t q;

static int busy(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_NONE };

	PTS_EXPECT_ERRNO(mq_notify(q, &ev), EBUSY,
			 "another process's registration");
	return PTS_PASS;
}

static int free_q(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_NONE };

	if (mq_notify(q, &ev))
		PTS_FAILED("another process cannot register: %m");
	return PTS_PASS;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 8 };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10)), zero = { 0, 0 };
	struct sigevent ev, ev2;
	const int bad_sig[] = { 65, -1 };
	char name[64], buf[8];
	siginfo_t si = { 0 };
	sigset_t set;
	unsigned int i;

	snprintf(name, sizeof(name), "/pts_mq_notify6_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		PTS_UNRES("sigprocmask(): %m");

	/* invalid requests */
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = 1234;
	PTS_EXPECT_ERRNO(mq_notify(q, &ev), EINVAL, "sigev_notify 1234");
	for (i = 0; i < sizeof(bad_sig) / sizeof(bad_sig[0]); i++) {
		ev.sigev_notify = SIGEV_SIGNAL;
		ev.sigev_signo = bad_sig[i];
		PTS_EXPECT_ERRNO(mq_notify(q, &ev), EINVAL,
				 bad_sig[i] < 0 ? "SIGEV_SIGNAL, signal -1" :
						  "SIGEV_SIGNAL, signal 65");
	}
	pts_run_child(free_q, "registrant after the EINVAL calls");

	/* own second registration: EBUSY, the first one kept */
	ev.sigev_signo = SIGUSR1;
	ev.sigev_value.sival_int = 0x1111;
	memset(&ev2, 0, sizeof(ev2));
	ev2.sigev_notify = SIGEV_SIGNAL;
	ev2.sigev_signo = SIGUSR2;
	ev2.sigev_value.sival_int = 0x2222;
	if (mq_notify(q, &ev))
		PTS_FAILED("mq_notify(SIGUSR1): %m");
	PTS_EXPECT_ERRNO(mq_notify(q, &ev2), EBUSY,
			 "the registered process's second registration");
	pts_run_child(busy, "other registrant");
	if (mq_send(q, "a", 1, 0))
		PTS_UNRES("mq_send(): %m");
	if (sigtimedwait(&set, &si, &lim) != SIGUSR1)
		PTS_FAILED("no SIGUSR1 notification (signal %d): %m", si.si_signo);
	if (si.si_code != SI_MESGQ || si.si_value.sival_int != 0x1111)
		PTS_FAILED("si_code %d value %#x, expected SI_MESGQ and 0x1111",
			   si.si_code, si.si_value.sival_int);
	errno = 0;
	if (sigtimedwait(&set, &si, &zero) != -1 || errno != EAGAIN)
		PTS_FAILED("another signal pending (%d) after the refused registration",
			   si.si_signo);
	if (mq_receive(q, buf, sizeof(buf), NULL) != 1)
		PTS_UNRES("mq_receive(): %m");

	/* SIGEV_NONE: registered, removed by a message, nothing sent */
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_NONE;
	if (mq_notify(q, &ev))
		PTS_FAILED("mq_notify(SIGEV_NONE): %m");
	PTS_EXPECT_ERRNO(mq_notify(q, &ev2), EBUSY,
			 "a second registration over SIGEV_NONE");
	pts_run_child(busy, "other registrant over SIGEV_NONE");
	if (mq_send(q, "b", 1, 0))
		PTS_UNRES("mq_send(): %m");
	pts_run_child(free_q, "registrant after the SIGEV_NONE message");
	errno = 0;
	if (sigtimedwait(&set, &si, &zero) != -1 || errno != EAGAIN)
		PTS_FAILED("signal %d pending after a SIGEV_NONE notification",
			   si.si_signo);
	PTS_PASSED("own second registration EBUSY, SIGEV_NONE registers and is removed, EINVAL registers nothing");
}
