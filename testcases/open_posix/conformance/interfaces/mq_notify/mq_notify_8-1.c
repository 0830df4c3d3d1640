// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_notify() [EBADF]: "The mqdes argument is not a valid message queue
 * descriptor." -1, INT_MAX, a closed queue descriptor and a pipe's
 * descriptor fail with -1 and EBADF, both for a registration and for
 * mq_notify(NULL); afterwards a real queue registers and is notified
 * exactly once with SIGUSR1 (nothing was left half-registered).
 */
#include "pts_mqsem.h"

int main(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	mqd_t bad[PTS_BAD_MQDS], q;
	const char *what[PTS_BAD_MQDS];
	siginfo_t si;
	sigset_t set;
	int i;

	pts_bad_mqds(bad, what);
	for (i = 0; i < PTS_BAD_MQDS; i++) {
		PTS_EXPECT_ERRNO(mq_notify(bad[i], &ev), EBADF, what[i]);
		PTS_EXPECT_ERRNO(mq_notify(bad[i], NULL), EBADF, what[i]);
	}
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	q = pts_mq_new(2, 4, 0);
	if (mq_notify(q, &ev))
		PTS_FAILED("mq_notify() on a real queue: %m");
	if (mq_send(q, "n", 1, 0))
		PTS_UNRES("mq_send(): %m");
	if (sigwaitinfo(&set, &si) != SIGUSR1 || si.si_code != SI_MESGQ)
		PTS_FAILED("no SI_MESGQ SIGUSR1 (code %d)", si.si_code);
	if (pts_shared_pending(getpid()) & (1ULL << (SIGUSR1 - 1)))
		PTS_FAILED("a second SIGUSR1 pending");
	PTS_PASSED("EBADF for four bad descriptors, nothing registered");
}
