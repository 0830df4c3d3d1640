// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill(): "If the value of pid causes sig to be generated for the
 * sending process, and if sig is not blocked for the calling thread and
 * if no other thread has sig unblocked or is waiting in a sigwait()
 * function for sig, either sig or at least one pending unblocked signal
 * shall be delivered to the sending thread before kill() returns." In a
 * single-threaded process kill(getpid(), SIGUSR1) runs the handler
 * before kill() returns, kill(0, SIGUSR2) to the own group likewise;
 * a blocked signal stays pending; signal 0 delivers nothing.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t ran1, ran2;

static void handler(int sig)
{
	if (sig == SIGUSR1)
		ran1++;
	else
		ran2++;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, pend;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);

	if (kill(getpid(), 0) || ran1 || ran2)
		PTS_FAILED("signal 0 failed or delivered something");
	if (kill(getpid(), SIGUSR1))
		PTS_UNRES("kill(getpid()): %s", strerror(errno));
	printf("SIGUSR1 handler runs when kill() returned: %d\n", (int)ran1);
	if (ran1 != 1)
		PTS_FAILED("the handler had not run when kill(getpid()) returned");

	if (setpgid(0, 0))
		PTS_UNRES("setpgid(): %s", strerror(errno));
	if (kill(0, SIGUSR2))
		PTS_UNRES("kill(0): %s", strerror(errno));
	printf("SIGUSR2 handler runs when kill(0) returned: %d\n", (int)ran2);
	if (ran2 != 1)
		PTS_FAILED("the handler had not run when kill(0) returned");

	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (kill(getpid(), SIGUSR1))
		PTS_UNRES("kill(): %s", strerror(errno));
	sigpending(&pend);
	if (ran1 != 1 || !sigismember(&pend, SIGUSR1))
		PTS_FAILED("a blocked SIGUSR1 was delivered or not pending");
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	if (ran1 != 2)
		PTS_FAILED("the pending SIGUSR1 not delivered on unblocking");
	PTS_PASSED("a signal to oneself is delivered before kill() returns");
}
