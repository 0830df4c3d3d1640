// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_broadcast(): every unblocked thread returns from
 * pthread_cond_wait() owning the mutex, so the woken threads contend for
 * it as in pthread_mutex_lock(), and the scheduling policy decides who
 * gets it. FIFO 15 and FIFO 25 waiters on a PTHREAD_PRIO_INHERIT mutex
 * held by the FIFO 10 broadcaster: the kernel boosts the broadcaster to
 * rtprio 25 while it holds the mutex, back to 10 after its unlock; the
 * FIFO 25 waiter returns owning the mutex first, then the FIFO 15 one,
 * each 0.
 */
#include <pthread.h>

#include "pts_pi_boost.h"

static pthread_mutex_t m;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static volatile int tids[2], go_on;
static int order[2], n_order, rets[2] = { -1, -1 };

static void *waiter(void *arg)
{
	int i = (long)arg;

	if (pthread_mutex_lock(&m))
		return (void *)1L;
	tids[i] = pts_gettid();
	rets[i] = 0;
	while (!go_on && !rets[i])
		rets[i] = pthread_cond_wait(&c, &m);
	order[n_order++] = i;
	pthread_mutex_unlock(&m);
	return NULL;
}

static void *w15(void *arg)
{
	(void)arg;
	return waiter((void *)0L);
}

static void *w25(void *arg)
{
	(void)arg;
	return waiter((void *)1L);
}

int main(void)
{
	pthread_t t15, t25;
	void *r1, *r2;
	int p;

	pts_need_sched_fifo();
	pts_fifo_self(10);
	pts_pi_mutex_init(&m, 0);
	pts_fifo_thread(&t15, w15, 15);
	pts_fifo_thread(&t25, w25, 25);
	pts_wait_flag(&tids[0], "the FIFO 15 waiter");
	pts_wait_flag(&tids[1], "the FIFO 25 waiter");
	pts_wait_in_syscall(tids[0], SYS_futex);
	pts_wait_in_syscall(tids[1], SYS_futex);
	if (pthread_mutex_lock(&m))
		PTS_UNRES("lock");
	go_on = 1;
	if (pthread_cond_broadcast(&c))
		PTS_UNRES("pthread_cond_broadcast()");
	pts_wait_boost(10, 25, "the woken FIFO 25 waiter");
	if (n_order)
		PTS_FAILED("a waiter returned while the broadcaster held the mutex");
	printf("broadcaster boosted to rtprio 25 while holding the mutex\n");
	if (pthread_mutex_unlock(&m))
		PTS_UNRES("unlock");
	p = pts_self_rtprio();
	if (p != 10)
		PTS_FAILED("after the unlock the broadcaster runs at rtprio %d, not 10", p);
	if (pthread_join(t15, &r1) || pthread_join(t25, &r2) || r1 || r2)
		PTS_UNRES("a waiter's lock failed");
	if (rets[0] || rets[1])
		PTS_FAILED("pthread_cond_wait() returned %d (FIFO 15), %d (FIFO 25)",
			   rets[0], rets[1]);
	if (n_order != 2 || order[0] != 1)
		PTS_FAILED("the FIFO 15 waiter owned the mutex before the FIFO 25 one");
	PTS_PASSED("both woken, boosting the owner to 25; the FIFO 25 waiter got the mutex first");
}
