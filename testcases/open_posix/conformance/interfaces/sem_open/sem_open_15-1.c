// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_open(): while a semaphore has been neither unlinked nor closed as
 * many times as it was opened, every sem_open() of its name in the
 * process returns the same address. Opened three times (one address),
 * closed twice, opened again: still that address, with the value
 * posted through the first handle (4).
 */
#include "pts_mqsem.h"

int main(void)
{
	char name[64];
	sem_t *s[4];
	int i;

	pts_ipc_name(name, sizeof(name), "semo15");
	s[0] = sem_open(name, O_CREAT | O_EXCL, 0600, 1);
	if (s[0] == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	s[1] = sem_open(name, 0);
	s[2] = sem_open(name, O_CREAT, 0600, 5);
	for (i = 1; i < 3; i++)
		if (s[i] != s[0])
			PTS_FAILED("open %d at %p, the first at %p", i + 1,
				   (void *)s[i], (void *)s[0]);
	for (i = 0; i < 3; i++)
		sem_post(s[0]);
	if (sem_close(s[0]) || sem_close(s[0]))
		PTS_FAILED("sem_close(): %m");
	s[3] = sem_open(name, 0);
	sem_unlink(name);
	if (s[3] != s[0])
		PTS_FAILED("after two of three closes: %p, not %p", (void *)s[3],
			   (void *)s[0]);
	pts_sem_expect(s[3], 4, "through the fourth open");
	PTS_PASSED("one address for every open of the name");
}
