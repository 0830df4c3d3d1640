// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_notify(): "If notification is NULL and the process is currently
 * registered for notification by the specified message queue, the
 * existing registration shall be removed": only the caller's own
 * registration. The parent registers; a child's mq_notify(NULL) (the
 * child is not registered) leaves it in place: the child's own
 * registration still fails with [EBUSY], and the child's message to the
 * empty queue notifies the parent (SIGUSR1, SI_MESGQ, the sigev_value
 * given).
 */
#include <mqueue.h>

#include "pts_helpers.h"

static mqd_t q;

static int child(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL,
			       .sigev_signo = SIGUSR2 };
	int r = mq_notify(q, NULL);

	printf("child: mq_notify(NULL) returned %d%s%s\n", r,
	       r ? ", " : "", r ? strerrorname_np(errno) : "");
	errno = 0;
	if (mq_notify(q, &ev) != -1 || errno != EBUSY) {
		printf("child: registering: %s, expected EBUSY\n",
		       strerrorname_np(errno));
		return PTS_FAIL;
	}
	return mq_send(q, "c", 1, 0) ? PTS_UNRESOLVED : PTS_PASS;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 8 };
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL,
			       .sigev_signo = SIGUSR1,
			       .sigev_value.sival_int = 4242 };
	struct timespec zero = { 0, 0 };
	char name[64];
	sigset_t set;
	siginfo_t si;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	snprintf(name, sizeof(name), "/pts_mq_notify5_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_notify(q, &ev))
		PTS_FAILED("mq_notify(): %m");
	pts_run_child(child, "child that is not registered");
	if (sigtimedwait(&set, &si, &zero) != SIGUSR1)
		PTS_FAILED("the parent's registration did not survive the child's mq_notify(NULL)");
	if (si.si_code != SI_MESGQ || si.si_value.sival_int != 4242)
		PTS_FAILED("si_code %d sival_int %d, expected SI_MESGQ and 4242",
			   si.si_code, si.si_value.sival_int);
	PTS_PASSED("mq_notify(NULL) removes only the caller's registration");
}
