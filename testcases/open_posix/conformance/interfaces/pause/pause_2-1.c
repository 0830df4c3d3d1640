// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pause() "shall suspend the calling thread until delivery of a signal"
 * to that thread: in a multi-threaded process a signal delivered to
 * another thread does not end it. Thread P, with SIGUSR1 blocked and
 * SIGUSR2 not, sleeps in pause(); SIGUSR1, sent to the process (kill()), can only be delivered
 * to thread Q (main blocks it too), whose handler runs and whose
 * blocking read() ends with [EINTR]; P is still asleep in pause() after
 * that (its call has not returned). A SIGUSR2 sent to P with
 * pthread_kill() then ends P's pause() with -1 and [EINTR], after its
 * handler ran in P.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile int ptid, qtid, p_ret, q_done, usr1_tid, usr2_tid;
static int pp[2];

static void h(int sig)
{
	if (sig == SIGUSR1)
		usr1_tid = pts_gettid();
	else
		usr2_tid = pts_gettid();
}

static void *pauser(void *arg)
{
	sigset_t s;
	int r;

	(void)arg;
	/* SIGUSR1 stays blocked (inherited from main), SIGUSR2 is let in */
	sigemptyset(&s);
	sigaddset(&s, SIGUSR2);
	pthread_sigmask(SIG_UNBLOCK, &s, NULL);
	ptid = pts_gettid();
	r = pause();
	p_ret = r == -1 && errno == EINTR ? 1 : 2;
	return NULL;
}

static void *reader(void *arg)
{
	sigset_t s;
	char c;

	(void)arg;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	pthread_sigmask(SIG_UNBLOCK, &s, NULL);
	qtid = pts_gettid();
	if (read(pp[0], &c, 1) == -1 && errno == EINTR)
		q_done = 1;
	else
		q_done = 2;
	return NULL;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = h };
	pthread_t p, q;
	sigset_t s;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	sigaddset(&s, SIGUSR2);
	pthread_sigmask(SIG_BLOCK, &s, NULL);	/* main takes neither */
	if (pipe(pp))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pthread_create(&p, NULL, pauser, NULL);
	pthread_create(&q, NULL, reader, NULL);
	pts_wait_flag(&ptid, "the pausing thread");
	pts_wait_flag(&qtid, "the reading thread");
	pts_wait_in_either(ptid, SYS_pause, SYS_rt_sigsuspend);
	pts_wait_in_syscall(qtid, SYS_read);
	kill(getpid(), SIGUSR1);
	pthread_join(q, NULL);
	if (q_done != 1 || usr1_tid != qtid)
		PTS_FAILED("SIGUSR1 not handled by the reading thread (read %d, handler in %d, reader %d)",
			   q_done, usr1_tid, qtid);
	if (p_ret)
		PTS_FAILED("pause() in the other thread returned on a signal delivered to the reader");
	pts_wait_in_either(ptid, SYS_pause, SYS_rt_sigsuspend);
	pthread_kill(p, SIGUSR2);
	pthread_join(p, NULL);
	if (p_ret != 1)
		PTS_FAILED("pause() did not return -1 EINTR on its own signal");
	if (usr2_tid != ptid)
		PTS_FAILED("SIGUSR2's handler ran in %d, not the pausing thread %d",
			   usr2_tid, ptid);
	PTS_PASSED("pause() ends only on a signal delivered to its own thread");
}
