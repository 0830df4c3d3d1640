// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * raise() in a multi-threaded process is pthread_kill(pthread_self(),
 * sig): the signal is for the calling thread only. A thread raises
 * SIGUSR1 while it blocks SIGUSR1 and main does not (a handler is
 * installed): the signal is not delivered to main (the handler has not
 * run, main's sigpending() does not show it) but stays pending for the
 * thread (its sigpending() shows it, /proc ShdPnd of the process not);
 * when the thread unblocks it, the handler runs once, in that thread,
 * before pthread_sigmask() returns.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile int calls;
static volatile pid_t in_tid;
static volatile int raised, checked;

static void on_usr1(int sig)
{
	(void)sig;
	calls++;
	in_tid = pts_gettid();
}

static void *thread(void *arg)
{
	long *verdict = arg;
	sigset_t set, pend;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	if (raise(SIGUSR1)) {
		*verdict = PTS_UNRESOLVED;
		return NULL;
	}
	sigpending(&pend);
	if (!sigismember(&pend, SIGUSR1)) {
		printf("the raised SIGUSR1 is not pending for the raising thread\n");
		*verdict = PTS_FAIL;
	}
	__atomic_store_n(&raised, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&checked, "main's checks");
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	if (calls != 1 || in_tid != pts_gettid()) {
		printf("after unblocking: %d calls, last in tid %d; expected 1 in %d\n",
		       calls, (int)in_tid, (int)pts_gettid());
		*verdict = PTS_FAIL;
	}
	return NULL;
}

int main(void)
{
	struct sigaction sa;
	long verdict = PTS_PASS;
	unsigned long long shd;
	sigset_t pend;
	pthread_t th;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %m");
	if (pthread_create(&th, NULL, thread, &verdict))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&raised, "the thread's raise()");
	if (sigpending(&pend))
		PTS_UNRES("sigpending(): %m");
	shd = pts_shared_pending(getpid());
	if (calls)
		PTS_FAILED("the handler ran (in tid %d) though only the raising thread may take it",
			   (int)in_tid);
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("the thread's raised SIGUSR1 is pending for main");
	if (shd & (1ULL << (SIGUSR1 - 1)))
		PTS_FAILED("the raised SIGUSR1 is pending for the whole process (ShdPnd %llx)",
			   shd);
	__atomic_store_n(&checked, 1, __ATOMIC_RELEASE);
	pthread_join(th, NULL);
	if (verdict != PTS_PASS)
		PTS_EXIT((int)verdict, "Test %s: see above",
			 verdict == PTS_FAIL ? "FAILED" : "UNRESOLVED");
	PTS_PASSED("raise() in a thread targets that thread only");
}
