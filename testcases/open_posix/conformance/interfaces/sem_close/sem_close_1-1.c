// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_close(): "The sem_close() function shall have no effect on the
 * state of the named semaphore if sem_unlink() has not been called":
 * a named semaphore lives on with its value when no process has it
 * open. A semaphore created with value 0 is posted three times (twice
 * by a child that then closes it and exits), closed by every holder,
 * and reopened: its value is 3. A child's sem_close() does not affect
 * the parent's handle, which stays usable.
 */
#include <semaphore.h>

#include "pts_helpers.h"

static char name[64];

static int child(void)
{
	sem_t *c = sem_open(name, 0);

	if (c == SEM_FAILED) {
		printf("child: sem_open(): %m\n");
		return PTS_FAIL;
	}
	if (sem_post(c) || sem_post(c) || sem_close(c)) {
		printf("child: sem_post/sem_close: %m\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	sem_t *s;
	int v;

	snprintf(name, sizeof(name), "/pts_sem_close_%d", (int)getpid());
	sem_unlink(name);
	s = sem_open(name, O_CREAT | O_EXCL, 0600, 0);
	if (s == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	pts_run_child(child, "posting child");
	if (sem_getvalue(s, &v) || v != 2) {
		sem_unlink(name);
		PTS_FAILED("value %d through the parent's handle after the child closed, expected 2",
			   v);
	}
	if (sem_post(s) || sem_close(s)) {
		sem_unlink(name);
		PTS_FAILED("sem_post/sem_close: %m");
	}
	s = sem_open(name, 0);
	if (s == SEM_FAILED) {
		sem_unlink(name);
		PTS_FAILED("reopening after every handle was closed: %m");
	}
	sem_getvalue(s, &v);
	sem_close(s);
	sem_unlink(name);
	printf("value after all closes and a reopen: %d\n", v);
	if (v != 3)
		PTS_FAILED("value %d, expected 3: closing changed the semaphore", v);
	PTS_PASSED("the value survives every handle being closed");
}
