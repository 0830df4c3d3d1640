// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_timedlock() on a robust process-shared mutex whose
 * owner process dies while the caller is blocked: the wait ends with
 * [EOWNERDEAD] (not [ETIMEDOUT]: the deadline is an hour ahead) and the
 * caller owns the mutex; made consistent and unlocked, it is free. For
 * PTHREAD_PRIO_NONE (the kernel's robust-list walk sets FUTEX_OWNER_DIED
 * and wakes the waiter) and PTHREAD_PRIO_INHERIT (the PI futex handed to
 * the waiter with the owner-died bit). A second child, blocked in a
 * timedlock on another robust mutex the dead process also held, gets
 * EOWNERDEAD too, in its own process.
 */
#include <pthread.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"

struct shared {
	pthread_mutex_t m[2];
	int held;
};

static struct shared *sh;
static volatile pid_t tid;

static long timed_take(int i)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	int err = pthread_mutex_timedlock(&sh->m[i], &dl);

	if (err != EOWNERDEAD)
		return err ? err : -1;
	if (pthread_mutex_consistent(&sh->m[i]) ||
	    pthread_mutex_unlock(&sh->m[i]))
		return -2;
	return 0;
}

static void *waiter(void *arg)
{
	(void)arg;
	tid = pts_gettid();
	return (void *)timed_take(0);
}

static void round_(int proto)
{
	pthread_mutexattr_t ma;
	pid_t owner, other;
	int i, status;
	pthread_t w;
	void *res;

	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&ma, PTHREAD_MUTEX_ROBUST);
	if (pthread_mutexattr_setprotocol(&ma, proto))
		PTS_UNSUPP("protocol %d not supported", proto);
	for (i = 0; i < 2; i++)
		if (pthread_mutex_init(&sh->m[i], &ma))
			PTS_UNRES("pthread_mutex_init()");
	sh->held = 0;
	fflush(stdout);
	owner = fork();
	if (owner < 0)
		PTS_UNRES("fork(): %m");
	if (!owner) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (pthread_mutex_lock(&sh->m[0]) || pthread_mutex_lock(&sh->m[1]))
			_exit(PTS_UNRESOLVED);
		__atomic_store_n(&sh->held, 1, __ATOMIC_RELEASE);
		for (;;)
			pause();
	}
	pts_wait_flag(&sh->held, "the owner's locks");
	other = fork();
	if (other < 0)
		PTS_UNRES("fork(): %m");
	if (!other) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		_exit(timed_take(1) ? PTS_FAIL : PTS_PASS);
	}
	tid = 0;
	if (pthread_create(&w, NULL, waiter, NULL))
		PTS_UNRES("pthread_create(): %m");
	while (!tid)
		pts_nap();
	pts_wait_in_syscall(tid, SYS_futex);
	pts_wait_in_syscall(other, SYS_futex);
	kill(owner, SIGKILL);
	if (waitpid(owner, &status, 0) != owner || !WIFSIGNALED(status))
		PTS_UNRES("owner status 0x%x", status);
	pthread_join(w, &res);
	if (res)
		PTS_FAILED("%s: the timed waiter got %ld (-1: 0, -2: not recoverable), expected EOWNERDEAD",
			   proto ? "PI" : "plain", (long)res);
	pts_reap(other, "timed waiter in another process");
	for (i = 0; i < 2; i++) {
		if (pthread_mutex_trylock(&sh->m[i]))
			PTS_FAILED("mutex %d not free after the recovery", i);
		pthread_mutex_unlock(&sh->m[i]);
		pthread_mutex_destroy(&sh->m[i]);
	}
}

int main(void)
{
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	round_(PTHREAD_PRIO_NONE);
	round_(PTHREAD_PRIO_INHERIT);
	PTS_PASSED("a timed waiter gets EOWNERDEAD at the owner's death, plain and PI");
}
