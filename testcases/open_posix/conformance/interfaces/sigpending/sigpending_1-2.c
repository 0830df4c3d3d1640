// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigpending() stores the signals blocked from delivery to the calling
 * thread that are pending "on the process or the calling thread" and no
 * others. Both threads block SIGUSR1, SIGUSR2 and SIGRTMIN; SIGUSR1 is
 * sent to the second thread, SIGUSR2 to main (pthread_kill()), SIGRTMIN
 * to the process: main reads {SIGUSR2, SIGRTMIN}, the second thread
 * {SIGUSR1, SIGRTMIN}, matching the kernel's SigPnd and ShdPnd.
 */
#include <pthread.h>

#include "pts_sigkit.h"

static volatile int tid, go;
static sigset_t in_thread;

static void *thread(void *arg)
{
	(void)arg;
	__atomic_store_n(&tid, pts_gettid(), __ATOMIC_RELEASE);
	pts_wait_flag(&go, "main's signals");
	sigpending(&in_thread);
	return NULL;
}

static int exactly(const sigset_t *s, int a, int b)
{
	int sig;

	for (sig = 1; sig < SIGRTMAX; sig++) {
		if (sigismember(s, sig) != (sig == a || sig == b))
			return 0;
	}
	return 1;
}

int main(void)
{
	sigset_t set, mine;
	pthread_t t;
	pid_t me = getpid();

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&tid, "the thread's id");
	pthread_kill(t, SIGUSR1);
	pthread_kill(pthread_self(), SIGUSR2);
	kill(me, SIGRTMIN);
	if (pts_task_mask(me, tid, "SigPnd") != PTS_SIGBIT(SIGUSR1) ||
	    pts_task_mask(me, me, "SigPnd") != PTS_SIGBIT(SIGUSR2) ||
	    pts_shared_pending(me) != PTS_SIGBIT(SIGRTMIN))
		PTS_UNRES("the kernel did not queue the signals as sent");
	sigpending(&mine);
	__atomic_store_n(&go, 1, __ATOMIC_RELEASE);
	pthread_join(t, NULL);
	if (!exactly(&mine, SIGUSR2, SIGRTMIN))
		PTS_FAILED("main's sigpending() is not {SIGUSR2, SIGRTMIN}");
	if (!exactly(&in_thread, SIGUSR1, SIGRTMIN))
		PTS_FAILED("the thread's sigpending() is not {SIGUSR1, SIGRTMIN}");
	PTS_PASSED("each thread sees its own and the process's pending signals");
}
