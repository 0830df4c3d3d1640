// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_unlink(): "Calls to sem_open() to recreate or reconnect to the
 * semaphore refer to a new semaphore after sem_unlink() is called", even
 * while the old one is still open: O_CREAT | O_EXCL of the name succeeds
 * at once, and the new semaphore and the old (still usable through its
 * handle) are independent (a post to one is not seen by the other);
 * opening the name without O_CREAT then finds the new one. [ENOENT] for
 * a name that does not exist. (ENAMETOOLONG is sem_open_4-1's case.)
 */
#include <semaphore.h>

#include "pts_helpers.h"

int main(void)
{
	char name[64];
	sem_t *old, *new, *again;
	int vo, vn;

	snprintf(name, sizeof(name), "/pts_sem_unlink_%d", (int)getpid());
	sem_unlink(name);
	old = sem_open(name, O_CREAT | O_EXCL, 0600, 5);
	if (old == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	if (sem_unlink(name))
		PTS_FAILED("sem_unlink(): %m");
	new = sem_open(name, O_CREAT | O_EXCL, 0600, 1);
	if (new == SEM_FAILED)
		PTS_FAILED("O_CREAT | O_EXCL after the unlink, the old one open: %m");
	if (new == old) {
		sem_unlink(name);
		PTS_FAILED("the new semaphore has the old one's address");
	}
	sem_post(old);
	sem_trywait(new);
	sem_getvalue(old, &vo);
	sem_getvalue(new, &vn);
	printf("old semaphore %d, new semaphore %d\n", vo, vn);
	if (vo != 6 || vn != 0) {
		sem_unlink(name);
		PTS_FAILED("values old %d new %d, expected 6 and 0", vo, vn);
	}
	again = sem_open(name, 0);
	if (again != new) {
		sem_unlink(name);
		PTS_FAILED("opening the name found %p, not the new semaphore %p",
			   (void *)again, (void *)new);
	}
	if (sem_unlink(name))
		PTS_FAILED("sem_unlink() of the new semaphore: %m");
	PTS_EXPECT_ERRNO(sem_unlink(name), ENOENT, "sem_unlink(missing name)");
	PTS_PASSED("a new semaphore after unlink, independent of the old; ENOENT");
}
