// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_trywait(): on a locked semaphore (value 0) the call fails and
 * does not decrement it: 100 attempts each give -1 [EAGAIN] and the
 * value reads 0 throughout (never negative); one post then allows
 * exactly one successful trywait.
 */
#include "pts_mqsem.h"

int main(void)
{
	sem_t s;
	int i;

	if (sem_init(&s, 0, 1) || sem_trywait(&s))
		PTS_UNRES("setup: %m");
	for (i = 0; i < 100; i++) {
		PTS_EXPECT_ERRNO(sem_trywait(&s), EAGAIN, "locked semaphore");
		pts_sem_expect(&s, 0, "after a failed trywait");
	}
	sem_post(&s);
	if (sem_trywait(&s))
		PTS_FAILED("after one post: %m");
	PTS_EXPECT_ERRNO(sem_trywait(&s), EAGAIN, "second take after one post");
	PTS_PASSED("100 failed trywaits left 0, one post allowed one take");
}
