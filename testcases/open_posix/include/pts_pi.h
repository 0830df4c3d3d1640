/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Set-up shared by the priority-inheritance tests: a PTHREAD_PRIO_INHERIT
 * mutex (process-shared when asked), an observer raised to SCHED_FIFO
 * above everyone it watches, threads started at an explicit SCHED_FIFO
 * priority, and the owner/waiter child processes of a process-shared
 * PI mutex that take and release it on the parent's word.
 */
#ifndef PTS_PI_H
#define PTS_PI_H

#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "pts_helpers.h"

/* a PI mutex, or unsupported */
static inline void pts_pi_mutex_init(pthread_mutex_t *m, int pshared)
{
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	if (pshared)
		pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT))
		PTS_UNSUPP("PTHREAD_PRIO_INHERIT not supported");
	if (pthread_mutex_init(m, &a))
		PTS_UNRES("pthread_mutex_init()");
	pthread_mutexattr_destroy(&a);
}

/* the caller at SCHED_FIFO prio */
static inline void pts_fifo_self(int prio)
{
	struct sched_param p = { .sched_priority = prio };

	if (sched_setscheduler(0, SCHED_FIFO, &p))
		PTS_UNRES("sched_setscheduler(FIFO %d): %m", prio);
}

/* a thread running fn(NULL) at SCHED_FIFO prio from its first instruction */
static inline void pts_fifo_thread(pthread_t *t, void *(*fn)(void *), int prio)
{
	struct sched_param p = { .sched_priority = prio };
	pthread_attr_t a;
	int err;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	pthread_attr_setschedparam(&a, &p);
	err = pthread_create(t, &a, fn, NULL);
	pthread_attr_destroy(&a);
	if (err)
		PTS_UNRES("pthread_create(SCHED_FIFO %d): %s", prio, strerror(err));
}

/* a process-shared PI mutex and the owner's progress, in shared memory */
struct pts_pi_shared {
	pthread_mutex_t m;
	int owned;
	int unlocked;
};

/*
 * The shared mutex mapped and initialised, go and go2 the pipes on which
 * the owner is told to unlock and then to exit.
 */
static inline struct pts_pi_shared *pts_pi_shared_init(int go[2], int go2[2])
{
	struct pts_pi_shared *sh;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED || pipe(go) || pipe(go2))
		PTS_UNRES("set-up: %m");
	pts_pi_mutex_init(&sh->m, 1);
	return sh;
}

/*
 * The body of a child at SCHED_FIFO prio: lock sh->m (blocking behind
 * the owner, or as the owner), and unlock it. The owner marks owned, waits
 * for a byte on go, unlocks, marks unlocked and waits for a byte on go2
 * (so that it lives on, unboosted, while the parent looks). A child that
 * cannot lock exits with lock_fail, one that cannot unlock with PTS_FAIL;
 * the caller exits with its own verdict once this returns.
 */
static inline void pts_pi_child(struct pts_pi_shared *sh, int prio, int owner,
				int go, int go2, int lock_fail)
{
	struct sched_param p = { .sched_priority = prio };
	char c;

	/* never left blocked behind a parent that ended early */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (sched_setscheduler(0, SCHED_FIFO, &p))
		_exit(PTS_UNRESOLVED);
	if (pthread_mutex_lock(&sh->m))
		_exit(lock_fail);
	if (owner) {
		__atomic_store_n(&sh->owned, 1, __ATOMIC_RELEASE);
		if (read(go, &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
	}
	if (pthread_mutex_unlock(&sh->m))
		_exit(PTS_FAIL);
	if (owner) {
		__atomic_store_n(&sh->unlocked, 1, __ATOMIC_RELEASE);
		if (read(go2, &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
	}
}

#endif /* PTS_PI_H */
