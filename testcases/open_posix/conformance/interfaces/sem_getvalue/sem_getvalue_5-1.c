// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_getvalue(): the call does not change the semaphore's state. With
 * a thread blocked in sem_wait() on a semaphore at 0, 1,000 reads
 * neither wake it (it is found asleep in futex afterwards) nor change
 * the value (0 or, where waiters are counted, negative, printed); one
 * post then releases the thread and leaves 0.
 */
#include <pthread.h>
#include <sys/syscall.h>

#include "pts_mqsem.h"
#include "pts_blocked.h"

static sem_t s;

static void *waiter(void *arg)
{
	(void)arg;
	return (void *)(long)(sem_wait(&s) ? errno : 0);
}

int main(void)
{
	struct pts_blocked b;
	int i, v, first;

	if (sem_init(&s, 0, 0))
		PTS_UNRES("sem_init(): %m");
	pts_start_blocked(&b, waiter, NULL, SYS_futex);
	sem_getvalue(&s, &first);
	if (first > 0)
		PTS_FAILED("value %d with a waiter", first);
	for (i = 0; i < 1000; i++) {
		if (sem_getvalue(&s, &v) || v != first)
			PTS_FAILED("read %d: %d, first read %d", i, v, first);
	}
	pts_wait_in_syscall(b.tid, SYS_futex);
	printf("value with one waiter: %d\n", first);
	sem_post(&s);
	if (pts_join_long(b.t))
		PTS_FAILED("the waiter failed");
	pts_sem_expect(&s, 0, "after the post");
	PTS_PASSED("1,000 reads changed nothing, the waiter slept on");
}
