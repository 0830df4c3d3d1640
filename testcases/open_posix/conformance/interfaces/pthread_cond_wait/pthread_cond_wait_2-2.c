// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_wait() is a cancellation point, and a thread cancelled
 * in it reacquires the mutex before its first cleanup handler runs. A
 * FIFO 20 waiter on a PTHREAD_PRIO_INHERIT mutex is cancelled while the
 * FIFO 10 main holds the mutex: the waiter blocks on the mutex (the
 * kernel boosts main to rtprio 20) and its cleanup handler has not run;
 * after main's unlock (main back at 10) the handler runs owning the
 * mutex (main's trylock EBUSY while it holds it), unlocks it, and the
 * thread ends with PTHREAD_CANCELED.
 */
#include <pthread.h>

#include "pts_pi_boost.h"

static pthread_mutex_t m;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static volatile int waiter_tid, in_cleanup, release;

static void cleanup(void *arg)
{
	(void)arg;
	__atomic_store_n(&in_cleanup, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "main's check");
	pthread_mutex_unlock(&m);
}

static void *waiter(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(&m))
		return (void *)1L;
	pthread_cleanup_push(cleanup, NULL);
	waiter_tid = pts_gettid();
	for (;;)
		pthread_cond_wait(&c, &m);
	pthread_cleanup_pop(0);
	return NULL;
}

int main(void)
{
	pthread_t t;
	void *r;
	int p, err;

	pts_need_sched_fifo();
	pts_fifo_self(10);
	pts_pi_mutex_init(&m, 0);
	pts_fifo_thread(&t, waiter, 20);
	pts_wait_flag(&waiter_tid, "the waiter's lock");
	pts_wait_in_syscall(waiter_tid, SYS_futex);
	if (pthread_mutex_lock(&m))
		PTS_UNRES("lock");
	if (pthread_cancel(t))
		PTS_UNRES("pthread_cancel()");
	pts_wait_boost(10, 20, "the cancelled FIFO 20 waiter");
	if (in_cleanup)
		PTS_FAILED("the cleanup handler ran while main held the mutex");
	if (pthread_mutex_unlock(&m))
		PTS_UNRES("unlock");
	p = pts_self_rtprio();
	if (p != 10)
		PTS_FAILED("after the unlock main runs at rtprio %d, not 10", p);
	pts_wait_flag(&in_cleanup, "the cleanup handler");
	err = pthread_mutex_trylock(&m);
	if (err != EBUSY)
		PTS_FAILED("trylock while the cleanup handler should own the mutex: %d",
			   err);
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	if (pthread_join(t, &r))
		PTS_UNRES("pthread_join()");
	if (r != PTHREAD_CANCELED)
		PTS_FAILED("the waiter ended with %p, not PTHREAD_CANCELED", r);
	if (pthread_mutex_trylock(&m))
		PTS_FAILED("the mutex is not free after the cleanup handler's unlock");
	pthread_mutex_unlock(&m);
	PTS_PASSED("the cancelled waiter reacquired the PI mutex before its cleanup handler");
}
