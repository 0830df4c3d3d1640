// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_wait() across a stop: a process waiting on a
 * PTHREAD_PROCESS_SHARED condition variable (asleep in the kernel,
 * futex) is stopped with SIGSTOP (state T) and continued with SIGCONT;
 * the stop is not a wake-up that ends the wait with the predicate unset
 * (the child counts how often pthread_cond_wait() returned) nor an
 * error ("shall not return an error code of [EINTR]"): after SIGCONT it
 * sleeps in the futex again, and the parent's signal with the predicate
 * set then ends the wait with 0, the mutex owned; the child exits 0.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_blocked.h"

struct shared {
	pthread_mutex_t m;
	pthread_cond_t c;
	int go, returns;
};

static struct shared *sh;

static int child(void)
{
	int err = pthread_mutex_lock(&sh->m);

	while (!err && !sh->go) {
		err = pthread_cond_wait(&sh->c, &sh->m);
		sh->returns++;
	}
	if (err) {
		printf("child: pthread_cond_wait() returned %s\n",
		       strerrorname_np(err));
		return PTS_FAIL;
	}
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
	int returns;
	pid_t pid;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %s", strerror(errno));
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_condattr_init(&ca);
	pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(&sh->m, &ma);
	pthread_cond_init(&sh->c, &ca);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		_exit(child());
	pts_wait_in_syscall(pid, SYS_futex);
	if (kill(pid, SIGSTOP))
		PTS_UNRES("kill(SIGSTOP): %s", strerror(errno));
	pts_wait_task_state(pid, "T");
	if (kill(pid, SIGCONT))
		PTS_UNRES("kill(SIGCONT): %s", strerror(errno));
	pts_wait_in_syscall(pid, SYS_futex);
	pthread_mutex_lock(&sh->m);
	returns = sh->returns;
	sh->go = 1;
	pthread_cond_signal(&sh->c);
	pthread_mutex_unlock(&sh->m);
	pts_reap_bounded(pid, "the waiting child");
	/* a spurious wake-up is allowed, but not a return without it */
	printf("the wait returned %d times across the stop, %d in all\n",
	       returns, sh->returns);
	if (sh->returns < 1)
		PTS_FAILED("the signalled wait never returned");
	PTS_PASSED("a waiter stopped and continued kept waiting and was woken by the signal");
}
