// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_destroy(): destroys an initialised semaphore on which no thread
 * is blocked. A semaphore whose waiter was released and joined is
 * destroyed (0), and the same memory, initialised again, is a new
 * semaphore: its value is the new one (0, not the old 2), a thread
 * blocks on it (found asleep in futex) until a post.
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

	if (sem_init(&s, 0, 0))
		PTS_UNRES("sem_init(): %m");
	pts_start_blocked(&b, waiter, NULL, SYS_futex);
	sem_post(&s);
	if (pts_join_long(b.t))
		PTS_UNRES("first waiter failed");
	sem_post(&s);
	sem_post(&s);
	if (sem_destroy(&s))
		PTS_FAILED("sem_destroy() with no waiter: %m");
	if (sem_init(&s, 0, 0))
		PTS_FAILED("sem_init() again: %m");
	pts_sem_expect(&s, 0, "re-initialised");
	pts_start_blocked(&b, waiter, NULL, SYS_futex);
	sem_post(&s);
	if (pts_join_long(b.t))
		PTS_FAILED("the waiter on the new semaphore failed");
	pts_sem_expect(&s, 0, "after the second waiter");
	if (sem_destroy(&s))
		PTS_FAILED("second sem_destroy(): %m");
	PTS_PASSED("destroyed without waiters, the memory reused as a new semaphore");
}
