// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_init()/sem_getvalue()/sem_post()/sem_trywait(): the semaphore
 * starts at the given value (also 0 and SEM_VALUE_MAX); sem_post() adds
 * one and sem_trywait() takes one; at zero sem_trywait() fails with
 * [EAGAIN] and the value stays 0; a value above SEM_VALUE_MAX fails with
 * [EINVAL]; sem_post() at SEM_VALUE_MAX fails with [EOVERFLOW].
 */
#include <limits.h>
#include <semaphore.h>

#include "pts_helpers.h"

int main(void)
{
	sem_t s;
	int v, i;

	if (sem_init(&s, 0, 3))
		PTS_FAILED("sem_init(3): %m");
	if (sem_getvalue(&s, &v) || v != 3)
		PTS_FAILED("initial value %d, expected 3", v);
	sem_post(&s);
	sem_getvalue(&s, &v);
	if (v != 4)
		PTS_FAILED("after sem_post() value %d, expected 4", v);
	for (i = 0; i < 4; i++)
		if (sem_trywait(&s))
			PTS_FAILED("sem_trywait() #%d: %m", i + 1);
	PTS_EXPECT_ERRNO(sem_trywait(&s), EAGAIN, "sem_trywait() at zero");
	sem_getvalue(&s, &v);
	if (v != 0)
		PTS_FAILED("value %d after EAGAIN, expected 0", v);
	sem_destroy(&s);
	PTS_EXPECT_ERRNO(sem_init(&s, 0, (unsigned int)SEM_VALUE_MAX + 1), EINVAL,
			 "sem_init(SEM_VALUE_MAX + 1)");
	if (sem_init(&s, 0, SEM_VALUE_MAX))
		PTS_FAILED("sem_init(SEM_VALUE_MAX): %m");
	PTS_EXPECT_ERRNO(sem_post(&s), EOVERFLOW, "sem_post() at SEM_VALUE_MAX");
	sem_getvalue(&s, &v);
	if (v != SEM_VALUE_MAX)
		PTS_FAILED("value %d after EOVERFLOW", v);
	PTS_PASSED("values, EAGAIN, EINVAL and EOVERFLOW as specified");
}
