// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_init() [EINVAL]: value exceeds {SEM_VALUE_MAX}. SEM_VALUE_MAX + 1,
 * SEM_VALUE_MAX + 2 and UINT_MAX fail with -1 and EINVAL, private and
 * pshared; SEM_VALUE_MAX itself is accepted (printed) and a post on it
 * then fails with [EOVERFLOW].
 */
#include "pts_mqsem.h"

int main(void)
{
	static const unsigned int bad[] = {
		(unsigned int)SEM_VALUE_MAX + 1, (unsigned int)SEM_VALUE_MAX + 2,
		UINT_MAX,
	};
	sem_t s;
	int i, ps;

	for (ps = 0; ps < 2; ps++)
		for (i = 0; i < 3; i++)
			PTS_EXPECT_ERRNO(sem_init(&s, ps, bad[i]), EINVAL,
					 "value above SEM_VALUE_MAX");
	if (sem_init(&s, 0, SEM_VALUE_MAX))
		PTS_FAILED("sem_init(SEM_VALUE_MAX): %m");
	PTS_EXPECT_ERRNO(sem_post(&s), EOVERFLOW, "post at SEM_VALUE_MAX");
	pts_sem_expect(&s, SEM_VALUE_MAX, "after EOVERFLOW");
	printf("SEM_VALUE_MAX = %d\n", SEM_VALUE_MAX);
	PTS_PASSED("EINVAL above SEM_VALUE_MAX, private and pshared");
}
