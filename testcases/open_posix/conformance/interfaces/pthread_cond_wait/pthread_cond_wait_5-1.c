// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_wait() and pthread_cond_timedwait() with a robust
 * process-shared mutex fail with [EOWNERDEAD] when "the process
 * containing the previous owning thread terminated while holding the
 * mutex lock", and the caller then owns the mutex. A waiter (in the
 * parent) is signalled by a child that holds the mutex; the child is
 * killed with SIGKILL before unlocking: the woken waiter's reacquisition
 * returns EOWNERDEAD (the kernel's robust-list walk at the child's exit
 * woke it); the waiter's pthread_mutex_consistent() then works, another
 * process's trylock sees EBUSY until the waiter unlocks, and the mutex
 * is free after that unlock. Done for
 * pthread_cond_wait() and a pthread_cond_timedwait() with an hour's
 * deadline (returning long before it).
 */
#include <pthread.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"

struct shared {
	pthread_mutex_t m;
	pthread_cond_t c;
	int signalled;
	int done;
};

static struct shared *sh;
static volatile pid_t waiter_tid;
static int timed;

static int trylock_child(void)
{
	int err = pthread_mutex_trylock(&sh->m);

	if (err != EBUSY)
		PTS_FAILED("another process's trylock of the recovered mutex: %d", err);
	return PTS_PASS;
}

static void *waiter(void *arg)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	long err;

	(void)arg;
	pthread_mutex_lock(&sh->m);
	waiter_tid = pts_gettid();
	do {
		err = timed ? pthread_cond_timedwait(&sh->c, &sh->m, &dl) :
			      pthread_cond_wait(&sh->c, &sh->m);
	} while (!err && !sh->signalled);
	if (err != EOWNERDEAD)
		return (void *)err;
	/* the owner of the mutex now: recover it before this thread ends */
	if (pthread_mutex_consistent(&sh->m))
		PTS_FAILED("pthread_mutex_consistent() after EOWNERDEAD failed");
	pts_run_child(trylock_child, "trylock child");
	if (pthread_mutex_unlock(&sh->m))
		PTS_FAILED("unlock of the recovered mutex failed");
	return (void *)err;
}

static void round_(int t)
{
	long long start, end;
	int status;
	pthread_t w;
	void *res;
	pid_t pid;

	timed = t;
	sh->signalled = sh->done = 0;
	waiter_tid = 0;
	if (pthread_create(&w, NULL, waiter, NULL))
		PTS_UNRES("pthread_create(): %m");
	while (!waiter_tid)
		pts_nap();
	fflush(stdout);
	start = pts_now(CLOCK_MONOTONIC);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		/* the lock succeeds only once the waiter has released it */
		if (pthread_mutex_lock(&sh->m))
			_exit(PTS_UNRESOLVED);
		sh->signalled = 1;
		pthread_cond_signal(&sh->c);
		__atomic_store_n(&sh->done, 1, __ATOMIC_RELEASE);
		for (;;)
			pause();
	}
	pts_wait_flag(&sh->done, "the child's signal");
	kill(pid, SIGKILL);
	if (waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status))
		PTS_UNRES("child status 0x%x", status);
	pthread_join(w, &res);
	end = pts_now(CLOCK_MONOTONIC);
	if ((long)res != EOWNERDEAD)
		PTS_FAILED("%s returned %ld, expected EOWNERDEAD",
			   t ? "pthread_cond_timedwait()" : "pthread_cond_wait()",
			   (long)res);
	if (end - start > 600 * PTS_NSEC)
		PTS_FAILED("the timed wait did not end at the owner's death");
	if (pthread_mutex_trylock(&sh->m))
		PTS_FAILED("the recovered mutex is not free");
	pthread_mutex_unlock(&sh->m);
}

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&ma, PTHREAD_MUTEX_ROBUST);
	pthread_condattr_init(&ca);
	pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED);
	if (pthread_mutex_init(&sh->m, &ma) || pthread_cond_init(&sh->c, &ca))
		PTS_UNRES("init failed");
	round_(0);
	round_(1);
	PTS_PASSED("cond_wait and cond_timedwait return EOWNERDEAD when the owner process dies");
}
