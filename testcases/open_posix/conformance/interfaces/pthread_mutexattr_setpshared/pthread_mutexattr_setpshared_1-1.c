// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutexattr_setpshared(): the default is PTHREAD_PROCESS_PRIVATE,
 * PTHREAD_PROCESS_SHARED is read back, another value fails with
 * [EINVAL]. A PROCESS_SHARED mutex in a MAP_SHARED mapping is one mutex
 * for parent and child: the child's lock sleeps in the kernel while the
 * parent holds it and returns once the parent unlocks; while the child
 * holds it the parent's trylock fails with [EBUSY].
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

struct shared {
	pthread_mutex_t m;
	int held, release;
};

static struct shared *s;

static int child(void)
{
	if (pthread_mutex_lock(&s->m))
		return PTS_FAIL;
	__atomic_store_n(&s->held, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&s->release, "release");
	pthread_mutex_unlock(&s->m);
	return PTS_PASS;
}

int main(void)
{
	pthread_mutexattr_t a;
	int v, err;
	pid_t pid;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	pthread_mutexattr_init(&a);
	pthread_mutexattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("default pshared %d, expected PRIVATE", v);
	if (pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED))
		PTS_FAILED("setpshared(SHARED) failed");
	pthread_mutexattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("read back %d, expected SHARED", v);
	err = pthread_mutexattr_setpshared(&a, 55);
	if (err != EINVAL)
		PTS_FAILED("setpshared(55) returned %d, expected EINVAL", err);
	pthread_mutex_init(&s->m, &a);
	pthread_mutex_lock(&s->m);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		exit(child());
	pts_wait_in_syscall(pid, SYS_futex);
	if (s->held)
		PTS_FAILED("the child locked a mutex the parent holds");
	pthread_mutex_unlock(&s->m);
	pts_wait_flag(&s->held, "the child's lock");
	err = pthread_mutex_trylock(&s->m);
	if (err != EBUSY)
		PTS_FAILED("trylock while the child holds it returned %d, expected EBUSY",
			   err);
	s->release = 1;
	pts_reap(pid, "child");
	if (pthread_mutex_trylock(&s->m))
		PTS_FAILED("mutex not free after the child's unlock");
	PTS_PASSED("PRIVATE default, SHARED works across fork(), EINVAL");
}
