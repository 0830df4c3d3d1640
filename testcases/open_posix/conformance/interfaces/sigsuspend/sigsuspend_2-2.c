// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigsuspend(): signals pending on the process that stay blocked in
 * sigmask "shall not become pending on the thread". SIGUSR2 is pending
 * for the process (ShdPnd); a thread suspends with sigmask {SIGUSR2}:
 * while it sleeps SIGUSR2 is not in its SigPnd; pthread_kill() SIGUSR1
 * ends the call (-1 EINTR, handler run) and SIGUSR2 is still pending for
 * the process, then taken once by sigwait().
 */
#include <pthread.h>

#include "pts_sigkit.h"

static volatile int tid;
static volatile sig_atomic_t ran;
static int ret, err;

static void handler(int sig)
{
	(void)sig;
	ran++;
}

static void *thread(void *arg)
{
	sigset_t m;

	(void)arg;
	sigemptyset(&m);
	sigaddset(&m, SIGUSR2);
	__atomic_store_n(&tid, pts_gettid(), __ATOMIC_RELEASE);
	ret = sigsuspend(&m);
	err = errno;
	return NULL;
}

int main(void)
{
	sigset_t set, two;
	pthread_t t;
	int sig;

	pts_catch(SIGUSR1, handler, 0);
	pts_catch(SIGUSR2, handler, 0);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGUSR2);
	if (!(pts_shared_pending(getpid()) & PTS_SIGBIT(SIGUSR2)))
		PTS_UNRES("SIGUSR2 not pending for the process");
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&tid, "the thread's id");
	pts_wait_in_syscall(tid, SYS_rt_sigsuspend);
	if (pts_task_mask(getpid(), tid, "SigPnd") & PTS_SIGBIT(SIGUSR2))
		PTS_FAILED("SIGUSR2 became pending on the suspended thread");
	pthread_kill(t, SIGUSR1);
	pthread_join(t, NULL);
	if (ret != -1 || err != EINTR || ran != 1)
		PTS_FAILED("sigsuspend() returned %d (%s), %d handler runs", ret,
			   strerror(err), (int)ran);
	if (!(pts_shared_pending(getpid()) & PTS_SIGBIT(SIGUSR2)))
		PTS_FAILED("SIGUSR2 no longer pending for the process");
	sigemptyset(&two);
	sigaddset(&two, SIGUSR2);
	if (sigwait(&two, &sig) || sig != SIGUSR2)
		PTS_FAILED("sigwait() did not take SIGUSR2");
	PTS_PASSED("process-pending SIGUSR2 stayed with the process");
}
