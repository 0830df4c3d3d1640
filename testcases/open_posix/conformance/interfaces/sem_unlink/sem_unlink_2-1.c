// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_unlink(): [EACCES] "Permission is denied to unlink the named
 * semaphore." A semaphore created by root (mode 0666, so nobody may use
 * it) cannot be unlinked by the unprivileged user nobody: the call fails
 * with EACCES and the name still opens afterwards. (Linux refuses the
 * unlink in the sticky /dev/shm with EPERM; glibc reports EACCES as
 * POSIX wants. EPERM is reported as a known issue, not a pass.)
 */
#include <semaphore.h>
#include <sys/stat.h>

#include "pts_unlink.h"

static char name[64];

static int use(const char *n)
{
	sem_t *s = sem_open(n, 0);

	return s == SEM_FAILED || sem_post(s);
}

int main(void)
{
	const struct pts_unlink o = { name, "semaphore", use, sem_unlink };
	int code, v;
	sem_t *s;

	if (geteuid())
		PTS_UNSUPP("needs root to create a semaphore nobody does not own");
	snprintf(name, sizeof(name), "/pts_sem_unlink2_%d", (int)getpid());
	sem_unlink(name);
	umask(0);
	s = sem_open(name, O_CREAT | O_EXCL, 0666, 0);
	if (s == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	code = pts_unlink_as_nobody(&o);
	sem_close(s);
	s = sem_open(name, 0);
	if (s == SEM_FAILED)
		PTS_FAILED("the semaphore is gone after a refused unlink: %m");
	sem_getvalue(s, &v);
	sem_unlink(name);
	if (v != 1)
		PTS_FAILED("value %d, expected nobody's post (1)", v);
	pts_unlink_verdict(&o, code, "sem_unlink EACCES");
}
