// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_open(): "If a process makes multiple successful calls to sem_open()
 * with the same value for name, the same semaphore address shall be
 * returned for each such successful call, provided that there have been
 * no calls to sem_unlink() for this semaphore, and at least one previous
 * successful sem_open() call for this semaphore has not been matched with
 * a sem_close() call." O_CREAT on an existing name (without O_EXCL) "has
 * no effect": the value argument is ignored and the semaphore keeps its
 * value. (ENAMETOOLONG is sem_open_4-1's case.)
 */
#include <semaphore.h>

#include "pts_helpers.h"

int main(void)
{
	char name[64];
	sem_t *a, *b, *c;
	int v;

	snprintf(name, sizeof(name), "/pts_sem_open3_%d", (int)getpid());
	sem_unlink(name);
	a = sem_open(name, O_CREAT | O_EXCL, 0600, 3);
	if (a == SEM_FAILED)
		PTS_UNRES("sem_open(O_CREAT | O_EXCL): %m");
	b = sem_open(name, 0);
	c = sem_open(name, O_CREAT, 0600, 7);
	if (b == SEM_FAILED || c == SEM_FAILED) {
		sem_unlink(name);
		PTS_FAILED("reopening an existing semaphore: %m");
	}
	printf("addresses: %p %p %p\n", (void *)a, (void *)b, (void *)c);
	if (a != b || a != c) {
		sem_unlink(name);
		PTS_FAILED("the same name opened three times gave different addresses");
	}
	sem_getvalue(c, &v);
	if (v != 3) {
		sem_unlink(name);
		PTS_FAILED("value %d after O_CREAT of the existing name, expected 3 (value 7 must be ignored)",
			   v);
	}
	if (sem_close(a) || sem_close(b)) {
		sem_unlink(name);
		PTS_FAILED("sem_close(): %m");
	}
	/* one open still unmatched: the semaphore is still usable */
	if (sem_trywait(c) || sem_getvalue(c, &v) || v != 2) {
		sem_unlink(name);
		PTS_FAILED("the semaphore of the third open after two closes: value %d, %m",
			   v);
	}
	sem_close(c);
	sem_unlink(name);

	PTS_PASSED("same address per name, O_CREAT ignores the value");
}
