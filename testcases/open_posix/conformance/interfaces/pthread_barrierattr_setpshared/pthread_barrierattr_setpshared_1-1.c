// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrierattr_setpshared(): PTHREAD_PROCESS_SHARED is read back,
 * another value fails with [EINVAL] and keeps the setting. A barrier of
 * count 2 made with it in a MAP_SHARED mapping holds the parent until
 * the child arrives (the parent is seen asleep in the kernel first) and
 * releases both, exactly one of them with PTHREAD_BARRIER_SERIAL_THREAD,
 * in each of three rounds.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

struct shared {
	pthread_barrier_t b;
	int serial[3];
};

static struct shared *s;

static int child(void)
{
	int r, i;

	for (i = 0; i < 3; i++) {
		r = pthread_barrier_wait(&s->b);
		if (r == PTHREAD_BARRIER_SERIAL_THREAD)
			__atomic_add_fetch(&s->serial[i], 1, __ATOMIC_ACQ_REL);
		else if (r)
			return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	pthread_barrierattr_t a;
	int v, err, r, i;
	pid_t pid;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	pthread_barrierattr_init(&a);
	if (pthread_barrierattr_setpshared(&a, PTHREAD_PROCESS_SHARED))
		PTS_FAILED("setpshared(SHARED) failed");
	pthread_barrierattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("read back %d, expected SHARED", v);
	err = pthread_barrierattr_setpshared(&a, 9);
	if (err != EINVAL)
		PTS_FAILED("setpshared(9) returned %d, expected EINVAL", err);
	pthread_barrierattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("a refused value changed the setting to %d", v);
	pthread_barrier_init(&s->b, &a, 2);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		/* the parent is asleep in the barrier before we arrive */
		pts_wait_in_syscall(getppid(), SYS_futex);
		exit(child());
	}
	for (i = 0; i < 3; i++) {
		r = pthread_barrier_wait(&s->b);
		if (r == PTHREAD_BARRIER_SERIAL_THREAD)
			__atomic_add_fetch(&s->serial[i], 1, __ATOMIC_ACQ_REL);
		else if (r)
			PTS_FAILED("pthread_barrier_wait() returned %d", r);
	}
	pts_reap(pid, "child");
	for (i = 0; i < 3; i++)
		if (s->serial[i] != 1)
			PTS_FAILED("round %d: %d serial threads", i, s->serial[i]);
	PTS_PASSED("SHARED read back, EINVAL, a barrier across processes");
}
