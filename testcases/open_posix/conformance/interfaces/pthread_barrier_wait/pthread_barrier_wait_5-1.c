// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrier_wait(): "Upon successful completion, the
 * pthread_barrier_wait() function shall return
 * PTHREAD_BARRIER_SERIAL_THREAD for a single (arbitrary) thread
 * synchronized at the barrier and zero for each of the other threads."
 * A PROCESS_SHARED barrier of count 4 in MAP_SHARED memory is used by
 * two threads in each of two processes for 30 rounds: in every round
 * exactly one of the four calls returns SERIAL and three return 0
 * (counted per round in shared memory), and no thread is more than one
 * round ahead (each records the round it is in before waiting).
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"

#define ROUNDS 30

struct sh {
	pthread_barrier_t b;
	int serial[ROUNDS], zero[ROUNDS], bad;
	int round[4];
};
static struct sh *s;

static void *worker(void *arg)
{
	long me = (long)arg;
	int r, i, k;

	for (r = 0; r < ROUNDS; r++) {
		__atomic_store_n(&s->round[me], r, __ATOMIC_RELEASE);
		for (k = 0; k < 4; k++)
			if (__atomic_load_n(&s->round[k], __ATOMIC_ACQUIRE) < r - 1)
				__atomic_store_n(&s->bad, 1, __ATOMIC_RELEASE);
		i = pthread_barrier_wait(&s->b);
		if (i == PTHREAD_BARRIER_SERIAL_THREAD)
			__atomic_add_fetch(&s->serial[r], 1, __ATOMIC_ACQ_REL);
		else if (!i)
			__atomic_add_fetch(&s->zero[r], 1, __ATOMIC_ACQ_REL);
		else
			__atomic_store_n(&s->bad, 2, __ATOMIC_RELEASE);
	}
	return NULL;
}

static void two_threads(long base)
{
	pthread_t t;

	if (pthread_create(&t, NULL, worker, (void *)base))
		PTS_UNRES("pthread_create()");
	worker((void *)(base + 1));
	pthread_join(t, NULL);
}

int main(void)
{
	pthread_barrierattr_t a;
	pid_t pid;
	int r;

	s = pts_j19_shared(sizeof(*s));
	pthread_barrierattr_init(&a);
	pthread_barrierattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	if (pthread_barrier_init(&s->b, &a, 4))
		PTS_UNRES("pthread_barrier_init()");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	pts_j19_kill_at_exit(pid);
	if (!pid) {
		two_threads(2);
		_exit(0);
	}
	two_threads(0);
	pts_reap_bounded(pid, "the other process");
	if (s->bad == 2)
		PTS_FAILED("a wait returned an error");
	if (s->bad)
		PTS_FAILED("a thread passed the barrier a round early");
	for (r = 0; r < ROUNDS; r++)
		if (s->serial[r] != 1 || s->zero[r] != 3)
			PTS_FAILED("round %d: %d SERIAL and %d zero", r,
				   s->serial[r], s->zero[r]);
	PTS_PASSED("%d rounds over 2 processes x 2 threads: one SERIAL, three 0 each", ROUNDS);
}
