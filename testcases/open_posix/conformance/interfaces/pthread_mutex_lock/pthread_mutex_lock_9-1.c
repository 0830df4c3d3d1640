// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Robust mutexes held by many threads of a process that is killed: the
 * kernel walks the robust list of every thread at its exit, so each of
 * the 48 process-shared robust mutexes (half PTHREAD_PRIO_INHERIT, half
 * PTHREAD_PRIO_NONE) held by main and by a second thread of a child
 * killed with SIGKILL is locked by the next process with EOWNERDEAD,
 * exactly once: made consistent and unlocked, a second lock returns 0.
 * A mutex the child locked and unlocked again, and one it never
 * touched, are plainly free (0, not EOWNERDEAD). A thread of the parent
 * already asleep in pthread_mutex_lock() on a held one (PI and not) is
 * woken with EOWNERDEAD.
 */
#include <pthread.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"

#define HELD	48	/* 0..23 by the child's main thread, 24..47 by its second */
#define FREED	48	/* locked and unlocked by the child */
#define UNTOUCHED 49
#define NMUTEX	50

struct shared {
	pthread_mutex_t m[NMUTEX];
	int held;
};

static struct shared *sh;
static int waited_err[2];
static pid_t waiter_tid[2];

static void lock_range(int from, int to)
{
	int i, err;

	for (i = from; i < to; i++) {
		err = pthread_mutex_lock(&sh->m[i]);
		if (err)
			_exit(PTS_UNRESOLVED);
		__atomic_add_fetch(&sh->held, 1, __ATOMIC_RELEASE);
	}
}

static void *second(void *arg)
{
	(void)arg;
	lock_range(HELD / 2, HELD);
	for (;;)
		pause();
	return NULL;
}

static void *waiter(void *arg)
{
	long i = (long)arg;

	waiter_tid[i] = pts_gettid();
	/* mutex 0 is PI, mutex 1 is not */
	waited_err[i] = pthread_mutex_lock(&sh->m[i]);
	if (waited_err[i] == EOWNERDEAD &&
	    (pthread_mutex_consistent(&sh->m[i]) ||
	     pthread_mutex_unlock(&sh->m[i])))
		waited_err[i] = -1;
	return NULL;
}

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_t t, w[2];
	int i, err, status;
	long long end;
	pid_t pid;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&ma, PTHREAD_MUTEX_ROBUST);
	for (i = 0; i < NMUTEX; i++) {
		err = pthread_mutexattr_setprotocol(&ma, i % 2 ?
			PTHREAD_PRIO_NONE : PTHREAD_PRIO_INHERIT);
		if (err == ENOTSUP)
			PTS_UNSUPP("PTHREAD_PRIO_INHERIT not supported");
		err = err ? err : pthread_mutex_init(&sh->m[i], &ma);
		if (err)
			PTS_UNRES("mutex %d init: %s", i, strerror(err));
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		/* never left behind a parent that ended early */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (pthread_mutex_lock(&sh->m[FREED]) ||
		    pthread_mutex_unlock(&sh->m[FREED]))
			_exit(PTS_UNRESOLVED);
		if (pthread_create(&t, NULL, second, NULL))
			_exit(PTS_UNRESOLVED);
		lock_range(0, HELD / 2);
		for (;;)
			pause();
	}
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (__atomic_load_n(&sh->held, __ATOMIC_ACQUIRE) < HELD) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			PTS_UNRES("child ended with status 0x%x", status);
		if (pts_now(CLOCK_MONOTONIC) > end) {
			kill(pid, SIGKILL);
			PTS_UNRES("child holds only %d mutexes", sh->held);
		}
		pts_nap();
	}
	for (i = 0; i < 2; i++) {
		if (pthread_create(&w[i], NULL, waiter, (void *)(long)i))
			PTS_UNRES("pthread_create(): %m");
	}
	for (i = 0; i < 2; i++) {
		while (!__atomic_load_n(&waiter_tid[i], __ATOMIC_ACQUIRE))
			pts_nap();
		pts_wait_in_syscall(waiter_tid[i], SYS_futex);
	}
	kill(pid, SIGKILL);
	if (waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status) ||
	    WTERMSIG(status) != SIGKILL)
		PTS_UNRES("child status 0x%x", status);
	for (i = 0; i < 2; i++) {
		pthread_join(w[i], NULL);
		if (waited_err[i] != EOWNERDEAD)
			PTS_FAILED("the thread asleep on %s mutex %d got %d, "
				   "expected EOWNERDEAD (-1: not recoverable)",
				   i ? "plain" : "PI", i, waited_err[i]);
	}
	for (i = 0; i < HELD; i++) {
		/* 0 and 1 were recovered by the woken waiters */
		err = pthread_mutex_trylock(&sh->m[i]);
		if (i >= 2 && err != EOWNERDEAD)
			PTS_FAILED("mutex %d (%s, held by the child's %s thread): "
				   "trylock returned %d, expected EOWNERDEAD", i,
				   i % 2 ? "plain" : "PI",
				   i < HELD / 2 ? "main" : "second", err);
		if (i < 2 && err)
			PTS_FAILED("mutex %d made consistent by its waiter: %d", i, err);
		if (err == EOWNERDEAD && pthread_mutex_consistent(&sh->m[i]))
			PTS_FAILED("pthread_mutex_consistent(%d) failed", i);
		if (pthread_mutex_unlock(&sh->m[i]))
			PTS_FAILED("unlock of recovered mutex %d failed", i);
		err = pthread_mutex_trylock(&sh->m[i]);
		if (err)
			PTS_FAILED("mutex %d after recovery: trylock %d, expected 0",
				   i, err);
		pthread_mutex_unlock(&sh->m[i]);
	}
	for (i = FREED; i <= UNTOUCHED; i++) {
		err = pthread_mutex_trylock(&sh->m[i]);
		if (err)
			PTS_FAILED("mutex %d the child did not hold: %d", i, err);
		pthread_mutex_unlock(&sh->m[i]);
	}
	PTS_PASSED("every robust mutex of every killed thread: EOWNERDEAD once");
}
