// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwait(): when several threads wait for the same signal, "no more
 * than one of these threads shall return from sigwait() with the signal
 * number". Two threads in sigwait(SIGUSR1); one kill(): exactly one of
 * them returns, the other is (again) asleep in rt_sigtimedwait and
 * nothing is pending; a second kill() releases the other. Each returned
 * SIGUSR1 once.
 */
#include <pthread.h>

#include "pts_sigkit.h"

static sigset_t set;
static volatile int tids[2], got[2], done[2], returned;

static void *thread(void *arg)
{
	long i = (long)arg;
	int sig = 0;

	__atomic_store_n(&tids[i], pts_gettid(), __ATOMIC_RELEASE);
	if (sigwait(&set, &sig) == 0)
		got[i] = sig;
	done[i] = 1;
	__atomic_add_fetch(&returned, 1, __ATOMIC_ACQ_REL);
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	long i;
	int first;

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
	kill(getpid(), SIGUSR1);
	pts_wait_flag(&returned, "a waiter to return");
	first = done[0] ? 0 : 1;
	pthread_join(t[first], NULL);
	pts_wait_in_syscall(tids[!first], SYS_rt_sigtimedwait);
	if (__atomic_load_n(&returned, __ATOMIC_ACQUIRE) != 1 || done[!first])
		PTS_FAILED("both waiters returned for one SIGUSR1");
	if (pts_shared_pending(getpid()) & PTS_SIGBIT(SIGUSR1))
		PTS_FAILED("SIGUSR1 still pending though a waiter took it");
	kill(getpid(), SIGUSR1);
	pthread_join(t[!first], NULL);
	if (got[0] != SIGUSR1 || got[1] != SIGUSR1)
		PTS_FAILED("signals returned: %d and %d", got[0], got[1]);
	PTS_PASSED("one waiter per SIGUSR1, the other asleep until the next");
}
