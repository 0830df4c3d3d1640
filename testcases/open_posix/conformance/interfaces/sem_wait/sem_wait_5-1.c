// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_trywait() [EAGAIN]: the semaphore was already locked and cannot
 * be locked at once. A pshared semaphore at 1 is taken by a child;
 * here sem_trywait() then fails with -1 and EAGAIN (twice, without
 * blocking: a 2 s alarm would kill a blocked test) and the value stays
 * 0; after the child posts it back the trywait succeeds.
 */
#include "pts_mqsem.h"
#include "pts_sigkit.h"

static sem_t *s;

static int taker(void)
{
	return sem_trywait(s) ? PTS_UNRESOLVED : PTS_PASS;
}

static int giver(void)
{
	return sem_post(s) ? PTS_UNRESOLVED : PTS_PASS;
}

int main(void)
{
	s = pts_shared_sem(1);
	pts_reap(pts_fork_fn(taker), "taker");
	alarm(2 * pts_timeout_mul() + 1);
	PTS_EXPECT_ERRNO(sem_trywait(s), EAGAIN, "taken by a child");
	PTS_EXPECT_ERRNO(sem_trywait(s), EAGAIN, "taken by a child, again");
	alarm(0);
	pts_sem_expect(s, 0, "after EAGAIN");
	pts_reap(pts_fork_fn(giver), "giver");
	if (sem_trywait(s))
		PTS_FAILED("after the child's post: %m");
	PTS_PASSED("EAGAIN while locked, success once posted");
}
