// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigsuspend() "shall" be a cancellation point (XSH 2.9.5.2). A thread
 * with SIGUSR1 blocked waits in sigsuspend() with a mask that also
 * blocks SIGUSR1 (only another signal could end it); a deferred cancel
 * request ends the thread there: PTHREAD_CANCELED, cleanup run,
 * sigsuspend() never returned. The main thread's signal mask is not
 * touched by the cancelled thread's temporary one (SIGUSR2 still
 * unblocked in main, SIGUSR1 still blocked).
 */
#include "pts_cancel.h"

static void body(void *arg)
{
	sigset_t s;

	(void)arg;
	sigfillset(&s);
	sigdelset(&s, SIGTERM);
	sigsuspend(&s);
}

int main(void)
{
	sigset_t b, m;

	sigemptyset(&b);
	sigaddset(&b, SIGUSR1);
	pthread_sigmask(SIG_SETMASK, &b, NULL);	/* inherited by the thread */
	pts_cancel_in_syscall(body, NULL, SYS_rt_sigsuspend, "sigsuspend()");
	pthread_sigmask(SIG_BLOCK, NULL, &m);
	if (sigismember(&m, SIGUSR1) != 1 || sigismember(&m, SIGUSR2))
		PTS_FAILED("main's mask changed by the cancelled thread's sigsuspend()");
	PTS_PASSED("sigsuspend() is a cancellation point");
}
