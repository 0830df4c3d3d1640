// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigtimedwait(): a signal of set generated before the timeout ends the
 * wait at once: a thread waiting with a 60 s timeout (seen asleep in
 * rt_sigtimedwait) is woken by pthread_kill() from the main thread and
 * returns the signal with si_signo set and si_pid the process, well
 * before the timeout (si_code is not specified for pthread_kill():
 * printed only).
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile pid_t tid;
static siginfo_t si;

static void *waiter(void *arg)
{
	struct timespec to = { 60, 0 };
	sigset_t set;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	tid = pts_gettid();
	return (void *)(long)sigtimedwait(&set, &si, &to);
}

int main(void)
{
	long long t0, t1;
	sigset_t set;
	pthread_t t;
	void *v;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	t0 = pts_now(CLOCK_MONOTONIC);
	pthread_create(&t, NULL, waiter, NULL);
	while (!tid)
		pts_nap();
	pts_wait_in_syscall(tid, SYS_rt_sigtimedwait);
	pthread_kill(t, SIGRTMIN);
	pthread_join(t, &v);
	t1 = pts_now(CLOCK_MONOTONIC);
	if ((long)v != SIGRTMIN)
		PTS_FAILED("sigtimedwait() returned %ld", (long)v);
	printf("si_code %d\n", si.si_code);
	if (si.si_signo != SIGRTMIN || si.si_pid != getpid())
		PTS_FAILED("si_signo %d si_code %d si_pid %d", si.si_signo,
			   si.si_code, (int)si.si_pid);
	if (t1 - t0 >= 60 * PTS_NSEC)
		PTS_FAILED("the wait lasted the whole timeout");
	PTS_PASSED("woken by the signal after %lld ns", t1 - t0);
}
