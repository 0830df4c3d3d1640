// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_wait() releases the mutex while the caller waits and
 * locks it again before returning. With a PTHREAD_PRIO_PROTECT mutex
 * the priority lent by the ceiling goes and comes with it: a FIFO 5
 * thread holding a ceiling 20 mutex runs at rtprio 20; while it sleeps
 * in pthread_cond_wait() (in the kernel's futex) the kernel shows it at
 * 5, and main can lock the mutex; signalled, it returns 0 owning the
 * mutex at rtprio 20 again, and at 5 after its unlock.
 */
#include <pthread.h>

#include "pts_pi.h"

static pthread_mutex_t m;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static volatile int tid, go_on, step;
static int held_prio, after_prio, ret = -1;

static int rtprio(pid_t t)
{
	return -1 - (int)pts_task_stat(t, 18);
}

static void *waiter(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(&m))
		return (void *)1L;
	held_prio = rtprio(pts_gettid());
	tid = pts_gettid();
	while (!go_on)
		ret = pthread_cond_wait(&c, &m);
	__atomic_store_n(&step, 1, __ATOMIC_RELEASE);
	held_prio = rtprio(pts_gettid());
	pthread_mutex_unlock(&m);
	after_prio = rtprio(pts_gettid());
	return NULL;
}

int main(void)
{
	struct sched_param sp;
	pthread_mutexattr_t a;
	pthread_t t;
	void *r;
	int p;

	pts_need_sched_fifo();
	pts_fifo_self(30);
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_PROTECT))
		PTS_UNSUPP("PTHREAD_PRIO_PROTECT not supported");
	if (pthread_mutexattr_setprioceiling(&a, 20) ||
	    pthread_mutex_init(&m, &a))
		PTS_UNRES("PRIO_PROTECT mutex, ceiling 20");
	pts_fifo_thread(&t, waiter, 5);
	pts_wait_flag(&tid, "the waiter's lock");
	if (held_prio != 20)
		PTS_FAILED("the FIFO 5 owner of the ceiling 20 mutex runs at %d",
			   held_prio);
	pts_wait_in_syscall(tid, SYS_futex);
	p = rtprio(tid);
	if (p != 5)
		PTS_FAILED("asleep in pthread_cond_wait() the waiter is at rtprio %d, not 5",
			   p);
	/* at the ceiling main may lock it: the mutex is free */
	sp.sched_priority = 20;
	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp))
		PTS_UNRES("main to FIFO 20");
	if (pthread_mutex_trylock(&m))
		PTS_FAILED("main could not lock the mutex the waiter released");
	go_on = 1;
	if (pthread_cond_signal(&c) || pthread_mutex_unlock(&m))
		PTS_UNRES("signal/unlock");
	if (pthread_join(t, &r) || r)
		PTS_UNRES("pthread_join()");
	if (ret || !step)
		PTS_FAILED("pthread_cond_wait() returned %d", ret);
	if (held_prio != 20 || after_prio != 5)
		PTS_FAILED("the returned waiter at rtprio %d holding the mutex, %d after (expected 20, 5)",
			   held_prio, after_prio);
	PTS_PASSED("the ceiling priority was lifted during the wait and restored with the mutex");
}
