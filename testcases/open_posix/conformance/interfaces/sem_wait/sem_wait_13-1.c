// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_wait(): at value 0 the call blocks until the semaphore can be
 * locked. A child's sem_wait() on a pshared semaphore at 0 is found
 * asleep in futex, still asleep after 200,000 sem_getvalue() reads
 * here, and returns 0 only after the post: the child's
 * exit is not seen before it (waitpid WNOHANG 0), and the value ends 0.
 */
#include <sys/syscall.h>

#include "pts_mqsem.h"
#include "pts_blocked.h"
#include "pts_sigkit.h"

static sem_t *s;

static int waiter(void)
{
	if (sem_wait(s))
		PTS_FAILED("child: sem_wait(): %m");
	return PTS_PASS;
}

int main(void)
{
	pid_t pid;
	int i, v;

	s = pts_shared_sem(0);
	pid = pts_fork_fn(waiter);
	pts_wait_in_syscall(pid, SYS_futex);
	for (i = 0; i < 200000; i++)
		sem_getvalue(s, &v);
	if (waitpid(pid, NULL, WNOHANG) != 0)
		PTS_FAILED("the waiter returned without a post");
	pts_wait_in_syscall(pid, SYS_futex);
	sem_post(s);
	pts_reap_bounded(pid, "waiter");
	pts_sem_expect(s, 0, "after the waiter");
	PTS_PASSED("sem_wait() blocked at 0 until the post");
}
