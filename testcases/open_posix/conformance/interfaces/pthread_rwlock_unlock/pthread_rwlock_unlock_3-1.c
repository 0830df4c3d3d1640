// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_unlock(): when the lock becomes available, SCHED_FIFO
 * threads waiting on it acquire it in priority order (write locks first
 * among equal priorities). A FIFO 10 reader blocks on main's write lock
 * first, a FIFO 20 writer after it (both asleep in the kernel's futex);
 * main's unlock should give the lock to the FIFO 20 writer before the
 * reader. glibc's default rwlock prefers readers and hands a released
 * write lock to the waiting readers: reported as a known issue.
 */
#include <pthread.h>

#include "pts_pi.h"

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static volatile int tid_r, tid_w;
static int order[2], n_order;
static pthread_mutex_t order_m = PTHREAD_MUTEX_INITIALIZER;

static void got(int who)
{
	pthread_mutex_lock(&order_m);
	order[n_order++] = who;
	pthread_mutex_unlock(&order_m);
}

static void *reader(void *arg)
{
	(void)arg;
	tid_r = pts_gettid();
	if (pthread_rwlock_rdlock(&rw))
		return (void *)1L;
	got('R');
	pthread_rwlock_unlock(&rw);
	return NULL;
}

static void *writer(void *arg)
{
	(void)arg;
	tid_w = pts_gettid();
	if (pthread_rwlock_wrlock(&rw))
		return (void *)1L;
	got('W');
	pthread_rwlock_unlock(&rw);
	return NULL;
}

int main(void)
{
	pthread_t r, w;
	void *rr, *rw_ret;

	pts_need_sched_fifo();
	pts_fifo_self(30);
	if (pthread_rwlock_wrlock(&rw))
		PTS_UNRES("wrlock");
	pts_fifo_thread(&r, reader, 10);
	pts_wait_flag(&tid_r, "the reader's start");
	pts_wait_in_syscall(tid_r, SYS_futex);
	pts_fifo_thread(&w, writer, 20);
	pts_wait_flag(&tid_w, "the writer's start");
	pts_wait_in_syscall(tid_w, SYS_futex);
	if (pthread_rwlock_unlock(&rw))
		PTS_UNRES("unlock");
	if (pthread_join(r, &rr) || pthread_join(w, &rw_ret) || rr || rw_ret)
		PTS_UNRES("a waiter's lock failed");
	if (n_order != 2)
		PTS_UNRES("%d acquisitions recorded", n_order);
	printf("acquired in order %c, %c\n", order[0], order[1]);
	if (order[0] == 'R')
		PTS_KNOWN_ISSUE("XSH pthread_rwlock_unlock, priority order",
				"the FIFO 10 reader got the lock before the FIFO 20 writer (glibc prefers readers)");
	PTS_PASSED("the FIFO 20 writer acquired the released lock before the FIFO 10 reader");
}
