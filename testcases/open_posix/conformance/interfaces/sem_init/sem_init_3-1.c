// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_init(): "If the pshared argument has a non-zero value, then the
 * semaphore is shared between processes; in this case, any process
 * that can access the semaphore sem can use sem for performing
 * sem_wait(), sem_timedwait(), sem_trywait(), sem_post(), and
 * sem_destroy()". Two semaphores at 0 in an anonymous MAP_SHARED
 * mapping inherited over fork() pass a token 2,000 times between the
 * parent and the child (each side waits on one and posts the other,
 * so a waiter is mostly asleep when the other process posts; the
 * parent's waits are bounded in case the child dies); a shared counter
 * advanced only by the holder of the token reads exactly 4,000, and
 * both values end at 0.
 */
#include <semaphore.h>
#include <sys/mman.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

#define ROUNDS 2000

struct shared {
	sem_t ping, pong;
	int count;
};

static struct shared *sh;

static int child(void)
{
	int i;

	for (i = 0; i < ROUNDS; i++) {
		if (sem_wait(&sh->ping))
			PTS_FAILED("child: sem_wait(): %m");
		sh->count++;
		if (sem_post(&sh->pong))
			PTS_FAILED("child: sem_post(): %m");
	}
	return PTS_PASS;
}

int main(void)
{
	struct timespec dl;
	int i, v1 = -1, v2 = -1;
	pid_t pid;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	if (sem_init(&sh->ping, 1, 0) || sem_init(&sh->pong, 1, 0))
		PTS_FAILED("sem_init(pshared 1): %m");
	pid = pts_fork_fn(child);
	dl = pts_deadline(CLOCK_REALTIME, pts_bound_ns(120));
	for (i = 0; i < ROUNDS; i++) {
		sh->count++;
		if (sem_post(&sh->ping))
			PTS_FAILED("sem_post(): %m");
		if (sem_timedwait(&sh->pong, &dl)) {
			kill(pid, SIGKILL);
			PTS_FAILED("sem_timedwait() in round %d: %m", i);
		}
	}
	pts_reap(pid, "the child");
	sem_getvalue(&sh->ping, &v1);
	sem_getvalue(&sh->pong, &v2);
	if (sh->count != 2 * ROUNDS || v1 || v2)
		PTS_FAILED("count %d (expected %d), values %d and %d (expected 0)",
			   sh->count, 2 * ROUNDS, v1, v2);
	if (sem_destroy(&sh->ping) || sem_destroy(&sh->pong))
		PTS_FAILED("sem_destroy(): %m");
	PTS_PASSED("%d token passes between two processes, count exact", 2 * ROUNDS);
}
