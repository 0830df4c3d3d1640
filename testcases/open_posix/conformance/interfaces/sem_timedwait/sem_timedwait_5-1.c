// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_timedwait() "shall" be a cancellation point (XSH 2.9.5.2). A
 * thread blocked in sem_timedwait() with a deadline an hour ahead is
 * cancelled by a deferred request: it joins with PTHREAD_CANCELED
 * (well before the deadline), its cleanup handler ran, the call never
 * returned; the semaphore keeps its value 0 and a later post is not
 * absorbed (value 1 read back).
 */
#include <semaphore.h>

#include "pts_cancel.h"

static sem_t s;

static void body(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);

	(void)arg;
	sem_timedwait(&s, &ts);
}

int main(void)
{
	int v;

	if (sem_init(&s, 0, 0))
		PTS_UNRES("sem_init(): %s", strerror(errno));
	pts_cancel_in_syscall(body, NULL, SYS_futex, "sem_timedwait()");
	sem_getvalue(&s, &v);
	if (v != 0)
		PTS_FAILED("value %d after the cancelled wait", v);
	sem_post(&s);
	sem_getvalue(&s, &v);
	if (v != 1)
		PTS_FAILED("value %d after a post following the cancelled wait", v);
	PTS_PASSED("sem_timedwait() is a cancellation point");
}
