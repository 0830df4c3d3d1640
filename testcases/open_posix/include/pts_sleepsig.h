/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A sleep does not change the action or the blocking of signals
 * (nanosleep_3-2, clock_nanosleep_6-2): main sleeps 1 s with SIGUSR1
 * blocked (a handler installed) and SIGUSR2 ignored; another thread,
 * once main sleeps in the system call, sends both and SIGURG (ignored by
 * default) to the process. The sleep must return 0 (no EINTR), not
 * before 1 s; SIGUSR1 is then pending, not handled; SIGUSR2 not
 * pending and still SIG_IGN; the mask exactly the one set before; and
 * unblocking SIGUSR1 runs its handler once.
 */
#ifndef PTS_SLEEPSIG_H
#define PTS_SLEEPSIG_H

#include <pthread.h>

#include "pts_helpers.h"

#define PTS_SLEEPSIG_NS PTS_NSEC

static volatile sig_atomic_t pts_sleepsig_caught;
static pid_t pts_sleepsig_main;

static void pts_sleepsig_handler(int sig)
{
	(void)sig;
	pts_sleepsig_caught++;
}

static void *pts_sleepsig_sender(void *arg)
{
	(void)arg;
	pts_wait_in_either(pts_sleepsig_main, SYS_nanosleep,
			   SYS_clock_nanosleep);
	kill(getpid(), SIGUSR1);
	kill(getpid(), SIGUSR2);
	kill(getpid(), SIGURG);
	return NULL;
}

/* sleep(ns) returns what the sleeping call returned, errno kept */
static inline void pts_sleepsig_run(int (*sleep_fn)(long long ns),
				    const char *what)
{
	struct sigaction sa = { .sa_handler = pts_sleepsig_handler };
	struct sigaction cur;
	sigset_t set, before, after, pend;
	long long t0, dt;
	pthread_t thr;
	int r, e, i;

	sigaction(SIGUSR1, &sa, NULL);
	signal(SIGUSR2, SIG_IGN);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigprocmask(SIG_SETMASK, NULL, &before);
	pts_sleepsig_main = pts_gettid();

	e = pthread_create(&thr, NULL, pts_sleepsig_sender, NULL);
	if (e)
		PTS_UNRES("pthread_create(): %s", strerror(e));
	t0 = pts_now(CLOCK_MONOTONIC);
	errno = 0;
	r = sleep_fn(PTS_SLEEPSIG_NS);
	e = errno;
	dt = pts_now(CLOCK_MONOTONIC) - t0;
	pthread_join(thr, NULL);

	if (r)
		PTS_FAILED("%s returned %d (errno %s) with a blocked and an ignored signal sent",
			   what, r, strerrorname_np(e) ? strerrorname_np(e) : "0");
	if (dt < PTS_SLEEPSIG_NS)
		PTS_FAILED("%s returned after %lld ns, requested %lld", what,
			   dt, PTS_SLEEPSIG_NS);
	sigprocmask(SIG_SETMASK, NULL, &after);
	for (i = 1; i <= SIGRTMAX; i++)
		if (sigismember(&before, i) != sigismember(&after, i))
			PTS_FAILED("%s changed the mask for signal %d", what, i);
	sigpending(&pend);
	if (!sigismember(&pend, SIGUSR1) || pts_sleepsig_caught)
		PTS_FAILED("blocked SIGUSR1: pending %d, handled %d times",
			   sigismember(&pend, SIGUSR1), (int)pts_sleepsig_caught);
	if (sigismember(&pend, SIGUSR2) || sigismember(&pend, SIGURG))
		PTS_FAILED("an ignored signal is pending");
	sigaction(SIGUSR2, NULL, &cur);
	if (cur.sa_handler != SIG_IGN)
		PTS_FAILED("SIGUSR2 no longer SIG_IGN after %s", what);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	if (pts_sleepsig_caught != 1)
		PTS_FAILED("unblocked SIGUSR1 handled %d times, expected 1",
			   (int)pts_sleepsig_caught);
}

#endif /* PTS_SLEEPSIG_H */
