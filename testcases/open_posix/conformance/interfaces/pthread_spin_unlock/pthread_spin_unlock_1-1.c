// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_spin_unlock() releases the lock: a process spinning in
 * pthread_spin_lock() on a PTHREAD_PROCESS_SHARED lock the parent holds
 * stays in it (it accumulates CPU time, read from /proc/PID/stat, and
 * has not got the lock) and acquires it once the parent unlocks; the
 * lock is then held by the child (parent's trylock [EBUSY]) until the
 * child unlocks it.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

struct shared {
	pthread_spinlock_t s;
	volatile int trying, got, release;
};

int main(void)
{
	struct shared *sh;
	long long cpu0, end;
	int status, err;
	pid_t pid;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %s", strerror(errno));
	if (pthread_spin_init(&sh->s, PTHREAD_PROCESS_SHARED) ||
	    pthread_spin_lock(&sh->s))
		PTS_UNRES("spin lock not set up");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		__atomic_store_n(&sh->trying, 1, __ATOMIC_RELEASE);
		pthread_spin_lock(&sh->s);
		__atomic_store_n(&sh->got, 1, __ATOMIC_RELEASE);
		while (!__atomic_load_n(&sh->release, __ATOMIC_ACQUIRE))
			pts_nap();
		pthread_spin_unlock(&sh->s);
		_exit(0);
	}
	pts_wait_flag(&sh->trying, "the child");
	/* the child spins: its CPU time (utime + stime) grows by 5 ticks */
	cpu0 = pts_task_stat(pid, 14) + pts_task_stat(pid, 15);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (pts_task_stat(pid, 14) + pts_task_stat(pid, 15) < cpu0 + 5) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the child does not spin");
		pts_nap();
	}
	if (sh->got)
		PTS_FAILED("the child got a lock the parent holds");
	if (pthread_spin_unlock(&sh->s))
		PTS_FAILED("pthread_spin_unlock() failed");
	pts_wait_flag(&sh->got, "the child to acquire the released lock");
	err = pthread_spin_trylock(&sh->s);
	if (err != EBUSY)
		PTS_FAILED("parent's trylock while the child holds it returned %d",
			   err);
	__atomic_store_n(&sh->release, 1, __ATOMIC_RELEASE);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("child did not exit");
	if (pthread_spin_trylock(&sh->s))
		PTS_FAILED("lock not free after the child's unlock");
	PTS_PASSED("a spinning process holds off until the unlock, then owns the lock");
}
