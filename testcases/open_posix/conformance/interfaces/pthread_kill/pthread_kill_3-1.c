// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_kill() generates the signal for the given thread: while that
 * thread blocks it, it is pending for that thread (its sigpending()
 * shows it) and not for the sender, which blocks it too. A standard
 * signal sent twice while pending is delivered once; a realtime signal
 * sent twice is queued and delivered twice. Once the target unblocks
 * them, the handlers run in the target thread.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define RTSIG (SIGRTMIN + 1)

static pthread_t target;
static volatile sig_atomic_t n_std, n_rt, wrong_thread;
static int p[2];
static sigset_t t_pend, t_after;

static void handler(int sig)
{
	if (!pthread_equal(pthread_self(), target))
		wrong_thread++;
	if (sig == SIGUSR1)
		n_std++;
	else
		n_rt++;
}

static void *target_fn(void *arg)
{
	sigset_t s;
	char c;

	(void)arg;
	if (read(p[0], &c, 1) != 1)
		return NULL;
	sigpending(&t_pend);
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	sigaddset(&s, RTSIG);
	pthread_sigmask(SIG_UNBLOCK, &s, NULL);
	/* every system call's return delivers what is pending and unblocked */
	sigpending(&t_after);
	sigpending(&t_after);
	return NULL;
}

int main(void)
{
	struct sigaction sa;
	sigset_t s, pend;
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(RTSIG, &sa, NULL);
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	sigaddset(&s, RTSIG);
	pthread_sigmask(SIG_BLOCK, &s, NULL);
	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pthread_create(&target, NULL, target_fn, NULL);
	for (i = 0; i < 2; i++) {
		if (pthread_kill(target, SIGUSR1) || pthread_kill(target, RTSIG))
			PTS_FAILED("pthread_kill() failed");
	}
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1) || sigismember(&pend, RTSIG))
		PTS_FAILED("a signal sent to another thread is pending for the sender");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pthread_join(target, NULL);
	if (!sigismember(&t_pend, SIGUSR1) || !sigismember(&t_pend, RTSIG))
		PTS_FAILED("the signals were not pending for the target thread");
	if (sigismember(&t_after, SIGUSR1) || sigismember(&t_after, RTSIG))
		PTS_FAILED("signals still pending after the target unblocked them");
	printf("handled in target: SIGUSR1 %d time(s), SIGRTMIN+1 %d time(s), elsewhere %d\n",
	       n_std, n_rt, wrong_thread);
	if (wrong_thread)
		PTS_FAILED("a handler ran in a thread other than the target");
	if (n_std != 1)
		PTS_FAILED("SIGUSR1 sent twice while pending handled %d times, expected 1",
			   n_std);
	if (n_rt != 2)
		PTS_FAILED("SIGRTMIN+1 sent twice handled %d times, expected 2",
			   n_rt);
	PTS_PASSED("pending per thread, standard not queued, realtime queued, handled in the target");
}
