// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_signal() "shall unblock at least one of the threads that
 * are blocked on the specified condition variable", also across
 * processes for a PTHREAD_PROCESS_SHARED one. Three child processes wait
 * in pthread_cond_wait() (each asleep in the kernel, futex) for a token
 * in shared memory; main adds one token and signals, three times over,
 * each time waiting (bounded) until a child took the token: every
 * signal woke a waiter, each child consumed exactly one token and exited
 * 0, and no token is left over.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_blocked.h"

#define NCHILD 3

struct shared {
	pthread_mutex_t m;
	pthread_cond_t c;
	int tokens, taken;
};

static struct shared *sh;

static int child(void)
{
	int err = pthread_mutex_lock(&sh->m);

	while (!err && !sh->tokens)
		err = pthread_cond_wait(&sh->c, &sh->m);
	if (err) {
		printf("child: %s\n", strerrorname_np(err));
		return PTS_FAIL;
	}
	sh->tokens--;
	sh->taken++;
	pthread_mutex_unlock(&sh->m);
	return PTS_PASS;
}

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	pid_t pid[NCHILD];
	long long end;
	int i, taken;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %s", strerror(errno));
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_condattr_init(&ca);
	pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED);
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
	for (i = 1; i <= NCHILD; i++) {
		pthread_mutex_lock(&sh->m);
		sh->tokens++;
		if (pthread_cond_signal(&sh->c))
			PTS_FAILED("pthread_cond_signal() failed");
		pthread_mutex_unlock(&sh->m);
		end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
		for (;;) {
			pthread_mutex_lock(&sh->m);
			taken = sh->taken;
			pthread_mutex_unlock(&sh->m);
			if (taken == i)
				break;
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_FAILED("signal %d woke no waiter (%d tokens taken)",
					   i, taken);
			pts_nap();
		}
	}
	for (i = 0; i < NCHILD; i++)
		pts_reap_bounded(pid[i], "a waiting child");
	if (sh->tokens || sh->taken != NCHILD)
		PTS_FAILED("%d tokens left, %d taken", sh->tokens, sh->taken);
	PTS_PASSED("each signal woke a waiter of another process");
}
