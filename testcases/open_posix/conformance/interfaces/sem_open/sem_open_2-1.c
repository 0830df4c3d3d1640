// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_open(): [EACCES] "The named semaphore exists and the permissions
 * specified by oflag are denied". A semaphore created by root with mode
 * 0600 cannot be opened by nobody; one created with mode 0666 can, and
 * the unprivileged process can post it.
 */
#include <semaphore.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char priv[64], pub[64];

static int child(void)
{
	sem_t *s;

	errno = 0;
	if (sem_open(priv, 0) != SEM_FAILED || errno != EACCES)
		PTS_FAILED("opening a 0600 root semaphore: %m, expected EACCES");
	s = sem_open(pub, 0);
	if (s == SEM_FAILED)
		PTS_FAILED("opening a 0666 semaphore: %m");
	if (sem_post(s))
		PTS_FAILED("sem_post(): %m");
	return PTS_PASS;
}

int main(void)
{
	sem_t *p, *q;
	int v;

	umask(0);
	snprintf(priv, sizeof(priv), "/pts_sem_priv_%d", (int)getpid());
	snprintf(pub, sizeof(pub), "/pts_sem_pub_%d", (int)getpid());
	p = sem_open(priv, O_CREAT | O_EXCL, 0600, 0);
	q = sem_open(pub, O_CREAT | O_EXCL, 0666, 0);
	if (p == SEM_FAILED || q == SEM_FAILED)
		PTS_UNRES("sem_open(O_CREAT): %m");
	pts_run_as_nobody(child, "unprivileged child");
	sem_getvalue(q, &v);
	sem_unlink(priv);
	sem_unlink(pub);
	if (v != 1)
		PTS_FAILED("the unprivileged post was not seen (%d)", v);
	PTS_PASSED("EACCES for a 0600 semaphore, 0666 shared");
}
