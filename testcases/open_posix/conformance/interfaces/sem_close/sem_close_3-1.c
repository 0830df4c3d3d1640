// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_close(): for a semaphore not unlinked, closing has no effect on
 * its state. A named semaphore posted to 3 is closed by this process
 * (the only handle): a child then opens it and reads 3, takes one and
 * closes; reopened here it reads 2, and a child blocked in sem_wait()
 * on its own handle while this process closes its handle is still
 * woken by a post made through a fresh open.
 */
#include <sys/syscall.h>

#include "pts_mqsem.h"
#include "pts_sigkit.h"

static char name[64];

static int taker(void)
{
	sem_t *s = sem_open(name, 0);

	if (s == SEM_FAILED)
		PTS_FAILED("child: sem_open(): %m");
	pts_sem_expect(s, 3, "child, after the parent's close");
	if (sem_trywait(s))
		PTS_FAILED("child: sem_trywait(): %m");
	sem_close(s);
	return PTS_PASS;
}

static int waiter(void)
{
	sem_t *s = sem_open(name, 0);

	if (s == SEM_FAILED)
		PTS_FAILED("waiter: sem_open(): %m");
	if (sem_wait(s))
		PTS_FAILED("waiter: sem_wait(): %m");
	return PTS_PASS;
}

int main(void)
{
	sem_t *s;
	pid_t pid;
	int i;

	pts_ipc_name(name, sizeof(name), "semc3");
	s = sem_open(name, O_CREAT | O_EXCL, 0600, 0);
	if (s == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	for (i = 0; i < 3; i++)
		sem_post(s);
	if (sem_close(s))
		PTS_FAILED("sem_close(): %m");
	pts_reap(pts_fork_fn(taker), "taker");
	s = sem_open(name, 0);
	if (s == SEM_FAILED)
		PTS_FAILED("reopen: %m");
	pts_sem_expect(s, 2, "reopened");
	sem_trywait(s);
	sem_trywait(s);
	pid = pts_fork_fn(waiter);
	pts_wait_in_syscall(pid, SYS_futex);
	if (sem_close(s))
		PTS_FAILED("sem_close() with a waiter elsewhere: %m");
	s = sem_open(name, 0);
	sem_unlink(name);
	if (s == SEM_FAILED)
		PTS_FAILED("third open: %m");
	sem_post(s);
	pts_reap(pid, "waiter");
	pts_sem_expect(s, 0, "after the waiter took the post");
	PTS_PASSED("closing left the value and the waiter as they were");
}
