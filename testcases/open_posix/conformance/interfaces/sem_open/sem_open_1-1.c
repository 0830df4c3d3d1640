// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_open(): O_CREAT creates a named semaphore with the given value;
 * opening the name again (also from another process) refers to the same
 * semaphore; O_CREAT | O_EXCL on an existing name fails with [EEXIST];
 * without O_CREAT a missing name fails with [ENOENT]; a value above
 * SEM_VALUE_MAX fails with [EINVAL]. After sem_unlink() the name is gone
 * (ENOENT) but open handles still work.
 */
#include <limits.h>
#include <semaphore.h>

#include "pts_helpers.h"

int main(void)
{
	char name[64];
	sem_t *a, *b;
	pid_t pid;
	int v;

	snprintf(name, sizeof(name), "/pts_sem_open_%d", (int)getpid());
	sem_unlink(name);
	a = sem_open(name, O_CREAT | O_EXCL, 0600, 2);
	if (a == SEM_FAILED)
		PTS_FAILED("sem_open(O_CREAT): %m");
	b = sem_open(name, 0);
	if (b == SEM_FAILED)
		PTS_FAILED("sem_open(existing): %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		sem_t *c = sem_open(name, 0);

		_exit(c != SEM_FAILED && !sem_trywait(c) ? PTS_PASS : PTS_FAIL);
	}
	pts_reap(pid, "child taking one");
	sem_getvalue(a, &v);
	if (v != 1)
		PTS_FAILED("value %d after the child's wait, expected 1", v);
	sem_post(b);
	sem_getvalue(a, &v);
	if (v != 2)
		PTS_FAILED("a post through the second handle not seen (%d)", v);
	errno = 0;
	if (sem_open(name, O_CREAT | O_EXCL, 0600, 0) != SEM_FAILED ||
	    errno != EEXIST)
		PTS_FAILED("O_EXCL on an existing name: %m, expected EEXIST");
	if (sem_unlink(name))
		PTS_FAILED("sem_unlink(): %m");
	errno = 0;
	if (sem_open(name, 0) != SEM_FAILED || errno != ENOENT)
		PTS_FAILED("open after unlink: %m, expected ENOENT");
	if (sem_trywait(a) || sem_trywait(b))
		PTS_FAILED("open handles stopped working after unlink");
	PTS_EXPECT_ERRNO(sem_unlink(name), ENOENT, "second sem_unlink()");
	errno = 0;
	if (sem_open(name, O_CREAT, 0600, (unsigned int)SEM_VALUE_MAX + 1) !=
	    SEM_FAILED || errno != EINVAL)
		PTS_FAILED("value SEM_VALUE_MAX + 1: %m, expected EINVAL");
	sem_unlink(name);
	PTS_PASSED("named semaphore shared, EEXIST, ENOENT, EINVAL");
}
