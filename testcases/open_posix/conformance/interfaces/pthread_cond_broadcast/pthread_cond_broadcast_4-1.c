// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_broadcast() on a PTHREAD_PROCESS_SHARED condition variable
 * "shall unblock all threads currently blocked" on it, in whatever
 * process: three child processes wait on a condition variable in a
 * MAP_SHARED mapping (each seen asleep in the kernel, futex, with its
 * arrival counted under the shared mutex); one broadcast with the
 * predicate set returns 0 and every child returns from
 * pthread_cond_wait() with 0, owning the mutex (each adds 1 to a counter
 * under it and its unlock returns 0) and exits 0; the counter ends at 3.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_blocked.h"

#define NCHILD 3

struct shared {
	pthread_mutex_t m;
	pthread_cond_t c;
	int go, arrived, woken;
};

static struct shared *sh;

static int child(void)
{
	int err;

	if (pthread_mutex_lock(&sh->m))
		return PTS_UNRESOLVED;
	sh->arrived++;
	while (!sh->go) {
		err = pthread_cond_wait(&sh->c, &sh->m);
		if (err) {
			printf("child: pthread_cond_wait() returned %s\n",
			       strerrorname_np(err));
			return PTS_FAIL;
		}
	}
	sh->woken++;
	err = pthread_mutex_unlock(&sh->m);
	if (err) {
		printf("child: unlock after the wait returned %s\n",
		       strerrorname_np(err));
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	pid_t pid[NCHILD];
	int i, n, err;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %s", strerror(errno));
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	if (pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED))
		PTS_UNSUPP("process-shared mutexes");
	pthread_condattr_init(&ca);
	if (pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED))
		PTS_UNSUPP("process-shared condition variables");
	pthread_mutex_init(&sh->m, &ma);
	pthread_cond_init(&sh->c, &ca);

	fflush(stdout);
	for (i = 0; i < NCHILD; i++) {
		pid[i] = fork();
		if (pid[i] < 0)
			PTS_UNRES("fork(): %s", strerror(errno));
		if (!pid[i])
			_exit(child());
	}
	for (i = 0; i < NCHILD; i++)
		pts_wait_in_syscall(pid[i], SYS_futex);
	pthread_mutex_lock(&sh->m);
	n = sh->arrived;
	if (n != NCHILD) {
		pthread_mutex_unlock(&sh->m);
		PTS_UNRES("%d children counted in, expected %d", n, NCHILD);
	}
	sh->go = 1;
	err = pthread_cond_broadcast(&sh->c);
	pthread_mutex_unlock(&sh->m);
	if (err)
		PTS_FAILED("pthread_cond_broadcast() returned %s",
			   strerrorname_np(err));
	for (i = 0; i < NCHILD; i++)
		pts_reap_bounded(pid[i], "a waiting child");
	if (sh->woken != NCHILD)
		PTS_FAILED("%d children woken, expected %d", sh->woken, NCHILD);
	PTS_PASSED("one broadcast woke the waiters of %d processes, each owning the mutex",
		   NCHILD);
}
