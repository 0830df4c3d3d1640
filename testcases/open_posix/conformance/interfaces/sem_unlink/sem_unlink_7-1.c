// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_unlink() does not block: it returns at once even while the
 * semaphore is open here and another process is blocked in sem_wait()
 * on it (found asleep in futex); the waiter keeps sleeping through the
 * unlink and is woken by the post made afterwards through this
 * process's handle. (A 2 s alarm would kill a blocked test.)
 */
#include <sys/syscall.h>

#include "pts_mqsem.h"
#include "pts_sigkit.h"

static char name[64];

static int waiter(void)
{
	sem_t *s = sem_open(name, 0);

	if (s == SEM_FAILED)
		PTS_UNRES("waiter: sem_open(): %m");
	if (sem_wait(s))
		PTS_FAILED("waiter: sem_wait(): %m");
	return PTS_PASS;
}

int main(void)
{
	pid_t pid;
	sem_t *s;

	pts_ipc_name(name, sizeof(name), "semu7");
	s = sem_open(name, O_CREAT | O_EXCL, 0600, 0);
	if (s == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	pid = pts_fork_fn(waiter);
	pts_wait_in_syscall(pid, SYS_futex);
	alarm(2 * pts_timeout_mul() + 1);
	if (sem_unlink(name))
		PTS_FAILED("sem_unlink(): %m");
	alarm(0);
	pts_wait_in_syscall(pid, SYS_futex);
	if (sem_post(s))
		PTS_FAILED("sem_post(): %m");
	pts_reap(pid, "waiter");
	pts_sem_expect(s, 0, "after the waiter");
	PTS_PASSED("sem_unlink() returned at once, the waiter slept on");
}
