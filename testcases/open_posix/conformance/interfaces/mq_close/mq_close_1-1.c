// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_close(): "If the process has successfully attached a notification
 * request to the message queue via this mqdes, this attachment shall be
 * removed, and the message queue is available for another process to
 * attach for notification." A child registers and closes its
 * descriptor; the parent can then register (no EBUSY) and is notified.
 * A closed descriptor is invalid ([EBADF]), also for mq_close().
 */
#include <mqueue.h>

#include "pts_helpers.h"

static char name[64];

static int registrant(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_NONE };
	mqd_t q = mq_open(name, O_RDWR);

	if (q == (mqd_t)-1 || mq_notify(q, &ev))
		PTS_UNRES("child: mq_open/mq_notify: %m");
	if (mq_close(q))
		PTS_FAILED("mq_close(): %m");
	/* the child stays alive: only mq_close() may drop the request */
	raise(SIGSTOP);
	return PTS_PASS;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 8 };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	struct sigevent ev;
	sigset_t set;
	int status;
	pid_t pid;
	mqd_t q;

	snprintf(name, sizeof(name), "/pts_mq_close_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	fflush(stdout);
	pid = fork();
	if (!pid)
		exit(registrant());
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status))
		PTS_UNRES("the registrant did not stop (status %#x)", status);
	mq_unlink(name);
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	if (mq_notify(q, &ev)) {
		kill(pid, SIGKILL);
		PTS_FAILED("registration after the other's mq_close(): %m");
	}
	mq_send(q, "x", 1, 0);
	if (sigtimedwait(&set, NULL, &lim) != SIGRTMIN) {
		kill(pid, SIGKILL);
		PTS_FAILED("no notification: %m");
	}
	kill(pid, SIGCONT);
	pts_reap(pid, "registrant");
	mq_close(q);
	PTS_EXPECT_ERRNO(mq_close(q), EBADF, "mq_close(closed)");
	PTS_PASSED("mq_close() dropped the registration; EBADF after close");
}
