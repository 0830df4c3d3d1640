// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigsuspend() has no successful return: it "shall return after the
 * signal-catching function returns" with -1 and [EINTR], also when the
 * handler was installed with SA_RESTART (which restarts only calls
 * that would otherwise fail with [EINTR], not one specified to return
 * after the handler). Main waits in sigsuspend() with an empty mask
 * while SIGUSR1 and SIGRTMIN+1 are blocked; a second thread, once main
 * sleeps in rt_sigsuspend, sends it one of them (SA_RESTART, and
 * SA_RESTART | SA_SIGINFO): each time sigsuspend() returns -1 with
 * EINTR after exactly one run of the handler, and the mask is again
 * {SIGUSR1, SIGRTMIN+1}.
 */
#include <pthread.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

static volatile int hits;
static pid_t main_tid;
static pthread_t main_thr;
static int to_send;

static void h(int sig)
{
	(void)sig;
	hits++;
}

static void hi(int sig, siginfo_t *si, void *uc)
{
	(void)si;
	(void)uc;
	h(sig);
}

static void *sender(void *arg)
{
	(void)arg;
	pts_wait_in_syscall(main_tid, SYS_rt_sigsuspend);
	pthread_kill(main_thr, to_send);
	return NULL;
}

static void one(int sig)
{
	unsigned long long want = PTS_SIGBIT(SIGUSR1) | PTS_SIGBIT(SIGRTMIN + 1);
	sigset_t empty;
	pthread_t t;
	int r, e;

	hits = 0;
	to_send = sig;
	if (pthread_create(&t, NULL, sender, NULL))
		PTS_UNRES("pthread_create()");
	sigemptyset(&empty);
	r = sigsuspend(&empty);
	e = errno;
	pthread_join(t, NULL);
	if (r != -1 || e != EINTR)
		PTS_FAILED("sigsuspend() for signal %d returned %d, %s", sig, r,
			   strerrorname_np(e) ?: "0");
	if (hits != 1)
		PTS_FAILED("signal %d: handler ran %d times", sig, hits);
	if (pts_task_mask(getpid(), main_tid, "SigBlk") != want)
		PTS_FAILED("signal %d: mask not restored", sig);
}

int main(void)
{
	struct sigaction sa;

	main_tid = pts_gettid();
	main_thr = pthread_self();
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = h;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, NULL);
	sa.sa_sigaction = hi;
	sa.sa_flags = SA_RESTART | SA_SIGINFO;
	sigaction(SIGRTMIN + 1, &sa, NULL);
	pts_mask1(SIG_BLOCK, SIGUSR1);
	pts_mask1(SIG_BLOCK, SIGRTMIN + 1);
	one(SIGUSR1);
	one(SIGRTMIN + 1);
	PTS_PASSED("-1/EINTR after one handler run despite SA_RESTART");
}
