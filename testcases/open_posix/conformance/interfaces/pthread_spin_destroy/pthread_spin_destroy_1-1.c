// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_spin_destroy() "shall destroy the spin lock referenced by
 * lock and release any resources used by the lock" and returns 0; the
 * destroyed lock can be initialised again. A PRIVATE lock, used and
 * destroyed, is re-initialised PROCESS_SHARED in MAP_SHARED memory and
 * then excludes a forked child: held by the parent, the child's trylock
 * is EBUSY; after the unlock the child takes it and the parent's
 * trylock is EBUSY until the child's unlock. Destroy is 0 each time.
 */
#include <pthread.h>

#include "pts_j19.h"

struct sh {
	pthread_spinlock_t l;
	int phase;
};

int main(void)
{
	struct sh *s;
	int st;
	pid_t pid;

	s = pts_j19_shared(sizeof(*s));
	PTS_EXPECT_ERR(pthread_spin_init(&s->l, PTHREAD_PROCESS_PRIVATE), 0, "init");
	pthread_spin_lock(&s->l);
	pthread_spin_unlock(&s->l);
	PTS_EXPECT_ERR(pthread_spin_destroy(&s->l), 0, "destroy(PRIVATE)");
	PTS_EXPECT_ERR(pthread_spin_init(&s->l, PTHREAD_PROCESS_SHARED), 0,
		       "init(SHARED) after destroy");
	pthread_spin_lock(&s->l);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	pts_j19_kill_at_exit(pid);
	if (!pid) {
		if (pthread_spin_trylock(&s->l) != EBUSY)
			_exit(1);
		__atomic_store_n(&s->phase, 1, __ATOMIC_RELEASE);
		while (__atomic_load_n(&s->phase, __ATOMIC_ACQUIRE) != 2)
			pts_nap();
		if (pthread_spin_trylock(&s->l))
			_exit(2);
		__atomic_store_n(&s->phase, 3, __ATOMIC_RELEASE);
		while (__atomic_load_n(&s->phase, __ATOMIC_ACQUIRE) != 4)
			pts_nap();
		pthread_spin_unlock(&s->l);
		_exit(0);
	}
	pts_wait_flag(&s->phase, "the child's trylock");
	pthread_spin_unlock(&s->l);
	__atomic_store_n(&s->phase, 2, __ATOMIC_RELEASE);
	while (__atomic_load_n(&s->phase, __ATOMIC_ACQUIRE) == 2)
		pts_nap();
	if (__atomic_load_n(&s->phase, __ATOMIC_ACQUIRE) != 3)
		PTS_FAILED("the child did not take the lock");
	PTS_EXPECT_ERR(pthread_spin_trylock(&s->l), EBUSY, "parent trylock while the child holds it");
	__atomic_store_n(&s->phase, 4, __ATOMIC_RELEASE);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		PTS_FAILED("the child failed (%d)", WEXITSTATUS(st));
	PTS_EXPECT_ERR(pthread_spin_trylock(&s->l), 0, "trylock after the child's unlock");
	pthread_spin_unlock(&s->l);
	PTS_EXPECT_ERR(pthread_spin_destroy(&s->l), 0, "destroy(SHARED)");
	PTS_PASSED("destroy 0; re-initialised SHARED, the lock excludes a child process");
}
