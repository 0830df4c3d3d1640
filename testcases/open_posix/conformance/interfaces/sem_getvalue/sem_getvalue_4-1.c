// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_getvalue(): returns 0 on success, the value stored in *sval.
 * Exactly 0 is returned (not the value) for private and pshared
 * semaphores at 0, 1 and SEM_VALUE_MAX and for a named one at 7; the
 * stored value is each semaphore's, overwriting what *sval held.
 */
#include "pts_mqsem.h"

static void check(sem_t *s, int want, const char *what)
{
	int v = -777, r;

	r = sem_getvalue(s, &v);
	if (r != 0)
		PTS_FAILED("%s: returned %d (%m)", what, r);
	if (v != want)
		PTS_FAILED("%s: value %d, expected %d", what, v, want);
}

int main(void)
{
	static const unsigned int vals[] = { 0, 1, SEM_VALUE_MAX };
	char name[64];
	sem_t s, *n;
	int i;

	for (i = 0; i < 3; i++) {
		if (sem_init(&s, 0, vals[i]))
			PTS_UNRES("sem_init(): %m");
		check(&s, vals[i], "private");
		sem_destroy(&s);
		check(pts_shared_sem(vals[i]), vals[i], "pshared");
	}
	pts_ipc_name(name, sizeof(name), "semgv4");
	n = sem_open(name, O_CREAT | O_EXCL, 0600, 7);
	sem_unlink(name);
	if (n == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	check(n, 7, "named");
	PTS_PASSED("sem_getvalue() returned 0 with the right value seven times");
}
