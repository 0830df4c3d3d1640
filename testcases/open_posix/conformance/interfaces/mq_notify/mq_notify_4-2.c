// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_notify(): "When the notification is sent to the registered
 * process, its registration shall be removed. The message queue shall
 * then be available for registration." The parent registers for
 * SIGUSR1 and takes its notification; a child then registers (no
 * [EBUSY]) for SIGUSR2 and, after the queue is emptied and refilled,
 * the child gets exactly one notification while the parent gets none:
 * the kernel queues the signal inside mq_send(), so what is pending
 * right after the send is the whole answer.
 */
#include <mqueue.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

static char name[64];
static int sync_pipe[2];

static int child(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL,
			       .sigev_signo = SIGUSR2 };
	struct timespec lim = pts_ns_ts(pts_bound_ns(30));
	siginfo_t si;
	sigset_t set;
	mqd_t q = mq_open(name, O_RDONLY);
	char c = 'r';

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (q == (mqd_t)-1)
		PTS_UNRES("child: mq_open(): %m");
	if (mq_notify(q, &ev))
		PTS_FAILED("child: registration after the parent's notification: %m");
	if (write(sync_pipe[1], &c, 1) != 1)
		PTS_UNRES("child: write(): %m");
	if (sigtimedwait(&set, &si, &lim) != SIGUSR2)
		PTS_FAILED("child: no notification: %m");
	if (si.si_code != SI_MESGQ)
		PTS_FAILED("child: si_code %d, expected SI_MESGQ", si.si_code);
	return PTS_PASS;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 8 };
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL,
			       .sigev_signo = SIGUSR1 };
	struct timespec lim = pts_ns_ts(pts_bound_ns(30));
	sigset_t set, pend;
	siginfo_t si;
	char buf[8], c;
	pid_t pid;
	mqd_t q;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	snprintf(name, sizeof(name), "/pts_mq_notify42_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1 || pipe(sync_pipe))
		PTS_UNRES("mq_open()/pipe(): %m");
	if (mq_notify(q, &ev))
		PTS_UNRES("mq_notify(): %m");
	if (mq_send(q, "one", 3, 0))
		PTS_UNRES("mq_send(): %m");
	if (sigtimedwait(&set, &si, &lim) != SIGUSR1 || si.si_code != SI_MESGQ)
		PTS_FAILED("parent: no SI_MESGQ notification: %m");
	if (mq_receive(q, buf, sizeof(buf), NULL) != 3)
		PTS_UNRES("mq_receive(): %m");

	pid = pts_fork_fn(child);
	close(sync_pipe[1]);
	if (read(sync_pipe[0], &c, 1) != 1) {
		pts_reap(pid, "the second registrant");
		PTS_UNRES("the child did not register");
	}
	mq_unlink(name);
	/* the child holds the registration now: ours is gone for good */
	if (mq_send(q, "two", 3, 0))
		PTS_UNRES("mq_send(): %m");
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("the parent was notified again after its registration was used");
	pts_reap(pid, "the second registrant");
	PTS_PASSED("the registration is removed by the notification, another process registers and is notified");
}
