// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A timer on CLOCK_PROCESS_CPUTIME_ID counts the CPU time of every
 * thread of the process: with the creating thread asleep in
 * sigwaitinfo() and another thread alone using CPU, the 150 ms timer
 * expires (SI_TIMER with its sigev_value, taken by the sleeping thread)
 * once the process has used at least 150 ms, not before: the process
 * clock read right after the signal is taken is at least the value,
 * though the creating thread itself used less than 150 ms. A timer on
 * the creator's CLOCK_THREAD_CPUTIME_ID armed alongside does not expire
 * at all: its time left is still positive when the process timer has
 * fired.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define VAL (150 * 1000000LL)

static volatile int stop;
static clockid_t spinner_clk;
static int clk_ready;

static void *spin(void *arg)
{
	(void)arg;
	if (pthread_getcpuclockid(pthread_self(), &spinner_clk))
		return NULL;
	__atomic_store_n(&clk_ready, 1, __ATOMIC_RELEASE);
	while (!stop)
		;
	return NULL;
}

int main(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL,
			       .sigev_signo = SIGRTMIN };
	struct itimerspec its = { .it_value = pts_ns_ts(VAL) }, left;
	long long start, own0, proc, spun, own;
	timer_t tp, tt;
	pthread_t t;
	sigset_t set;
	siginfo_t si;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	ev.sigev_value.sival_int = 77;
	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &tp))
		PTS_UNRES("timer_create(PROCESS): %m");
	ev.sigev_value.sival_int = 88;
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &tt))
		PTS_UNRES("timer_create(THREAD): %m");
	/* main's own CPU time counts from here (start-up under TCG is long) */
	own0 = pts_now(CLOCK_THREAD_CPUTIME_ID);
	start = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	its.it_value = pts_ns_ts(VAL);
	if (timer_settime(tt, 0, &its, NULL))
		PTS_UNRES("timer_settime(THREAD): %m");
	its.it_value = pts_ns_ts(VAL);
	if (timer_settime(tp, 0, &its, NULL))
		PTS_UNRES("timer_settime(PROCESS): %m");
	if (pthread_create(&t, NULL, spin, NULL))
		PTS_UNRES("pthread_create(): %m");
	if (sigwaitinfo(&set, &si) != SIGRTMIN)
		PTS_UNRES("sigwaitinfo(): %m");
	proc = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	pts_wait_flag(&clk_ready, "the spinner's clock");
	spun = pts_now(spinner_clk);
	own = pts_now(CLOCK_THREAD_CPUTIME_ID);
	stop = 1;
	pthread_join(t, NULL);
	printf("process CPU %lld ns at the signal (from %lld), spinner %lld, main +%lld\n",
	       proc, start, spun, own - own0);
	if (si.si_code != SI_TIMER || si.si_value.sival_int != 77)
		PTS_FAILED("signal code %d value %d, expected SI_TIMER and the process timer's 77",
			   si.si_code, si.si_value.sival_int);
	if (proc < start + VAL)
		PTS_FAILED("the process timer fired after %lld ns of process CPU, value %lld",
			   proc - start, VAL);
	if (own - own0 >= VAL)
		PTS_UNRES("main used %lld ns of CPU itself", own - own0);
	if (timer_gettime(tt, &left) || pts_ts_ns(&left.it_value) <= 0)
		PTS_FAILED("the creator's thread CPU timer has run down (%lld ns left)",
			   pts_ts_ns(&left.it_value));
	PTS_PASSED("a process CPU timer counts another thread's CPU time");
}
