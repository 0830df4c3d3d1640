// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_notify(): a process registered with SIGEV_SIGNAL gets the signal
 * when a message arrives on the empty queue, with si_code SI_MESGQ and
 * the sigev_value given; the registration is then removed (a second
 * message gives no signal). Only one process may be registered: another
 * process's mq_notify() fails with [EBUSY]; mq_notify(NULL) removes the
 * caller's registration, after which the other process may register.
 */
#include <mqueue.h>

#include "pts_helpers.h"

static mqd_t q;

static int other(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_NONE };

	PTS_EXPECT_ERRNO(mq_notify(q, &ev), EBUSY, "second registration");
	return PTS_PASS;
}

static int other_ok(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_NONE };

	if (mq_notify(q, &ev))
		PTS_FAILED("registration after NULL removal: %m");
	return PTS_PASS;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 8 };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10)), zero = { 0, 0 };
	struct sigevent ev;
	char name[64], buf[8];
	siginfo_t si;
	sigset_t set;

	snprintf(name, sizeof(name), "/pts_mq_notify_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	ev.sigev_value.sival_int = 0x1234;
	if (mq_notify(q, &ev))
		PTS_FAILED("mq_notify(): %m");
	pts_run_child(other, "second registrant");
	if (mq_send(q, "a", 1, 0))
		PTS_UNRES("mq_send(): %m");
	if (sigtimedwait(&set, &si, &lim) != SIGRTMIN)
		PTS_FAILED("no notification signal: %m");
	if (si.si_code != SI_MESGQ || si.si_value.sival_int != 0x1234)
		PTS_FAILED("si_code %d value %#x, expected SI_MESGQ 0x1234",
			   si.si_code, si.si_value.sival_int);
	mq_receive(q, buf, 8, NULL);
	mq_send(q, "b", 1, 0);
	if (sigtimedwait(&set, NULL, &zero) != -1)
		PTS_FAILED("notified again without registering again");
	mq_receive(q, buf, 8, NULL);
	if (mq_notify(q, &ev) || mq_notify(q, NULL))
		PTS_FAILED("register/unregister: %m");
	pts_run_child(other_ok, "registrant after removal");
	PTS_PASSED("SI_MESGQ notification once, EBUSY, NULL removes");
}
