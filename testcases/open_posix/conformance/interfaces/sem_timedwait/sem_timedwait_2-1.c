// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_timedwait(): "If the semaphore cannot be locked without waiting
 * ... this wait shall be terminated when the specified timeout expires";
 * a timeout that "has already passed at the time of the call" ends the
 * call with [ETIMEDOUT] without taking anything. Checked on a zero
 * semaphore with deadlines one second ago, at the Epoch and before it
 * (tv_sec -1, a valid tv_nsec): each fails with ETIMEDOUT and the value
 * stays 0; a post afterwards is then taken by a past deadline (0).
 */
#include <semaphore.h>

#include "pts_helpers.h"

int main(void)
{
	struct timespec past[3];
	const char *what[3] = { "one second ago", "the Epoch", "tv_sec -1" };
	sem_t s;
	int i, v;

	if (sem_init(&s, 0, 0))
		PTS_UNRES("sem_init(): %m");
	past[0] = pts_deadline(CLOCK_REALTIME, -PTS_NSEC);
	past[1].tv_sec = 0;
	past[1].tv_nsec = 0;
	past[2].tv_sec = -1;
	past[2].tv_nsec = 500000000;
	for (i = 0; i < 3; i++) {
		PTS_EXPECT_ERRNO(sem_timedwait(&s, &past[i]), ETIMEDOUT, what[i]);
		if (sem_getvalue(&s, &v) || v != 0)
			PTS_FAILED("value %d after the timeout (%s), expected 0",
				   v, what[i]);
		printf("deadline %s: ETIMEDOUT, value 0\n", what[i]);
	}
	if (sem_post(&s))
		PTS_UNRES("sem_post(): %m");
	if (sem_timedwait(&s, &past[1]))
		PTS_FAILED("sem_timedwait(value 1, past deadline): %m");
	if (sem_getvalue(&s, &v) || v != 0)
		PTS_FAILED("value %d after taking it, expected 0", v);
	PTS_PASSED("past deadlines time out at once, value untouched");
}
