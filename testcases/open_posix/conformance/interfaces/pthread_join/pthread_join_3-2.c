// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_join(): "When a pthread_join() returns successfully, the target
 * thread has been terminated", and termination includes its
 * thread-specific data destructors (which pthread_exit() runs after the
 * cleanup handlers). The target's destructor blocks in read() on a pipe;
 * the joiner (main) must stay in the kernel (futex) meanwhile: a thread
 * that checks the join has not returned sees main still asleep in it.
 * Once the destructor is let go and finishes, the join returns 0 with
 * the exit value, and the destructor's last step is visible.
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_key_t key;
static int p[2];
static volatile int in_dtor, dtor_done, joined;
static volatile pid_t main_tid;

static void dtor(void *v)
{
	char c;

	(void)v;
	__atomic_store_n(&in_dtor, 1, __ATOMIC_RELEASE);
	if (read(p[0], &c, 1) == 1)
		__atomic_store_n(&dtor_done, 1, __ATOMIC_RELEASE);
}

static void *target(void *arg)
{
	(void)arg;
	pthread_setspecific(key, &key);
	pthread_exit((void *)7L);
}

static void *watcher(void *arg)
{
	(void)arg;
	pts_wait_flag(&in_dtor, "the destructor to start");
	/* the destructor sleeps in read(): main must still be joining */
	pts_wait_in_syscall(main_tid, SYS_futex);
	if (__atomic_load_n(&joined, __ATOMIC_ACQUIRE))
		return (void *)1L;
	if (write(p[1], "x", 1) != 1)
		return (void *)2L;
	return NULL;
}

int main(void)
{
	pthread_t t, w;
	void *v;
	long r;
	int err;

	if (pipe(p) || pthread_key_create(&key, dtor))
		PTS_UNRES("pipe() or pthread_key_create()");
	main_tid = pts_gettid();
	pthread_create(&t, NULL, target, NULL);
	pthread_create(&w, NULL, watcher, NULL);
	err = pthread_join(t, &v);
	__atomic_store_n(&joined, 1, __ATOMIC_RELEASE);
	if (err)
		PTS_FAILED("pthread_join() returned %s", strerrorname_np(err));
	if (!__atomic_load_n(&dtor_done, __ATOMIC_ACQUIRE))
		PTS_FAILED("pthread_join() returned before the target's destructor finished");
	if (v != (void *)7L)
		PTS_FAILED("exit value %p, expected 7", v);
	r = pts_join_long(w);
	if (r == 1)
		PTS_FAILED("the join had returned while the destructor ran");
	if (r)
		PTS_UNRES("the watcher's write failed");
	PTS_PASSED("the join waited for the target's destructors to finish");
}
