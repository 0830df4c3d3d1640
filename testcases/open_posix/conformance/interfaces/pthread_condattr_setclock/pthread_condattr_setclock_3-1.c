// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_condattr_setclock(): the clock of a condition variable is an
 * attribute of the object, so it holds for every process using a
 * PTHREAD_PROCESS_SHARED one. The parent initialises a MONOTONIC, shared
 * condition variable in shared memory; a forked child waits on it with
 * a deadline 200 ms ahead on CLOCK_MONOTONIC (long past if read as
 * CLOCK_REALTIME): ETIMEDOUT not before that deadline, owning the mutex.
 * A second wait is ended by the parent's signal (0, mutex held) while
 * its MONOTONIC deadline is an hour ahead.
 */
#include <pthread.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"

struct shared {
	pthread_mutex_t m;
	pthread_cond_t c;
	int waiting, go;
};

static struct shared *sh;

static int child(void)
{
	struct timespec dl;
	long long dl_ns, now;
	int err;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (pthread_mutex_lock(&sh->m))
		return PTS_UNRESOLVED;
	dl_ns = pts_now(CLOCK_MONOTONIC) + 200000000LL;
	dl = pts_ns_ts(dl_ns);
	err = pthread_cond_timedwait(&sh->c, &sh->m, &dl);
	now = pts_now(CLOCK_MONOTONIC);
	if (err != ETIMEDOUT || now < dl_ns) {
		printf("child: timedwait %d, %lld ns %s the MONOTONIC deadline\n",
		       err, now < dl_ns ? dl_ns - now : now - dl_ns,
		       now < dl_ns ? "before" : "after");
		return PTS_FAIL;
	}
	if (pthread_mutex_trylock(&sh->m) != EBUSY) {
		printf("child: mutex not held after ETIMEDOUT\n");
		return PTS_FAIL;
	}
	dl = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);
	__atomic_store_n(&sh->waiting, 1, __ATOMIC_RELEASE);
	err = 0;
	while (!sh->go && !err)
		err = pthread_cond_timedwait(&sh->c, &sh->m, &dl);
	if (err) {
		printf("child: the signalled wait returned %d\n", err);
		return PTS_FAIL;
	}
	return pthread_mutex_unlock(&sh->m) ? PTS_FAIL : PTS_PASS;
}

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	pid_t pid;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %s", strerror(errno));
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_condattr_init(&ca);
	if (pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED) ||
	    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) ||
	    pthread_mutex_init(&sh->m, &ma) || pthread_cond_init(&sh->c, &ca))
		PTS_UNRES("shared MONOTONIC condition variable");
	pthread_condattr_destroy(&ca);
	pthread_mutexattr_destroy(&ma);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		_exit(child());
	pts_wait_flag(&sh->waiting, "the child's second wait");
	if (pthread_mutex_lock(&sh->m))
		PTS_UNRES("lock");
	sh->go = 1;
	if (pthread_cond_signal(&sh->c) || pthread_mutex_unlock(&sh->m))
		PTS_UNRES("signal/unlock");
	pts_reap(pid, "waiting child");
	PTS_PASSED("the MONOTONIC clock of the shared condition variable held in the child");
}
