// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigpause() (XSI) "shall" be a cancellation point (XSH 2.9.5.2). A
 * thread with SIGUSR1 and SIGUSR2 blocked calls sigpause(SIGUSR1) and
 * sleeps; a deferred cancel request ends the thread there:
 * PTHREAD_CANCELED, cleanup run, sigpause() never returned. A SIGUSR2
 * sent to the process afterwards is still blocked by main and pending
 * (the cancelled thread consumed nothing). (Deprecated in glibc;
 * warning silenced.)
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_cancel.h"

static void body(void *arg)
{
	(void)arg;
	sigpause(SIGUSR1);
}

int main(void)
{
	sigset_t b, p;

	sigemptyset(&b);
	sigaddset(&b, SIGUSR1);
	sigaddset(&b, SIGUSR2);
	pthread_sigmask(SIG_BLOCK, &b, NULL);
	pts_cancel_in_syscall(body, NULL, SYS_rt_sigsuspend, "sigpause()");
	kill(getpid(), SIGUSR2);
	sigpending(&p);
	if (sigismember(&p, SIGUSR2) != 1)
		PTS_FAILED("SIGUSR2 not pending for the process");
	PTS_PASSED("sigpause() is a cancellation point");
}
