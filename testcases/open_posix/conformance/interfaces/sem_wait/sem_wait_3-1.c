// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_wait() "shall" be a cancellation point (XSH 2.9.5.2). A thread
 * blocked in sem_wait() on a zero semaphore (asleep in the futex wait)
 * is cancelled there by a deferred request: it joins with
 * PTHREAD_CANCELED, its cleanup handler ran, sem_wait() never returned.
 * The cancelled wait took nothing: a post afterwards leaves the value
 * at 1 (sem_getvalue(), and one sem_trywait() succeeds, the next gets
 * [EAGAIN]); for a private and a process-shared semaphore.
 */
#include <semaphore.h>

#include "pts_cancel.h"

static sem_t s;

static void body(void *arg)
{
	(void)arg;
	sem_wait(&s);
}

static void run(int pshared)
{
	int v;

	if (sem_init(&s, pshared, 0))
		PTS_UNRES("sem_init(): %s", strerror(errno));
	pts_cancel_in_syscall(body, NULL, SYS_futex, "sem_wait()");
	if (sem_post(&s))
		PTS_UNRES("sem_post(): %s", strerror(errno));
	sem_getvalue(&s, &v);
	if (v != 1)
		PTS_FAILED("pshared %d: value %d after the cancelled wait and one post",
			   pshared, v);
	if (sem_trywait(&s))
		PTS_FAILED("pshared %d: the post was lost: %s", pshared, strerror(errno));
	PTS_EXPECT_ERRNO(sem_trywait(&s), EAGAIN, "second trywait");
	sem_destroy(&s);
}

int main(void)
{
	run(0);
	run(1);
	PTS_PASSED("sem_wait() is a cancellation point; the cancelled wait took nothing");
}
