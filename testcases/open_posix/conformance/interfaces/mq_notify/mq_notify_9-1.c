// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_notify() [EBUSY]: "A process is already registered for
 * notification by the message queue." With a child registered, the
 * parent's registration fails with EBUSY for SIGEV_SIGNAL, SIGEV_NONE
 * and through a second descriptor of its own; the child's registration
 * is intact: the first message reaches the child (SI_MESGQ, its value
 * 42) and not the parent.
 */
#include "pts_mqsem.h"
#include "pts_sigkit.h"

static int c2p[2];
static mqd_t q;

static int child(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR2 };
	siginfo_t si;
	sigset_t set;
	char c = 'r';

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	ev.sigev_value.sival_int = 42;
	if (mq_notify(q, &ev))
		PTS_UNRES("child mq_notify(): %m");
	if (write(c2p[1], &c, 1) != 1)
		PTS_UNRES("write(): %m");
	if (sigwaitinfo(&set, &si) != SIGUSR2)
		PTS_UNRES("sigwaitinfo(): %m");
	if (si.si_code != SI_MESGQ || si.si_value.sival_int != 42)
		PTS_FAILED("child got code %d value %d, expected SI_MESGQ 42",
			   si.si_code, si.si_value.sival_int);
	return PTS_PASS;
}

int main(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR2 };
	struct sigevent none = { .sigev_notify = SIGEV_NONE };
	char name[64], c;
	sigset_t set;
	pid_t pid;
	mqd_t q2;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	pts_ipc_name(name, sizeof(name), "mqn9");
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, NULL);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	q2 = mq_open(name, O_RDONLY);
	mq_unlink(name);
	if (q2 == (mqd_t)-1 || pipe(c2p))
		PTS_UNRES("setup: %m");
	pid = pts_fork_fn(child);
	close(c2p[1]);	/* a child that fails early gives EOF, not a hang */
	if (read(c2p[0], &c, 1) != 1) {
		pts_reap(pid, "child");
		PTS_UNRES("child did not register");
	}
	PTS_EXPECT_ERRNO(mq_notify(q, &ev), EBUSY, "parent SIGEV_SIGNAL");
	PTS_EXPECT_ERRNO(mq_notify(q, &none), EBUSY, "parent SIGEV_NONE");
	PTS_EXPECT_ERRNO(mq_notify(q2, &ev), EBUSY, "parent, second descriptor");
	if (mq_send(q, "m", 1, 0))
		PTS_UNRES("mq_send(): %m");
	pts_reap(pid, "child");
	if (pts_shared_pending(getpid()) & (1ULL << (SIGUSR2 - 1)))
		PTS_FAILED("the parent was notified too");
	PTS_PASSED("EBUSY for every parent registration, the child's kept");
}
