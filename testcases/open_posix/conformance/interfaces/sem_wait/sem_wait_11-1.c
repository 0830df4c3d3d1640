// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_trywait(): on an unlocked semaphore it locks it, decrementing the
 * value by exactly one. From 5 the value reads 4, 3, 2, 1, 0 after
 * each call (each returning 0); from SEM_VALUE_MAX one call leaves
 * SEM_VALUE_MAX - 1; a named semaphore at 2 reads 1.
 */
#include "pts_mqsem.h"

static void take(sem_t *s, int expect, const char *what)
{
	int r = sem_trywait(s);

	if (r != 0)
		PTS_FAILED("%s: sem_trywait() returned %d (%m)", what, r);
	pts_sem_expect(s, expect, what);
}

int main(void)
{
	char name[64];
	sem_t s, *n;
	int i;

	if (sem_init(&s, 0, 5))
		PTS_UNRES("sem_init(): %m");
	for (i = 4; i >= 0; i--)
		take(&s, i, "from 5");
	sem_destroy(&s);
	if (sem_init(&s, 0, SEM_VALUE_MAX))
		PTS_UNRES("sem_init(SEM_VALUE_MAX): %m");
	take(&s, SEM_VALUE_MAX - 1, "from SEM_VALUE_MAX");
	pts_ipc_name(name, sizeof(name), "semw11");
	n = sem_open(name, O_CREAT | O_EXCL, 0600, 2);
	sem_unlink(name);
	if (n == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	take(n, 1, "named, from 2");
	PTS_PASSED("each sem_trywait() took exactly one");
}
