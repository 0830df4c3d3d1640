// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_timedwait() [ETIMEDOUT]: the semaphore could not be locked before
 * the timeout. At value 0 with nobody posting, a deadline 200 ms ahead
 * on CLOCK_REALTIME returns -1 ETIMEDOUT after at least 150 ms of
 * CLOCK_MONOTONIC (a lower bound only), the value still 0, private and
 * pshared; a post afterwards is taken by a trywait (the timed-out wait
 * left no claim behind).
 */
#include "pts_mqsem.h"

static void check(sem_t *s, const char *what)
{
	long long t0 = pts_now(CLOCK_MONOTONIC), slept;
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 200000000LL);

	PTS_EXPECT_ERRNO(sem_timedwait(s, &dl), ETIMEDOUT, what);
	slept = pts_now(CLOCK_MONOTONIC) - t0;
	if (slept < 150000000LL)
		PTS_FAILED("%s: returned after %lld ns", what, slept);
	pts_sem_expect(s, 0, what);
	sem_post(s);
	if (sem_trywait(s))
		PTS_FAILED("%s: the later post was not available", what);
}

int main(void)
{
	sem_t s;

	if (sem_init(&s, 0, 0))
		PTS_UNRES("sem_init(): %m");
	check(&s, "private");
	check(pts_shared_sem(0), "pshared");
	PTS_PASSED("ETIMEDOUT after the deadline, value 0 kept");
}
