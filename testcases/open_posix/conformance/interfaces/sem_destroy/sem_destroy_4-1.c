// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_destroy(): returns 0 on successful completion. Exactly 0 for
 * unnamed semaphores at value 0, 1 and SEM_VALUE_MAX, private and
 * process-shared (in a MAP_SHARED mapping), and for one that a child
 * process used (posted and waited on) before exiting.
 */
#include "pts_mqsem.h"
#include "pts_sigkit.h"

static sem_t *shared;

static int user(void)
{
	if (sem_post(shared) || sem_wait(shared) || sem_wait(shared))
		PTS_UNRES("child: %m");
	return PTS_PASS;
}

int main(void)
{
	static const unsigned int vals[] = { 0, 1, SEM_VALUE_MAX };
	sem_t s;
	int i, r;

	for (i = 0; i < 3; i++) {
		if (sem_init(&s, 0, vals[i]))
			PTS_UNRES("sem_init(%u): %m", vals[i]);
		r = sem_destroy(&s);
		if (r != 0)
			PTS_FAILED("private, value %u: returned %d (%m)", vals[i], r);
		shared = pts_shared_sem(vals[i]);
		r = sem_destroy(shared);
		if (r != 0)
			PTS_FAILED("pshared, value %u: returned %d (%m)", vals[i], r);
	}
	shared = pts_shared_sem(1);
	pts_reap(pts_fork_fn(user), "child");
	pts_sem_expect(shared, 0, "after the child");
	r = sem_destroy(shared);
	if (r != 0)
		PTS_FAILED("after a child's use: returned %d (%m)", r);
	PTS_PASSED("sem_destroy() returned exactly 0 seven times");
}
