// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_lock() on a PTHREAD_PRIO_INHERIT, PTHREAD_PROCESS_SHARED
 * mutex (the kernel's PI futex keyed on the shared page, with owners and
 * waiters in different processes) gives mutual exclusion: three child
 * processes each add 1 to a counter in the MAP_SHARED mapping 20000
 * times under it, each lock and unlock returning 0, and no increment is
 * lost; while one process holds it, another's trylock is [EBUSY]. The
 * same for a robust PI shared mutex.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_blocked.h"

#define NCHILD 3
#define LOOPS 20000

struct shared {
	pthread_mutex_t m;
	long counter;
};

static struct shared *sh;

static int adder(void)
{
	int i;

	for (i = 0; i < LOOPS; i++) {
		if (pthread_mutex_lock(&sh->m))
			return PTS_FAIL;
		sh->counter++;
		if (pthread_mutex_unlock(&sh->m))
			return PTS_FAIL;
	}
	return PTS_PASS;
}

static int trylocker(void)
{
	int err = pthread_mutex_trylock(&sh->m);

	if (err != EBUSY) {
		printf("trylock of the parent's mutex returned %s\n",
		       err ? strerrorname_np(err) : "0");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

static pid_t spawn(int (*fn)(void))
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		_exit(fn());
	return pid;
}

static void run(int robust, const char *name)
{
	pthread_mutexattr_t a;
	pid_t pid[NCHILD];
	int i;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT))
		PTS_UNSUPP("PTHREAD_PRIO_INHERIT");
	if (robust)
		pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&sh->m, &a);
	pthread_mutexattr_destroy(&a);
	sh->counter = 0;

	pthread_mutex_lock(&sh->m);
	pts_reap_bounded(spawn(trylocker), "the trylock child");
	pthread_mutex_unlock(&sh->m);
	for (i = 0; i < NCHILD; i++)
		pid[i] = spawn(adder);
	for (i = 0; i < NCHILD; i++)
		pts_reap(pid[i], "an adding child");
	if (sh->counter != NCHILD * LOOPS)
		PTS_FAILED("%s: counter %ld, expected %d", name, sh->counter,
			   NCHILD * LOOPS);
	pthread_mutex_destroy(&sh->m);
	printf("%s: %ld increments from %d processes\n", name, sh->counter,
	       NCHILD);
}

int main(void)
{
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %s", strerror(errno));
	run(0, "PI shared");
	run(1, "robust PI shared");
	PTS_PASSED("a process-shared PI mutex excludes across processes");
}
