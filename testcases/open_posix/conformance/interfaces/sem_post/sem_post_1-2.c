// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_post() "shall unlock the semaphore ... by performing a semaphore
 * unlock operation": the value goes up by one per call, none lost.
 * Four processes post 5,000 times each, concurrently, to a
 * process-shared semaphore at 0: the value then reads exactly 20,000,
 * exactly 20,000 sem_trywait() calls succeed and the next fails with
 * [EAGAIN]. The same with four processes doing 5,000 sem_wait() each
 * from 20,000 while the parent looks on: the value ends at 0.
 */
#include <semaphore.h>
#include <sys/mman.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

#define NPROC 4
#define PER 5000

static sem_t *s;

static int poster(void)
{
	int i;

	for (i = 0; i < PER; i++)
		if (sem_post(s))
			PTS_FAILED("sem_post(): %m");
	return PTS_PASS;
}

static int taker(void)
{
	int i;

	for (i = 0; i < PER; i++)
		if (sem_wait(s))
			PTS_FAILED("sem_wait(): %m");
	return PTS_PASS;
}

static void run(int (*fn)(void), const char *what)
{
	pid_t pid[NPROC];
	int i;

	for (i = 0; i < NPROC; i++)
		pid[i] = pts_fork_fn(fn);
	for (i = 0; i < NPROC; i++)
		pts_reap(pid[i], what);
}

int main(void)
{
	int i, v = -1;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED || sem_init(s, 1, 0))
		PTS_UNRES("mmap()/sem_init(): %m");
	run(poster, "a poster");
	if (sem_getvalue(s, &v) || v != NPROC * PER)
		PTS_FAILED("value %d after %d posts", v, NPROC * PER);
	for (i = 0; i < NPROC * PER; i++)
		if (sem_trywait(s))
			PTS_FAILED("sem_trywait() %d of %d: %m", i + 1, NPROC * PER);
	PTS_EXPECT_ERRNO(sem_trywait(s), EAGAIN, "sem_trywait() after the last unit");

	for (i = 0; i < NPROC * PER; i++)
		sem_post(s);
	run(taker, "a taker");
	if (sem_getvalue(s, &v) || v != 0)
		PTS_FAILED("value %d after %d waits from %d", v, NPROC * PER,
			   NPROC * PER);
	PTS_PASSED("%d concurrent posts counted exactly, as were the waits", NPROC * PER);
}
