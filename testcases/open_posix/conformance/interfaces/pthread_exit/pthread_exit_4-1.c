// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_exit(): thread termination releases no process resources
 * visible to the application, mutexes and file descriptors included,
 * and runs no process-level cleanup such as atexit() handlers. A thread
 * locks a mutex, opens a pipe, registers an atexit() handler and calls
 * pthread_exit(): after the join the mutex is still locked (trylock
 * EBUSY, and a thread locking it sleeps in the kernel's futex), both
 * pipe ends still work (data written and read back), and the atexit()
 * handler has not run.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int fds[2] = { -1, -1 };
static volatile int atexit_ran, locker_tid;

static void at_exit(void)
{
	atexit_ran = 1;
}

static void *owner(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(&m) || pipe(fds) || atexit(at_exit))
		pthread_exit((void *)1L);
	pthread_exit((void *)2L);
}

static void *locker(void *arg)
{
	(void)arg;
	locker_tid = pts_gettid();
	pthread_mutex_lock(&m);
	return NULL;
}

int main(void)
{
	pthread_t t, l;
	char buf[4] = "";
	void *r;
	int err;

	if (pthread_create(&t, NULL, owner, NULL) || pthread_join(t, &r))
		PTS_UNRES("pthread_create/join");
	if (r != (void *)2L)
		PTS_UNRES("the thread's set-up failed");
	if (atexit_ran)
		PTS_FAILED("the atexit() handler ran at pthread_exit()");
	err = pthread_mutex_trylock(&m);
	if (err != EBUSY)
		PTS_FAILED("trylock of the mutex the exited thread held: %d, not EBUSY",
			   err);
	if (fcntl(fds[0], F_GETFD) < 0 || fcntl(fds[1], F_GETFD) < 0)
		PTS_FAILED("the exited thread's pipe descriptors were closed: %s",
			   strerror(errno));
	if (write(fds[1], "abc", 3) != 3 || read(fds[0], buf, 3) != 3 ||
	    memcmp(buf, "abc", 3))
		PTS_FAILED("the exited thread's pipe does not carry data");
	if (pthread_create(&l, NULL, locker, NULL))
		PTS_UNRES("pthread_create(locker)");
	pts_wait_flag(&locker_tid, "the locker's start");
	pts_wait_in_syscall(locker_tid, SYS_futex);
	if (atexit_ran)
		PTS_FAILED("the atexit() handler ran before the process exit");
	/* the locker stays asleep; exit() ends it with the process */
	PTS_PASSED("mutex still held, pipe open, atexit() handler not run after pthread_exit()");
}
