// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create(): timers are per process. A SIGEV_SIGNAL timer created
 * by a thread that has since exited goes on: main reads it with
 * timer_gettime(), re-arms it, and its signal is generated for the
 * process, not for a thread - pending in the whole process (/proc
 * ShdPnd, and in the sigpending() of main and of another thread, all
 * blocking it), taken by that other thread's sigwaitinfo() with
 * SI_TIMER and the value, after which no thread has it pending.
 * timer_delete() by main then deletes it (EINVAL after).
 */
#include <pthread.h>

#include "pts_helpers.h"

static timer_t tid;
static volatile int made, seen;
static siginfo_t got;

static void *creator(void *arg)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGRTMIN,
				.sigev_value.sival_int = 0x7e57 };

	(void)arg;
	if (timer_create(CLOCK_MONOTONIC, &sev, &tid))
		return (void *)1;
	made = 1;
	return NULL;
}

static void *taker(void *arg)
{
	sigset_t set, pend;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	pts_wait_flag(&seen, "the signal pending in main");
	sigpending(&pend);
	if (!sigismember(&pend, SIGRTMIN))
		return (void *)2;
	if (sigwaitinfo(&set, &got) != SIGRTMIN)
		return (void *)3;
	return NULL;
}

int main(void)
{
	struct itimerspec its = { .it_value = { 0, 20000000 } }, cur;
	long long end;
	pthread_t th;
	sigset_t set, pend;
	void *r;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	/* blocked in main and so in every thread created after */
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		PTS_UNRES("sigprocmask(): %m");
	if (pthread_create(&th, NULL, creator, NULL) ||
	    pthread_join(th, &r))
		PTS_UNRES("creator thread failed");
	if (r || !made)
		PTS_UNRES("timer_create() in the thread failed");

	/* the creating thread is gone; the timer is the process's */
	if (timer_gettime(tid, &cur))
		PTS_FAILED("timer_gettime() after the creator exited: %m");
	if (timer_settime(tid, 0, &its, NULL))
		PTS_FAILED("timer_settime() after the creator exited: %m");
	if (pthread_create(&th, NULL, taker, NULL))
		PTS_UNRES("pthread_create() failed");

	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	do {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("the timer's signal never became pending");
		pts_nap();
		sigpending(&pend);
	} while (!sigismember(&pend, SIGRTMIN));
	if (!(pts_shared_pending(getpid()) & (1ULL << (SIGRTMIN - 1))))
		PTS_FAILED("the timer signal is not pending for the process (ShdPnd)");
	__atomic_store_n(&seen, 1, __ATOMIC_RELEASE);
	pthread_join(th, &r);
	if (r == (void *)2)
		PTS_FAILED("the timer signal is not pending in another thread");
	if (r)
		PTS_FAILED("the other thread's sigwaitinfo() did not take it");
	if (got.si_code != SI_TIMER || got.si_value.sival_int != 0x7e57)
		PTS_FAILED("si_code %d value %#x, expected SI_TIMER 0x7e57",
			   got.si_code, got.si_value.sival_int);
	sigpending(&pend);
	if (sigismember(&pend, SIGRTMIN))
		PTS_FAILED("still pending in main after the thread took it");
	if (timer_delete(tid))
		PTS_FAILED("timer_delete() by main: %m");
	PTS_EXPECT_ERRNO(timer_gettime(tid, &cur), EINVAL,
			 "timer_gettime() of the deleted timer");
	PTS_PASSED("a timer outlives its creating thread, its signal is the process's");
}
