// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_notify() with SIGEV_THREAD: when a message arrives on the empty
 * queue, sigev_notify_function runs in a new thread with sigev_value as
 * its argument (glibc builds this on the kernel's netlink notification,
 * NOTIFY_COOKIE); only once per registration: the registration goes
 * with the notification, so the queue takes a new one (no EBUSY) and a
 * second message runs the function no more. The thread is not the
 * sender (another thread ID).
 */
#include <mqueue.h>
#include <pthread.h>

#include "pts_helpers.h"

static volatile int calls;
static volatile long arg_seen;
static pthread_t who, mainthr;

static void notified(union sigval v)
{
	arg_seen = v.sival_int;
	who = pthread_self();
	calls++;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 8 };
	struct sigevent ev, none = { .sigev_notify = SIGEV_NONE };
	char name[64], buf[8];
	long long end;
	mqd_t q;

	mainthr = pthread_self();
	snprintf(name, sizeof(name), "/pts_mq_thr_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD;
	ev.sigev_notify_function = notified;
	ev.sigev_value.sival_int = 4321;
	if (mq_notify(q, &ev))
		PTS_FAILED("mq_notify(SIGEV_THREAD): %m");
	mq_send(q, "a", 1, 0);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!calls)
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("the notification function never ran");
		else
			pts_nap();
	if (arg_seen != 4321)
		PTS_FAILED("the function got %ld, not sigev_value", arg_seen);
	if (pthread_equal(who, mainthr))
		PTS_FAILED("the function ran in the main thread");
	/* the registration is gone: a new one (that notifies nobody) is taken */
	if (mq_notify(q, &none))
		PTS_FAILED("registering again after the notification: %m "
			   "(the first registration was kept)");
	mq_receive(q, buf, 8, NULL);
	mq_send(q, "b", 1, 0);
	/* a second run would come through the same path: give it time */
	pts_nap();
	pts_nap();
	if (calls != 1)
		PTS_FAILED("the function ran %d times for one registration", calls);
	PTS_PASSED("SIGEV_THREAD notification ran once in a new thread");
}
