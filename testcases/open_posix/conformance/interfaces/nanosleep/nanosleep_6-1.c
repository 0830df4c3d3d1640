// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The largest valid timespec, { LONG_MAX, 999999999 }, is a valid
 * interval (tv_nsec below 1000 million, tv_sec not negative): it must
 * not fail with [EINVAL] nor wrap around to a time already passed.
 * nanosleep(), relative clock_nanosleep() on CLOCK_MONOTONIC, absolute
 * clock_nanosleep() on CLOCK_MONOTONIC and sigtimedwait() each sleep
 * with it (the caller seen asleep in the kernel) until a signal for the
 * thread ends them: -1 [EINTR] / EINTR after the SIGUSR1 handler, the
 * relative sleeps reporting a remainder of more than 100 years (the
 * exact value printed: the kernel clamps its timers to 2^63 ns), the
 * absolute one leaving rmtp untouched; sigtimedwait() returns the
 * awaited SIGUSR2.
 */
#include <limits.h>
#include <pthread.h>
#include <sys/syscall.h>

#include "pts_helpers.h"

#define CENTURY_NS (100LL * 365 * 24 * 3600 * PTS_NSEC)

static pid_t main_tid;
static pthread_t main_th;
static long wait_nr;
static int poke_sig;
static volatile int caught;

static void on_usr1(int sig)
{
	(void)sig;
	caught++;
}

static void *poker(void *arg)
{
	(void)arg;
	pts_wait_in_syscall(main_tid, wait_nr);
	pthread_kill(main_th, poke_sig);
	return NULL;
}

static void start(long nr, int sig, pthread_t *th)
{
	wait_nr = nr;
	poke_sig = sig;
	if (pthread_create(th, NULL, poker, NULL))
		PTS_UNRES("pthread_create() failed");
}

static void eintr(int r, int err, int before, struct timespec *rm,
		  int relative, const char *what)
{
	if (r != EINTR || err != EINTR)
		PTS_FAILED("%s with { LONG_MAX, 999999999 }: %s, expected EINTR",
			   what, strerrorname_np(r ? r : err) ?
			   strerrorname_np(r ? r : err) : "0");
	if (caught != before + 1)
		PTS_FAILED("%s: the handler ran %d times", what, caught - before);
	if (relative) {
		printf("%s: EINTR, remainder %lld s\n", what,
		       (long long)rm->tv_sec);
		if (rm->tv_sec < 0 || pts_ts_ns(rm) < CENTURY_NS)
			PTS_FAILED("%s: remainder %lld s, expected more than 100 years",
				   what, (long long)rm->tv_sec);
	} else if (rm->tv_sec != 5 || rm->tv_nsec != 5) {
		PTS_FAILED("%s: TIMER_ABSTIME wrote rmtp", what);
	}
}

int main(void)
{
	struct timespec max = { LONG_MAX, 999999999 }, rm;
	struct sigaction sa;
	pthread_t th;
	siginfo_t si;
	sigset_t set;
	int r, err, before;

	main_tid = pts_gettid();
	main_th = pthread_self();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %m");

	start(SYS_clock_nanosleep, SIGUSR1, &th);
	before = caught;
	errno = 0;
	r = nanosleep(&max, &rm) ? EINTR : 0;
	err = errno;
	pthread_join(th, NULL);
	eintr(r, err, before, &rm, 1, "nanosleep()");

	start(SYS_clock_nanosleep, SIGUSR1, &th);
	before = caught;
	r = clock_nanosleep(CLOCK_MONOTONIC, 0, &max, &rm);
	pthread_join(th, NULL);
	eintr(r, r, before, &rm, 1, "clock_nanosleep(MONOTONIC, relative)");

	start(SYS_clock_nanosleep, SIGUSR1, &th);
	before = caught;
	rm.tv_sec = rm.tv_nsec = 5;
	r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &max, &rm);
	pthread_join(th, NULL);
	eintr(r, r, before, &rm, 0, "clock_nanosleep(MONOTONIC, TIMER_ABSTIME)");

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		PTS_UNRES("sigprocmask(): %m");
	start(SYS_rt_sigtimedwait, SIGUSR2, &th);
	r = sigtimedwait(&set, &si, &max);
	err = errno;
	pthread_join(th, NULL);
	if (r != SIGUSR2)
		PTS_FAILED("sigtimedwait() with { LONG_MAX, 999999999 }: %d (%s), expected SIGUSR2",
			   r, strerrorname_np(err));
	PTS_PASSED("the largest timespec sleeps until a signal ends it");
}
