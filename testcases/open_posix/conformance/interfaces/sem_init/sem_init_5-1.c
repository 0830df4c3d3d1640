// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_init(): initialises the semaphore (and returns 0). Exactly 0 is
 * returned for values 0, 1 and SEM_VALUE_MAX; the value is then the one
 * given, over memory that held garbage (0xff bytes) or an older
 * semaphore; a pshared one initialised at 2 in a MAP_SHARED mapping is
 * the same semaphore for a child (it takes two, then [EAGAIN]).
 */
#include "pts_mqsem.h"
#include "pts_sigkit.h"

static sem_t *shared;

static int child(void)
{
	if (sem_trywait(shared) || sem_trywait(shared))
		PTS_FAILED("child: sem_trywait(): %m");
	PTS_EXPECT_ERRNO(sem_trywait(shared), EAGAIN, "child's third trywait");
	return PTS_PASS;
}

int main(void)
{
	static const unsigned int vals[] = { 0, 1, SEM_VALUE_MAX };
	sem_t s;
	int i, r;

	for (i = 0; i < 3; i++) {
		memset(&s, 0xff, sizeof(s));
		r = sem_init(&s, 0, vals[i]);
		if (r != 0)
			PTS_FAILED("sem_init(%u) returned %d (%m)", vals[i], r);
		pts_sem_expect(&s, vals[i], "after sem_init()");
	}
	r = sem_init(&s, 0, 4);
	if (r != 0)
		PTS_FAILED("sem_init() over a semaphore: %d", r);
	pts_sem_expect(&s, 4, "re-initialised");
	shared = pts_shared_sem(2);
	pts_reap(pts_fork_fn(child), "child");
	pts_sem_expect(shared, 0, "after the child");
	PTS_PASSED("0 returned, the given values, pshared shared with a child");
}
