// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_open() and sem_unlink(): [ENAMETOOLONG] "The length of the name
 * argument exceeds {_POSIX_PATH_MAX} ... or has a pathname component
 * that is longer than {_POSIX_NAME_MAX}" ({NAME_MAX} here). A name of
 * NAME_MAX + 1 characters after the slash must be refused by both with
 * ENAMETOOLONG, and create nothing. glibc refuses such a name with
 * EINVAL in sem_open() and ENOENT in sem_unlink() (it reports every name
 * it cannot use that way): reported as a known C library issue, TCONF,
 * never a pass; any other error fails.
 */
#include <limits.h>
#include <semaphore.h>

#include "pts_helpers.h"

int main(void)
{
	char name[NAME_MAX + 3];
	int eo, eu;
	sem_t *s;

	name[0] = '/';
	memset(name + 1, 'n', NAME_MAX + 1);
	name[NAME_MAX + 2] = 0;
	errno = 0;
	s = sem_open(name, O_CREAT | O_EXCL, 0600, 0);
	eo = errno;
	if (s != SEM_FAILED) {
		sem_unlink(name);
		PTS_FAILED("sem_open() accepted a name of NAME_MAX + 1 characters");
	}
	errno = 0;
	if (!sem_unlink(name))
		PTS_FAILED("sem_unlink() of a name of NAME_MAX + 1 characters succeeded");
	eu = errno;
	printf("NAME_MAX + 1 characters: sem_open() %s, sem_unlink() %s\n",
	       strerrorname_np(eo), strerrorname_np(eu));
	if ((eo != ENAMETOOLONG && eo != EINVAL) ||
	    (eu != ENAMETOOLONG && eu != ENOENT))
		PTS_FAILED("expected ENAMETOOLONG");
	if (eo != ENAMETOOLONG || eu != ENAMETOOLONG)
		PTS_KNOWN_ISSUE("sem_open/sem_unlink ENAMETOOLONG",
				"glibc reports the overlong name as %s/%s",
				strerrorname_np(eo), strerrorname_np(eu));
	PTS_PASSED("ENAMETOOLONG from sem_open() and sem_unlink()");
}
