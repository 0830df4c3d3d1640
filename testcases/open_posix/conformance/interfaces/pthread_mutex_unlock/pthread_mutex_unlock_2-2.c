// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_unlock() of a process-shared mutex with waiters in
 * other processes: the scheduling policy decides which one acquires it.
 * A FIFO 10 process blocks first on the parent's mutex in shared memory,
 * a FIFO 20 process after it (both asleep in the kernel's shared futex);
 * the parent's unlock must let the FIFO 20 process in first. For
 * PTHREAD_PRIO_NONE (FUTEX_WAKE of the shared futex wakes its top
 * priority waiter) and PTHREAD_PRIO_INHERIT (FUTEX_UNLOCK_PI hands the
 * mutex to the top waiter).
 */
#include <pthread.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"

struct shared {
	pthread_mutex_t m;
	int order[2], n;
};

static struct shared *sh;

static pid_t start(int i, int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (sched_setscheduler(0, SCHED_FIFO, &sp))
			_exit(PTS_UNRESOLVED);
		if (pthread_mutex_lock(&sh->m))
			_exit(PTS_FAIL);
		sh->order[sh->n++] = i;
		_exit(pthread_mutex_unlock(&sh->m) ? PTS_FAIL : PTS_PASS);
	}
	pts_wait_in_syscall(pid, SYS_futex);
	return pid;
}

static void round_(int proto)
{
	const char *what = proto ? "PI" : "plain";
	pthread_mutexattr_t a;
	pid_t lo, hi;

	memset(sh, 0, sizeof(*sh));
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	if (pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("protocol %d not supported", proto);
	if (pthread_mutex_init(&sh->m, &a) || pthread_mutex_lock(&sh->m))
		PTS_UNRES("mutex set-up");
	pthread_mutexattr_destroy(&a);
	lo = start(0, 10);
	hi = start(1, 20);
	if (pthread_mutex_unlock(&sh->m))
		PTS_UNRES("unlock");
	pts_reap(lo, "FIFO 10 waiter");
	pts_reap(hi, "FIFO 20 waiter");
	if (sh->n != 2 || sh->order[0] != 1)
		PTS_FAILED("%s: the FIFO 10 process (blocked first) acquired the mutex before the FIFO 20 one",
			   what);
	printf("%s: FIFO 20 process first, then FIFO 10\n", what);
	pthread_mutex_destroy(&sh->m);
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 30 };

	pts_need_sched_fifo();
	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		PTS_UNRES("parent to FIFO 30");
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %s", strerror(errno));
	round_(PTHREAD_PRIO_NONE);
	round_(PTHREAD_PRIO_INHERIT);
	PTS_PASSED("the highest-priority waiting process acquired the released mutex");
}
