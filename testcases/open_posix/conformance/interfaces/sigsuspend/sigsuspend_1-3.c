// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigsuspend() replaces the calling thread's mask while it waits, so a
 * process-directed signal that every thread blocks except through that
 * temporary mask goes to the suspended thread: main and a second thread
 * block SIGUSR1, the second suspends with an empty mask; kill() of
 * SIGUSR1 to the process runs the handler once, in that thread, whose
 * sigsuspend() returns -1 EINTR with SIGUSR1 blocked again.
 */
#include <pthread.h>

#include "pts_sigkit.h"

static volatile int tid;
static volatile sig_atomic_t ran;
static pthread_t in;
static int ret, err, blocked_after;

static void handler(int sig)
{
	(void)sig;
	in = pthread_self();
	ran++;
}

static void *thread(void *arg)
{
	sigset_t none, m;

	(void)arg;
	sigemptyset(&none);
	__atomic_store_n(&tid, pts_gettid(), __ATOMIC_RELEASE);
	ret = sigsuspend(&none);
	err = errno;
	pthread_sigmask(SIG_BLOCK, NULL, &m);
	blocked_after = sigismember(&m, SIGUSR1);
	return NULL;
}

int main(void)
{
	pthread_t t;

	pts_catch(SIGUSR1, handler, 0);
	pts_mask1(SIG_BLOCK, SIGUSR1);
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&tid, "the thread's id");
	pts_wait_in_syscall(tid, SYS_rt_sigsuspend);
	kill(getpid(), SIGUSR1);
	pthread_join(t, NULL);
	if (ret != -1 || err != EINTR)
		PTS_FAILED("sigsuspend() returned %d (%s)", ret, strerror(err));
	if (ran != 1 || !pthread_equal(in, t))
		PTS_FAILED("%d handler runs, in the suspended thread %d", (int)ran,
			   ran && pthread_equal(in, t));
	if (!blocked_after)
		PTS_FAILED("the thread's mask was not restored");
	PTS_PASSED("the process signal went to the thread in sigsuspend()");
}
