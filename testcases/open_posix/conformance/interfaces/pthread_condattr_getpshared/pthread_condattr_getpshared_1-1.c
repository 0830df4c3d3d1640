// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_condattr_getpshared() "shall obtain the value of the
 * process-shared attribute": PTHREAD_PROCESS_PRIVATE by default (its
 * stated default), PTHREAD_PROCESS_SHARED once set (0 returned), an
 * invalid value EINVAL with SHARED still read. What is read is what a
 * condition variable made from the object uses: its waiter sleeps in a
 * futex with FUTEX_PRIVATE_FLAG when PRIVATE was read, without it when
 * SHARED was, and a SHARED one in MAP_SHARED memory is signalled across
 * fork() (the child's wait ends with 0, owning the mutex).
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"

struct sh {
	pthread_mutex_t m;
	pthread_cond_t c;
	int go;
};
static struct sh *s;

static void *waiter(void *arg)
{
	int e = 0;

	(void)arg;
	pthread_mutex_lock(&s->m);
	while (!s->go && !e)
		e = pthread_cond_wait(&s->c, &s->m);
	pthread_mutex_unlock(&s->m);
	return (void *)(long)e;
}

static void wake(void)
{
	pthread_mutex_lock(&s->m);
	s->go = 1;
	pthread_cond_broadcast(&s->c);
	pthread_mutex_unlock(&s->m);
}

static long wait_op(pthread_condattr_t *a)
{
	struct pts_blocked b;
	long op;

	pthread_cond_init(&s->c, a);
	s->go = 0;
	pts_start_blocked(&b, waiter, NULL, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	wake();
	if (pts_join_long(b.t))
		PTS_FAILED("the wait failed");
	return op;
}

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t a;
	int v = -1, st;
	long op;
	pid_t pid;

	s = pts_j19_shared(sizeof(*s));
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(&s->m, &ma);
	pthread_condattr_init(&a);
	PTS_EXPECT_ERR(pthread_condattr_getpshared(&a, &v), 0, "getpshared()");
	if (v != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("default pshared %d", v);
	op = wait_op(&a);
	if (!(op & PTS_J19_FUTEX_PRIVATE))
		PTS_FAILED("PRIVATE read, the wait's futex op %#lx is shared", op);
	pthread_cond_destroy(&s->c);

	PTS_EXPECT_ERR(pthread_condattr_setpshared(&a, PTHREAD_PROCESS_SHARED),
		       0, "setpshared(SHARED)");
	PTS_EXPECT_ERR(pthread_condattr_setpshared(&a, -3), EINVAL,
		       "setpshared(-3)");
	pthread_condattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("SHARED read back as %d", v);
	op = wait_op(&a);
	if (op & PTS_J19_FUTEX_PRIVATE)
		PTS_FAILED("SHARED read, the wait's futex op %#lx is private", op);

	s->go = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	pts_j19_kill_at_exit(pid);
	if (!pid)
		_exit(waiter(NULL) ? 1 : 0);
	pts_wait_in_syscall(pid, SYS_futex);
	wake();
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		PTS_FAILED("the child's wait on the SHARED condition failed");
	pthread_condattr_destroy(&a);
	PTS_PASSED("PRIVATE default, SHARED read back; futex flags and fork follow");
}
