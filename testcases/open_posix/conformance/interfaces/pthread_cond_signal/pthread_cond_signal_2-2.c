// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_signal(): the unblocked thread returns from
 * pthread_cond_wait() owning the mutex it called with; until it can, it
 * contends for that mutex like pthread_mutex_lock(). With a
 * PTHREAD_PRIO_INHERIT mutex the woken FIFO 20 waiter, blocked on the
 * mutex the FIFO 10 signaller still holds, lends the signaller its
 * priority: the kernel shows the signaller at rtprio 20 (/proc prio
 * -21) before it unlocks, back at 10 after; the waiter then returns 0
 * holding the mutex (the signaller's trylock EBUSY until it unlocks).
 */
#include <pthread.h>

#include "pts_pi_boost.h"

static pthread_mutex_t m;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static volatile int waiter_tid, woke, go_on;
static int wait_ret = -1;

static void *waiter(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(&m))
		return (void *)1L;
	waiter_tid = pts_gettid();
	while (!go_on)
		wait_ret = pthread_cond_wait(&c, &m);
	__atomic_store_n(&woke, 1, __ATOMIC_RELEASE);
	while (__atomic_load_n(&woke, __ATOMIC_ACQUIRE) != 2)
		pts_nap();
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_t t;
	int p, err;

	pts_need_sched_fifo();
	pts_fifo_self(10);
	pts_pi_mutex_init(&m, 0);
	pts_fifo_thread(&t, waiter, 20);
	pts_wait_flag(&waiter_tid, "the waiter's lock");
	/* the waiter sleeps in the condvar's futex, the mutex released */
	pts_wait_in_syscall(waiter_tid, SYS_futex);
	if (pthread_mutex_lock(&m))
		PTS_UNRES("lock");
	go_on = 1;
	if (pthread_cond_signal(&c))
		PTS_UNRES("pthread_cond_signal()");
	pts_wait_boost(10, 20, "the woken FIFO 20 waiter");
	if (woke)
		PTS_FAILED("the waiter returned from pthread_cond_wait() while the signaller held the mutex");
	printf("signaller boosted to rtprio 20 while holding the mutex\n");
	if (pthread_mutex_unlock(&m))
		PTS_UNRES("unlock");
	p = pts_self_rtprio();
	if (p != 10)
		PTS_FAILED("after the unlock the signaller runs at rtprio %d, not 10", p);
	pts_wait_flag(&woke, "the waiter's return");
	if (wait_ret)
		PTS_FAILED("pthread_cond_wait() returned %d", wait_ret);
	err = pthread_mutex_trylock(&m);
	if (err != EBUSY)
		PTS_FAILED("trylock while the woken waiter should own the mutex: %d", err);
	__atomic_store_n(&woke, 2, __ATOMIC_RELEASE);
	if (pthread_join(t, NULL))
		PTS_UNRES("pthread_join()");
	if (pthread_mutex_trylock(&m))
		PTS_FAILED("the mutex is not free after the waiter's unlock");
	pthread_mutex_unlock(&m);
	PTS_PASSED("the woken waiter contended for the PI mutex (owner boosted) and returned owning it");
}
