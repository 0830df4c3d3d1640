// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() on the CPU-time clock of a thread other than the
 * caller: POSIX leaves it implementation-defined whether this is
 * supported; where it is (Linux), the timer measures that thread's CPU
 * time. Main creates a 150 ms timer on another thread's clock
 * (pthread_getcpuclockid()) and waits in sigwaitinfo(), using no CPU;
 * the other thread spins. The signal (SI_TIMER, value 12) must come
 * when that thread's CPU time has reached 150 ms (its clock, read by
 * main right after the signal, is at least that), and main's own CPU
 * time must stay far below 150 ms.
 */
#include <pthread.h>
#include "pts_helpers.h"

#define VAL (150 * 1000000LL)

static int armed, stop;

static void *spin(void *arg)
{
	(void)arg;
	while (!__atomic_load_n(&armed, __ATOMIC_ACQUIRE))
		pts_nap();
	while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE))
		;
	return NULL;
}

int main(void)
{
	struct sigevent sev = {
		.sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1,
		.sigev_value.sival_int = 12,
	};
	struct itimerspec its = { { 0, 0 }, { 0, VAL } };
	struct timespec lim = pts_ns_ts(pts_bound_ns(30));
	long long main_cpu, cpu;
	clockid_t clk;
	pthread_t thr;
	siginfo_t si;
	sigset_t set;
	timer_t t;
	int e;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	e = pthread_create(&thr, NULL, spin, NULL);
	if (e)
		PTS_UNRES("pthread_create(): %s", strerror(e));
	e = pthread_getcpuclockid(thr, &clk);
	if (e)
		PTS_UNRES("pthread_getcpuclockid(): %s", strerror(e));
	if (timer_create(clk, &sev, &t)) {
		printf("timer_create(another thread's CPU clock): %m\n");
		PTS_UNSUPP("a timer on another thread's CPU clock is not supported (implementation-defined)");
	}
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	main_cpu = pts_now(CLOCK_THREAD_CPUTIME_ID);
	__atomic_store_n(&armed, 1, __ATOMIC_RELEASE);
	if (sigtimedwait(&set, &si, &lim) != SIGUSR1)
		PTS_FAILED("no signal from the thread CPU-time timer (%m)");
	cpu = pts_now(clk);
	main_cpu = pts_now(CLOCK_THREAD_CPUTIME_ID) - main_cpu;
	__atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
	pthread_join(thr, NULL);
	if (si.si_code != SI_TIMER || si.si_value.sival_int != 12)
		PTS_FAILED("si_code %d value %d, expected SI_TIMER 12",
			   si.si_code, si.si_value.sival_int);
	if (cpu < VAL)
		PTS_FAILED("signal with the thread at %lld ns of CPU, before %lld",
			   cpu, VAL);
	if (main_cpu >= VAL / 2)
		PTS_FAILED("main used %lld ns of CPU while waiting", main_cpu);
	PTS_PASSED("timer on another thread's clock fired at its CPU time (%lld ms; main %lld us)",
		   cpu / 1000000, main_cpu / 1000);
}
