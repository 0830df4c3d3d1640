// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_spin_trylock() "shall fail if: [EBUSY] A thread currently
 * holds the lock" - also when that thread is not running: a child
 * process takes a PROCESS_SHARED spin lock in MAP_SHARED memory and is
 * stopped with SIGSTOP (state T). The parent's trylock is EBUSY at once,
 * 100 times; a second child spinning in pthread_spin_lock() does not
 * get the lock (its CPU time grows while it stays in user space). Once
 * the holder is continued and unlocks, the spinner owns the lock (the
 * parent's trylock is still EBUSY) and frees it; then the parent's
 * trylock returns 0.
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"

struct sh {
	pthread_spinlock_t l;
	int held, unlock, spun, spin_release;
};
static struct sh *s;

int main(void)
{
	pid_t holder, spinner;
	long long t0;
	int i;

	s = pts_j19_shared(sizeof(*s));
	if (pthread_spin_init(&s->l, PTHREAD_PROCESS_SHARED))
		PTS_UNRES("pthread_spin_init()");
	fflush(stdout);
	holder = fork();
	if (holder < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	pts_j19_kill_at_exit(holder);
	if (!holder) {
		if (pthread_spin_lock(&s->l))
			_exit(1);
		__atomic_store_n(&s->held, 1, __ATOMIC_RELEASE);
		pts_wait_flag(&s->unlock, "the parent's word");
		_exit(pthread_spin_unlock(&s->l) ? 1 : 0);
	}
	pts_wait_flag(&s->held, "the holder's lock");
	kill(holder, SIGSTOP);
	pts_wait_task_state(holder, "T");
	for (i = 0; i < 100; i++)
		PTS_EXPECT_ERR(pthread_spin_trylock(&s->l), EBUSY,
			       "trylock of a stopped holder's lock");
	spinner = fork();
	if (spinner < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	pts_j19_kill_at_exit(spinner);
	if (!spinner) {
		if (pthread_spin_lock(&s->l))
			_exit(1);
		__atomic_store_n(&s->spun, 1, __ATOMIC_RELEASE);
		pts_wait_flag(&s->spin_release, "the parent's word");
		_exit(pthread_spin_unlock(&s->l) ? 1 : 0);
	}
	/* the spinner has used 50 ms of CPU time without the lock */
	t0 = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (pts_task_stat(spinner, 14) * 1000 / sysconf(_SC_CLK_TCK) < 50) {
		if (pts_now(CLOCK_MONOTONIC) > t0)
			PTS_UNRES("the spinner never ran");
		pts_nap();
	}
	if (__atomic_load_n(&s->spun, __ATOMIC_ACQUIRE))
		PTS_FAILED("the spinner got the lock of a stopped holder");
	PTS_EXPECT_ERR(pthread_spin_trylock(&s->l), EBUSY, "trylock, holder stopped");
	__atomic_store_n(&s->unlock, 1, __ATOMIC_RELEASE);
	kill(holder, SIGCONT);
	pts_reap_bounded(holder, "the holder");
	pts_wait_flag(&s->spun, "the spinner to own the lock");
	PTS_EXPECT_ERR(pthread_spin_trylock(&s->l), EBUSY, "trylock, spinner holds it");
	__atomic_store_n(&s->spin_release, 1, __ATOMIC_RELEASE);
	pts_reap_bounded(spinner, "the spinner");
	PTS_EXPECT_ERR(pthread_spin_trylock(&s->l), 0, "trylock of the free lock");
	pthread_spin_unlock(&s->l);
	PTS_PASSED("EBUSY while a stopped process held the lock; the spinner got it after");
}
