// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_unlink(): "If one or more processes have the semaphore open when
 * sem_unlink() is called, destruction of the semaphore shall be
 * postponed until all references to the semaphore have been destroyed".
 * A child blocked in sem_wait() on a named semaphore (asleep in the
 * kernel) when the parent unlinks the name is still released by the
 * parent's sem_post() through its own handle; the name is gone
 * (sem_open() without O_CREAT: [ENOENT]).
 */
#include <semaphore.h>

#include "pts_helpers.h"

int main(void)
{
	char name[64];
	sem_t *s;
	pid_t pid;
	int v;

	snprintf(name, sizeof(name), "/pts_sem_unlink3_%d", (int)getpid());
	s = sem_open(name, O_CREAT | O_EXCL, 0600, 0);
	if (s == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		sem_unlink(name);
		PTS_UNRES("fork(): %m");
	}
	if (!pid)
		exit(sem_wait(s) ? PTS_FAIL : PTS_PASS);
	pts_wait_in_syscall(pid, SYS_futex);
	if (sem_unlink(name))
		PTS_FAILED("sem_unlink(): %m");
	errno = 0;
	if (sem_open(name, 0) != SEM_FAILED || errno != ENOENT)
		PTS_FAILED("the unlinked name still opens (errno %s)",
			   strerrorname_np(errno));
	if (sem_post(s))
		PTS_FAILED("sem_post() after the unlink: %m");
	pts_reap(pid, "waiter");
	sem_getvalue(s, &v);
	if (v != 0)
		PTS_FAILED("value %d after the waiter took the post", v);
	PTS_PASSED("an unlinked semaphore still wakes its waiter");
}
