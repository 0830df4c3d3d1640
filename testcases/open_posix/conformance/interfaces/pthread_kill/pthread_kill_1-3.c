// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_kill() directs the signal to one thread: of two threads in
 * sigwait() for SIGUSR1 (blocked everywhere), the target returns it and
 * the other stays asleep in rt_sigtimedwait; the process has nothing
 * pending. A second pthread_kill() to the other thread releases it.
 */
#include <pthread.h>

#include "pts_sigkit.h"

static sigset_t set;
static volatile int tids[2], done[2];
static int got[2];

static void *thread(void *arg)
{
	long i = (long)arg;
	int sig = 0;

	__atomic_store_n(&tids[i], pts_gettid(), __ATOMIC_RELEASE);
	if (sigwait(&set, &sig) == 0)
		got[i] = sig;
	__atomic_store_n(&done[i], 1, __ATOMIC_RELEASE);
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	long i;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (i = 0; i < 2; i++) {
		if (pthread_create(&t[i], NULL, thread, (void *)i))
			PTS_UNRES("pthread_create() failed");
	}
	for (i = 0; i < 2; i++) {
		pts_wait_flag(&tids[i], "a waiter's id");
		pts_wait_in_syscall(tids[i], SYS_rt_sigtimedwait);
	}
	if (pthread_kill(t[1], SIGUSR1))
		PTS_UNRES("pthread_kill() failed");
	pthread_join(t[1], NULL);
	if (got[1] != SIGUSR1)
		PTS_FAILED("the target's sigwait() returned signal %d", got[1]);
	pts_wait_in_syscall(tids[0], SYS_rt_sigtimedwait);
	if (__atomic_load_n(&done[0], __ATOMIC_ACQUIRE))
		PTS_FAILED("the other thread returned too");
	if (pts_shared_pending(getpid()) ||
	    pts_task_mask(getpid(), tids[0], "SigPnd"))
		PTS_FAILED("a signal is left pending");
	pthread_kill(t[0], SIGUSR1);
	pthread_join(t[0], NULL);
	if (got[0] != SIGUSR1)
		PTS_FAILED("the second target's sigwait() returned %d", got[0]);
	PTS_PASSED("only the target thread's sigwait() returned");
}
