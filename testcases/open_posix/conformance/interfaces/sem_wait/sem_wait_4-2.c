// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_wait() on a semaphore at zero blocks "until it either locks the
 * semaphore or the call is interrupted by a signal"; a waiter killed
 * by SIGKILL while blocked takes nothing with it. Two processes sleep
 * in sem_wait() on a process-shared semaphore; the first is killed
 * (it dies of SIGKILL, the value stays 0); one sem_post() then
 * releases the second, which returns 0, and the value is 0 again with
 * nothing left to take.
 */
#include <semaphore.h>
#include <sys/mman.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

static sem_t *s;

static int waiter(void)
{
	if (sem_wait(s))
		PTS_FAILED("sem_wait(): %m");
	return PTS_PASS;
}

int main(void)
{
	pid_t victim, other;
	int v = -1;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED || sem_init(s, 1, 0))
		PTS_UNRES("mmap()/sem_init(): %m");
	victim = pts_fork_fn(waiter);
	pts_wait_in_syscall(victim, SYS_futex);
	other = pts_fork_fn(waiter);
	pts_wait_in_syscall(other, SYS_futex);

	kill(victim, SIGKILL);
	pts_expect_killed(victim, SIGKILL, "the killed waiter");
	if (sem_getvalue(s, &v) || v != 0) {
		kill(other, SIGKILL);
		PTS_FAILED("value %d after the waiter was killed, expected 0", v);
	}
	if (sem_post(s))
		PTS_UNRES("sem_post(): %m");
	pts_reap(other, "the surviving waiter");
	if (sem_getvalue(s, &v) || v != 0)
		PTS_FAILED("value %d after the post was taken, expected 0", v);
	PTS_EXPECT_ERRNO(sem_trywait(s), EAGAIN, "sem_trywait() after the post was taken");
	PTS_PASSED("a killed waiter takes nothing; the post goes to the other waiter");
}
