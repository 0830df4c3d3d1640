// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrierattr_setpshared(PTHREAD_PROCESS_SHARED): a barrier in a
 * MAP_SHARED mapping synchronises processes. Three child processes and
 * the parent wait on a barrier of count 4, twice: no process passes a
 * round before all four have arrived (counted in shared memory), and
 * each round has exactly one PTHREAD_BARRIER_SERIAL_THREAD.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

#define N 4

struct shared {
	pthread_barrier_t b;
	int arrived[2], serial[2], early;
};

static struct shared *s;

static void rounds(void)
{
	int i, r;

	for (i = 0; i < 2; i++) {
		__atomic_add_fetch(&s->arrived[i], 1, __ATOMIC_SEQ_CST);
		r = pthread_barrier_wait(&s->b);
		if (__atomic_load_n(&s->arrived[i], __ATOMIC_SEQ_CST) != N)
			__atomic_store_n(&s->early, 1, __ATOMIC_SEQ_CST);
		if (r == PTHREAD_BARRIER_SERIAL_THREAD)
			__atomic_add_fetch(&s->serial[i], 1, __ATOMIC_SEQ_CST);
		else if (r)
			__atomic_store_n(&s->early, 2, __ATOMIC_SEQ_CST);
	}
}

int main(void)
{
	pthread_barrierattr_t a;
	pid_t pid[N - 1];
	int i, ps;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	pthread_barrierattr_init(&a);
	if (pthread_barrierattr_setpshared(&a, PTHREAD_PROCESS_SHARED))
		PTS_UNSUPP("process-shared barriers not supported");
	pthread_barrierattr_getpshared(&a, &ps);
	if (ps != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("getpshared read back %d", ps);
	if (pthread_barrier_init(&s->b, &a, N))
		PTS_UNRES("pthread_barrier_init() failed");
	fflush(stdout);
	for (i = 0; i < N - 1; i++) {
		pid[i] = fork();
		if (!pid[i]) {
			rounds();
			_exit(PTS_PASS);
		}
	}
	rounds();
	for (i = 0; i < N - 1; i++)
		pts_reap(pid[i], "barrier process");
	if (s->early == 1)
		PTS_FAILED("a process passed before all %d arrived", N);
	if (s->early == 2)
		PTS_FAILED("pthread_barrier_wait() returned an error");
	if (s->serial[0] != 1 || s->serial[1] != 1)
		PTS_FAILED("serial processes per round: %d, %d", s->serial[0],
			   s->serial[1]);
	PTS_PASSED("process-shared barrier held %d processes, twice", N);
}
