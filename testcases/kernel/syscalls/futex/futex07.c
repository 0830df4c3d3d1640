// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Private futexes between the threads of one process (keyed by the mm
 * and the address, no page lookup):
 * - four threads asleep in FUTEX_WAIT_PRIVATE: FUTEX_WAKE_PRIVATE(1)
 *   returns 1 and exactly one thread returns (0) from its wait, the
 *   others stay asleep; FUTEX_WAKE_PRIVATE(INT_MAX) returns 3 and ends
 *   them all;
 * - the main thread asleep in FUTEX_WAIT_PRIVATE is woken by another
 *   thread's FUTEX_WAKE_PRIVATE, which counts one waiter;
 * - a thread asleep in futex_waitv() on two private words
 *   (FUTEX_PRIVATE_FLAG in each waiter) returns the index of the word a
 *   FUTEX_WAKE_PRIVATE hit (1, then 0 in a second round).
 * Syscalls: futex, futex_waitv
 */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include "futex_helpers.h"
#include "lapi/futex.h"

#define THREADS 4

static uint32_t words[2];
static atomic_int tids[THREADS], done, waitv_tid;
static long results[THREADS];
static pid_t main_tid;

static void thread_start(pthread_t *th, void *(*fn)(void *), void *arg)
{
	int ret = pthread_create(th, NULL, fn, arg);

	if (ret)
		tst_brk(TBROK, "pthread_create(): %s", strerror(ret));
}

static void *thread_join(pthread_t th)
{
	void *ret;
	int err = pthread_join(th, &ret);

	if (err)
		tst_brk(TBROK, "pthread_join(): %s", strerror(err));
	return ret;
}

/* Wait (bounded) until at least n threads have left their wait. */
static int wait_done(int n)
{
	double deadline = mono_now() + 10 * tst_timeout_mul();

	while (atomic_load(&done) < n && mono_now() < deadline)
		usleep(1000);
	return atomic_load(&done);
}

static void *waiter(void *arg)
{
	long i = (long)arg;

	atomic_store(&tids[i], gettid());
	results[i] = sys_futex(&words[0], FUTEX_WAIT_PRIVATE, 0, NULL, NULL,
			       0);
	atomic_fetch_add(&done, 1);
	return NULL;
}

static void wake_threads(void)
{
	pthread_t th[THREADS];
	long i;
	int n, ok = 0;

	words[0] = 0;
	atomic_store(&done, 0);
	for (i = 0; i < THREADS; i++) {
		atomic_store(&tids[i], 0);
		results[i] = -2;
		thread_start(&th[i], waiter, (void *)i);
	}
	for (i = 0; i < THREADS; i++) {
		while (!atomic_load(&tids[i]))
			usleep(1000);
		wait_task_state(getpid(), atomic_load(&tids[i]), "S");
	}

	TST_EXP_VAL(sys_futex(&words[0], FUTEX_WAKE_PRIVATE, 1, NULL, NULL,
			      0), 1, "FUTEX_WAKE_PRIVATE(1) with 4 waiters");
	n = wait_done(1);
	TST_EXP_EQ_LI(n, 1);
	TST_EXP_VAL(sys_futex(&words[0], FUTEX_WAKE_PRIVATE, INT_MAX, NULL,
			      NULL, 0), THREADS - 1,
		    "FUTEX_WAKE_PRIVATE(INT_MAX) wakes the rest");
	for (i = 0; i < THREADS; i++) {
		thread_join(th[i]);
		ok += !results[i];
	}
	TST_EXP_EQ_LI(ok, THREADS);
}

static void *waker(void *arg)
{
	(void)arg;
	wait_task_state(getpid(), main_tid, "S");
	return (void *)sys_futex(&words[0], FUTEX_WAKE_PRIVATE, 1, NULL, NULL,
				 0);
}

static void thread_wakes_main(void)
{
	pthread_t th;
	void *woken;

	words[0] = 0;
	main_tid = gettid();
	thread_start(&th, waker, NULL);
	TST_EXP_PASS(sys_futex(&words[0], FUTEX_WAIT_PRIVATE, 0, NULL, NULL,
			       0), "main thread's FUTEX_WAIT_PRIVATE");
	woken = thread_join(th);
	TST_EXP_EQ_LI((long)woken, 1);
}

static void *waitv_thread(void *arg)
{
	struct kwaitv w[2];
	int i;

	(void)arg;
	memset(w, 0, sizeof(w));
	for (i = 0; i < 2; i++) {
		w[i].uaddr = (uintptr_t)&words[i];
		w[i].val = 0;
		w[i].flags = FUTEX2_SIZE_U32 | FUTEX_PRIVATE_FLAG;
	}
	atomic_store(&waitv_tid, gettid());
	return (void *)tst_syscall(__NR_futex_waitv, w, 2, 0, NULL, 0);
}

static void waitv_private(void)
{
	pthread_t th;
	void *ret;
	int round;

	for (round = 1; round >= 0; round--) {
		words[0] = words[1] = 0;
		atomic_store(&waitv_tid, 0);
		thread_start(&th, waitv_thread, NULL);
		while (!atomic_load(&waitv_tid))
			usleep(1000);
		wait_task_state(getpid(), atomic_load(&waitv_tid), "S");
		TST_EXP_VAL(sys_futex(&words[round], FUTEX_WAKE_PRIVATE, 1,
				      NULL, NULL, 0), 1,
			    "FUTEX_WAKE_PRIVATE on word %d", round);
		ret = thread_join(th);
		TST_EXP_EQ_LI((long)ret, round);
	}
}

static void (*const cases[])(void) = {
	wake_threads,
	thread_wakes_main,
	waitv_private,
};

static void run(unsigned int n)
{
	cases[n]();
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(cases),
	.test = run,
};
