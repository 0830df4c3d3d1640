// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwaitinfo(): "If more than one thread is using sigwait() to wait for
 * the same signal, no more than one of these threads shall return from
 * sigwait() with the signal number." Three threads sleep in
 * sigwaitinfo() for SIGRTMIN (blocked everywhere); main queues it three
 * times with the values 1, 2, 3, one after another once the previous
 * one was taken: each signal ends exactly one wait (one more thread has
 * returned, the others still asleep), each thread gets one signal, the
 * three values each once, with SI_QUEUE and main's pid; nothing is left
 * pending. A waiter that returns EINTR without a signal (Linux, see
 * sigwaitinfo_6-1) waits again; how often is printed.
 */
#include <pthread.h>
#include <sys/syscall.h>

#include "pts_helpers.h"

#define NT 3

static volatile pid_t tids[NT];
static volatile int done[NT], returned, spurious;
static siginfo_t info[NT];
static int err[NT];

static void *waiter(void *arg)
{
	long i = (long)arg;
	struct timespec lim = pts_ns_ts(pts_bound_ns(30));
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	tids[i] = pts_gettid();
	/*
	 * Bounded: a lost signal ends the thread with EAGAIN, not a hang.
	 * A return with EINTR though no handler exists is Linux waking the
	 * other waiters when one takes the signal (sigwaitinfo_6-1): wait
	 * again, counted.
	 */
	while (sigtimedwait(&set, &info[i], &lim) != SIGRTMIN) {
		if (errno != EINTR) {
			err[i] = errno;
			break;
		}
		__atomic_add_fetch(&spurious, 1, __ATOMIC_RELAXED);
	}
	/* marked done before counted: main skips it from then on */
	__atomic_store_n(&done[i], 1, __ATOMIC_RELEASE);
	__atomic_add_fetch(&returned, 1, __ATOMIC_ACQ_REL);
	return NULL;
}

int main(void)
{
	pthread_t th[NT];
	union sigval v;
	sigset_t set, pend;
	long long end;
	int i, k, seen[NT + 1] = { 0 };

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		PTS_UNRES("sigprocmask(): %m");
	for (i = 0; i < NT; i++)
		if (pthread_create(&th[i], NULL, waiter, (void *)(long)i))
			PTS_UNRES("pthread_create() failed");
	for (i = 0; i < NT; i++) {
		while (!tids[i])
			pts_nap();
		pts_wait_in_syscall(tids[i], SYS_rt_sigtimedwait);
	}

	for (k = 1; k <= NT; k++) {
		v.sival_int = k;
		if (sigqueue(getpid(), SIGRTMIN, v))
			PTS_UNRES("sigqueue(): %m");
		end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
		while (__atomic_load_n(&returned, __ATOMIC_ACQUIRE) < k) {
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_FAILED("signal %d woke no waiter", k);
			pts_nap();
		}
		/* the others are still asleep in the call */
		for (i = 0; i < NT; i++)
			if (!__atomic_load_n(&done[i], __ATOMIC_ACQUIRE))
				pts_wait_in_syscall(tids[i], SYS_rt_sigtimedwait);
		if (__atomic_load_n(&returned, __ATOMIC_ACQUIRE) != k)
			PTS_FAILED("signal %d: %d waits ended, expected %d",
				   k, returned, k);
	}
	for (i = 0; i < NT; i++) {
		pthread_join(th[i], NULL);
		if (err[i])
			PTS_FAILED("waiter %d got no signal: %s", i,
				   strerrorname_np(err[i]));
		if (info[i].si_code != SI_QUEUE || info[i].si_pid != getpid() ||
		    info[i].si_value.sival_int < 1 ||
		    info[i].si_value.sival_int > NT)
			PTS_FAILED("waiter %d: code %d pid %d value %d",
				   i, info[i].si_code, (int)info[i].si_pid,
				   info[i].si_value.sival_int);
		if (seen[info[i].si_value.sival_int]++)
			PTS_FAILED("value %d taken twice",
				   info[i].si_value.sival_int);
	}
	printf("spurious EINTR returns: %d\n", spurious);
	sigpending(&pend);
	if (sigismember(&pend, SIGRTMIN))
		PTS_FAILED("SIGRTMIN left pending");
	PTS_PASSED("each queued signal ended exactly one of three waits");
}
