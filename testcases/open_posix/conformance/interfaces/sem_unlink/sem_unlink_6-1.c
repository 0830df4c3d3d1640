// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_unlink(): after the name is removed, sem_open() calls that
 * create or reconnect to it refer to a new semaphore. The old one
 * (value 5) stays open here; O_CREAT on the name makes a new one at 1
 * at a different address; a child opening the name without O_CREAT
 * takes the new one's unit, and the old one still reads 5.
 */
#include "pts_mqsem.h"
#include "pts_sigkit.h"

static char name[64];

static int child(void)
{
	sem_t *s = sem_open(name, 0);

	if (s == SEM_FAILED)
		PTS_FAILED("child: sem_open(): %m");
	pts_sem_expect(s, 1, "child's view of the name");
	if (sem_trywait(s))
		PTS_FAILED("child: sem_trywait(): %m");
	return PTS_PASS;
}

int main(void)
{
	sem_t *old, *fresh;

	pts_ipc_name(name, sizeof(name), "semu6");
	old = sem_open(name, O_CREAT | O_EXCL, 0600, 5);
	if (old == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	if (sem_unlink(name))
		PTS_FAILED("sem_unlink(): %m");
	fresh = sem_open(name, O_CREAT | O_EXCL, 0600, 1);
	if (fresh == SEM_FAILED)
		PTS_FAILED("O_CREAT | O_EXCL after the unlink: %m");
	if (fresh == old)
		PTS_FAILED("the new open returned the old semaphore's address");
	pts_sem_expect(fresh, 1, "new semaphore");
	pts_reap(pts_fork_fn(child), "child");
	sem_unlink(name);
	pts_sem_expect(fresh, 0, "new semaphore after the child");
	pts_sem_expect(old, 5, "old semaphore");
	PTS_PASSED("after sem_unlink() the name is a new semaphore");
}
