// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_timedwait(): [ETIMEDOUT] once abstime has passed, and even
 * then the mutex is reacquired before the call returns. A FIFO 20 thread
 * waits with a 100 ms deadline on a PTHREAD_PRIO_INHERIT mutex that the
 * FIFO 10 main then locks and holds past the deadline: the timed-out
 * waiter blocks on the mutex (the kernel boosts main to rtprio 20, /proc
 * prio -21) without returning; at main's unlock main is back at 10 and
 * the waiter returns ETIMEDOUT owning the mutex (main's trylock EBUSY).
 * Where main takes the mutex too late (the waiter already owns it: the
 * trylock fails) the round is repeated with a deadline four times longer.
 */
#include <pthread.h>

#include "pts_pi_boost.h"

static pthread_mutex_t m;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static volatile int waiter_tid, returned, release;
static int ret;
static long long deadline, wait_ns;

static void *waiter(void *arg)
{
	struct timespec dl;

	(void)arg;
	if (pthread_mutex_lock(&m))
		return (void *)1L;
	deadline = pts_now(CLOCK_REALTIME) + wait_ns;
	dl = pts_ns_ts(deadline);
	waiter_tid = pts_gettid();
	ret = pthread_cond_timedwait(&c, &m, &dl);
	__atomic_store_n(&returned, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "main's check");
	pthread_mutex_unlock(&m);
	return NULL;
}

/* one round; 0 when main came too late to hold the mutex at the deadline */
static int round_(void)
{
	pthread_t t;
	int p, err;

	waiter_tid = returned = release = 0;
	ret = -1;
	pts_fifo_thread(&t, waiter, 20);
	pts_wait_flag(&waiter_tid, "the waiter's lock");
	/* asleep in the wait, or (late) already back, napping for release */
	pts_wait_in_either(waiter_tid, SYS_futex, SYS_clock_nanosleep);
	err = pthread_mutex_trylock(&m);
	if (err) {
		if (err != EBUSY)
			PTS_UNRES("trylock: %d", err);
		__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
		pthread_join(t, NULL);
		printf("the %lld ms deadline passed before main held the mutex\n",
		       wait_ns / 1000000);
		return 0;
	}
	pts_wait_boost(10, 20, "the timed-out FIFO 20 waiter");
	if (pts_now(CLOCK_REALTIME) < deadline)
		PTS_FAILED("the waiter contended for the mutex before its deadline");
	if (returned)
		PTS_FAILED("pthread_cond_timedwait() returned %d while main held the mutex",
			   ret);
	printf("main boosted to rtprio 20 by the timed-out waiter\n");
	if (pthread_mutex_unlock(&m))
		PTS_UNRES("unlock");
	p = pts_self_rtprio();
	if (p != 10)
		PTS_FAILED("after the unlock main runs at rtprio %d, not 10", p);
	pts_wait_flag(&returned, "the waiter's return");
	if (ret != ETIMEDOUT)
		PTS_FAILED("pthread_cond_timedwait() returned %d, not ETIMEDOUT", ret);
	err = pthread_mutex_trylock(&m);
	if (err != EBUSY)
		PTS_FAILED("trylock while the timed-out waiter should own the mutex: %d",
			   err);
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	if (pthread_join(t, NULL))
		PTS_UNRES("pthread_join()");
	if (pthread_mutex_trylock(&m))
		PTS_FAILED("the mutex is not free after the waiter's unlock");
	pthread_mutex_unlock(&m);
	return 1;
}

int main(void)
{
	pts_need_sched_fifo();
	pts_fifo_self(10);
	pts_pi_mutex_init(&m, 0);
	for (wait_ns = 100000000LL; !round_(); wait_ns *= 4)
		if (wait_ns > pts_bound_ns(10))
			PTS_UNRES("main never held the mutex before the deadline");
	PTS_PASSED("ETIMEDOUT returned only once the waiter owned the PI mutex again");
}
