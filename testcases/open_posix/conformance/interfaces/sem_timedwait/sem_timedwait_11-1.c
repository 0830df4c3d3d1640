// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_timedwait(): it never fails with a timeout when the semaphore can
 * be locked at once, and abs_timeout then need not be checked. At value
 * 2, deadlines of a second ago and the Epoch each take one (0 returned,
 * value 0). With tv_nsec 1e9 at value 1 either result is allowed: the
 * one seen is printed; an [EINVAL] must leave the value 1.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec past = pts_deadline(CLOCK_REALTIME, -PTS_NSEC);
	struct timespec epoch = { 0, 0 }, bad = { 0, PTS_NSEC };
	sem_t s;

	if (sem_init(&s, 0, 2))
		PTS_UNRES("sem_init(): %m");
	if (sem_timedwait(&s, &past))
		PTS_FAILED("deadline a second ago: %m");
	if (sem_timedwait(&s, &epoch))
		PTS_FAILED("deadline at the Epoch: %m");
	pts_sem_expect(&s, 0, "after two timed waits");
	sem_post(&s);
	if (sem_timedwait(&s, &bad) == 0) {
		printf("tv_nsec 1e9 with the value 1: taken (not checked)\n");
		pts_sem_expect(&s, 0, "after the unchecked wait");
	} else if (errno == EINVAL) {
		printf("tv_nsec 1e9 with the value 1: EINVAL (checked)\n");
		pts_sem_expect(&s, 1, "after EINVAL");
	} else {
		PTS_FAILED("tv_nsec 1e9 with the value 1: %m");
	}
	PTS_PASSED("an available semaphore is taken despite passed deadlines");
}
