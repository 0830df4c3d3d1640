// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_open(): "If O_EXCL and O_CREAT are set, sem_open() fails if the
 * semaphore name exists. The check for the existence of the semaphore
 * and the creation of the semaphore if it does not exist are atomic with
 * respect to other processes executing sem_open() with O_EXCL and
 * O_CREAT set." Eight processes released together: exactly one creates
 * the semaphore, seven get [EEXIST]; five rounds; the survivor has the
 * creator's initial value.
 */
#include <semaphore.h>

#include "pts_excl.h"

static int create(const char *name)
{
	sem_t *s = sem_open(name, O_CREAT | O_EXCL, 0600, 3);

	if (s == SEM_FAILED)
		return errno;
	sem_close(s);
	return 0;
}

int main(void)
{
	char name[64];
	sem_t *s;
	int i, r, v;

	snprintf(name, sizeof(name), "/pts_sem_open6_%d", (int)getpid());
	for (i = 0; i < 5; i++) {
		r = pts_excl_race(create, name);
		s = sem_open(name, 0);
		sem_unlink(name);
		if (r)
			PTS_FAILED("round %d: not exactly one creator", i + 1);
		if (s == SEM_FAILED)
			PTS_FAILED("round %d: no semaphore left: %m", i + 1);
		sem_getvalue(s, &v);
		sem_close(s);
		if (v != 3)
			PTS_FAILED("round %d: value %d, expected 3", i + 1, v);
	}
	PTS_PASSED("one creator per round, the rest EEXIST");
}
