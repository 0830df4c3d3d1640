// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_unlink() [ENOENT]: the named semaphore does not exist. A name
 * never created, the second sem_unlink() of a name, and a name a child
 * created and unlinked before exiting fail with -1 and ENOENT; the
 * unlinked name then opens only with O_CREAT.
 */
#include "pts_mqsem.h"
#include "pts_sigkit.h"

static char name[64];

static int child(void)
{
	sem_t *s = sem_open(name, O_CREAT | O_EXCL, 0600, 1);

	if (s == SEM_FAILED || sem_unlink(name))
		PTS_UNRES("child: %m");
	return PTS_PASS;
}

int main(void)
{
	sem_t *s;

	pts_ipc_name(name, sizeof(name), "semu4");
	PTS_EXPECT_ERRNO(sem_unlink(name), ENOENT, "never created");
	s = sem_open(name, O_CREAT | O_EXCL, 0600, 0);
	if (s == SEM_FAILED || sem_unlink(name))
		PTS_UNRES("sem_open/sem_unlink(): %m");
	PTS_EXPECT_ERRNO(sem_unlink(name), ENOENT, "second unlink");
	pts_reap(pts_fork_fn(child), "child");
	PTS_EXPECT_ERRNO(sem_unlink(name), ENOENT, "unlinked by a child");
	if (sem_open(name, 0) != SEM_FAILED || errno != ENOENT)
		PTS_FAILED("the unlinked name opened without O_CREAT (%m)");
	PTS_PASSED("ENOENT for three missing names");
}
