// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_spin_init(): with PTHREAD_PROCESS_SHARED "the implementation
 * shall permit the spin lock to be operated upon by any thread that has
 * access to the memory where the spin lock is allocated, even if it is
 * allocated in memory that is shared by multiple processes". A SHARED
 * spin lock in MAP_SHARED memory guards a plain counter that two
 * processes with two threads each increment 20000 times, all four
 * starting together, each increment a read, a short delay and a write
 * (so that holders overlapping would lose some): all 80000 increments
 * are there, no holder ever saw another inside (a shared in-section
 * count), and the lock is free at the end.
 */
#include <pthread.h>

#include "pts_j19.h"

#define ITER 20000

struct sh {
	pthread_spinlock_t l;
	long counter;
	int inside, bad, ready, go;
};
static struct sh *s;

static void *work(void *arg)
{
	volatile long v;
	int i, k;

	(void)arg;
	__atomic_add_fetch(&s->ready, 1, __ATOMIC_ACQ_REL);
	while (!__atomic_load_n(&s->go, __ATOMIC_ACQUIRE))
		;
	for (i = 0; i < ITER; i++) {
		if (pthread_spin_lock(&s->l))
			return (void *)1L;
		if (__atomic_add_fetch(&s->inside, 1, __ATOMIC_ACQ_REL) != 1)
			s->bad = 1;
		v = s->counter;
		for (k = 0; k < 200; k++)
			__asm__ volatile("" ::: "memory");
		s->counter = v + 1;
		__atomic_sub_fetch(&s->inside, 1, __ATOMIC_ACQ_REL);
		pthread_spin_unlock(&s->l);
	}
	return NULL;
}

static int two_threads(void)
{
	pthread_t t;
	void *r1, *r2;

	if (pthread_create(&t, NULL, work, NULL))
		return PTS_UNRESOLVED;
	r1 = work(NULL);
	pthread_join(t, &r2);
	return r1 || r2 ? PTS_FAIL : PTS_PASS;
}

/* this process's two workers, released with the child's once all 4 wait */
static int go_after_ready(void)
{
	pthread_t t[2];
	void *r[2];
	int i;

	for (i = 0; i < 2; i++)
		if (pthread_create(&t[i], NULL, work, NULL))
			return PTS_UNRESOLVED;
	pts_j19_wait_count(&s->ready, 4, "the four workers");
	__atomic_store_n(&s->go, 1, __ATOMIC_RELEASE);
	for (i = 0; i < 2; i++)
		pthread_join(t[i], &r[i]);
	return r[0] || r[1] ? PTS_FAIL : PTS_PASS;
}

int main(void)
{
	int st, mine;
	pid_t pid;

	s = pts_j19_shared(sizeof(*s));
	PTS_EXPECT_ERR(pthread_spin_init(&s->l, PTHREAD_PROCESS_SHARED), 0,
		       "pthread_spin_init(SHARED)");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	pts_j19_kill_at_exit(pid);
	if (!pid)
		_exit(two_threads());
	mine = go_after_ready();
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		PTS_FAILED("the other process's lock calls failed");
	if (mine)
		PTS_FAILED("this process's lock calls failed");
	if (s->bad)
		PTS_FAILED("two holders inside at once");
	if (s->counter != 4L * ITER)
		PTS_FAILED("%ld of %d increments", s->counter, 4 * ITER);
	PTS_EXPECT_ERR(pthread_spin_trylock(&s->l), 0, "trylock at the end");
	PTS_PASSED("2 processes x 2 threads: %d increments, exclusion kept", 4 * ITER);
}
