// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrierattr_init(): "After a barrier attributes object has
 * been used to initialize one or more barriers, any function affecting
 * the attributes object (including destruction) shall not affect any
 * previously initialized barrier". A count-2 barrier made SHARED in
 * MAP_SHARED memory, its object then set to PRIVATE and destroyed,
 * still synchronises two processes: the forked child sleeps in a
 * shared futex until the parent arrives, for each of three rounds, and
 * each round has exactly one serial process.
 */
#include <pthread.h>

#include "pts_j19.h"

struct sh {
	pthread_barrier_t bar;
	int serial[3];
	int child_round;
};

int main(void)
{
	pthread_barrierattr_t a;
	struct sh *s;
	int round, st, r;
	long op;
	pid_t pid;

	s = pts_j19_shared(sizeof(*s));
	pthread_barrierattr_init(&a);
	pthread_barrierattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	if (pthread_barrier_init(&s->bar, &a, 2))
		PTS_UNRES("pthread_barrier_init()");
	pthread_barrierattr_setpshared(&a, PTHREAD_PROCESS_PRIVATE);
	PTS_EXPECT_ERR(pthread_barrierattr_destroy(&a), 0, "destroy()");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	pts_j19_kill_at_exit(pid);
	if (!pid) {
		for (round = 0; round < 3; round++) {
			__atomic_store_n(&s->child_round, round + 1, __ATOMIC_RELEASE);
			r = pthread_barrier_wait(&s->bar);
			if (r == PTHREAD_BARRIER_SERIAL_THREAD)
				__atomic_add_fetch(&s->serial[round], 1, __ATOMIC_ACQ_REL);
			else if (r)
				_exit(1);
		}
		_exit(0);
	}
	for (round = 0; round < 3; round++) {
		while (__atomic_load_n(&s->child_round, __ATOMIC_ACQUIRE) != round + 1)
			pts_nap();
		op = pts_j19_futex_op(pid);
		if (op & PTS_J19_FUTEX_PRIVATE)
			PTS_FAILED("round %d: the child sleeps in a private futex (%#lx)",
				   round, op);
		r = pthread_barrier_wait(&s->bar);
		if (r == PTHREAD_BARRIER_SERIAL_THREAD)
			__atomic_add_fetch(&s->serial[round], 1, __ATOMIC_ACQ_REL);
		else if (r)
			PTS_FAILED("round %d: the parent's wait returned %d", round, r);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		PTS_FAILED("the child's waits failed");
	for (round = 0; round < 3; round++)
		if (s->serial[round] != 1)
			PTS_FAILED("round %d: %d serial processes", round,
				   s->serial[round]);
	PTS_PASSED("the SHARED barrier works across fork after its object changed and was destroyed");
}
