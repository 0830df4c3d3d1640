// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_timedlock() on a robust mutex whose owning thread
 * terminates (the process goes on) while the caller is blocked: the wait
 * ends with [EOWNERDEAD] (not [ETIMEDOUT]: the deadline is an hour
 * ahead) and the caller owns the mutex (main's trylock [EBUSY]); after
 * pthread_mutex_consistent() and the unlock it can be locked again. The
 * owner ends with pthread_exit() while the waiter sleeps in the kernel
 * (futex); for a robust NORMAL and a robust PRIO_INHERIT mutex.
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_mutex_t m;
static int go[2];
static volatile int got, release;

static void *owner(void *arg)
{
	char c;

	(void)arg;
	if (pthread_mutex_lock(&m))
		return (void *)1L;
	if (read(go[0], &c, 1) != 1)
		return (void *)2L;
	pthread_exit(NULL);	/* holding the mutex */
}

static void *waiter(void *arg)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	int err = pthread_mutex_timedlock(&m, &dl);

	(void)arg;
	if (err != EOWNERDEAD)
		return (void *)(long)(0x100 + err);
	__atomic_store_n(&got, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "main's word");
	if (pthread_mutex_consistent(&m) || pthread_mutex_unlock(&m))
		return (void *)1L;
	return NULL;
}

static void run(int proto, const char *name)
{
	struct pts_blocked o, w;
	pthread_mutexattr_t a;
	long r;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST) ||
	    pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("robust mutexes with protocol %d", proto);
	pthread_mutex_init(&m, &a);
	pthread_mutexattr_destroy(&a);
	got = release = 0;

	pts_start_blocked(&o, owner, NULL, SYS_read);
	pts_start_blocked(&w, waiter, NULL, SYS_futex);
	if (write(go[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	if (pts_join_long(o.t))
		PTS_UNRES("%s: the owner failed", name);
	pts_wait_flag(&got, "the waiter's EOWNERDEAD");
	PTS_EXPECT_ERR(pthread_mutex_trylock(&m), EBUSY,
		       "main's trylock while the waiter owns the recovered mutex");
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	r = pts_join_long(w.t);
	if (r >= 0x100)
		PTS_FAILED("%s: the waiter's timedlock returned %s, expected EOWNERDEAD",
			   name, r == 0x100 ? "0" : strerrorname_np((int)r - 0x100));
	if (r)
		PTS_FAILED("%s: consistent() or unlock failed", name);
	if (pthread_mutex_trylock(&m) || pthread_mutex_unlock(&m))
		PTS_FAILED("%s: the recovered mutex cannot be locked again", name);
	pthread_mutex_destroy(&m);
	printf("%s: the blocked timedlock got EOWNERDEAD\n", name);
}

int main(void)
{
	if (pipe(go))
		PTS_UNRES("pipe(): %s", strerror(errno));
	run(PTHREAD_PRIO_NONE, "robust");
	run(PTHREAD_PRIO_INHERIT, "robust PI");
	PTS_PASSED("a timed waiter gets EOWNERDEAD when the owning thread exits");
}
