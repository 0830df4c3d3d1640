// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigqueue(): "If the value of pid causes signo to be generated for the
 * sending process, and if signo is not blocked for the calling thread
 * and if no other thread has signo unblocked or is waiting in a sigwait()
 * function for signo, either signo or at least one pending unblocked
 * signal shall be delivered to the calling thread before the sigqueue()
 * function returns." The handler has run with the value sent (an int,
 * then a pointer) when sigqueue() to the own pid returns, for a realtime
 * and for a standard signal.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t ran;
static siginfo_t last;

static void handler(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)uc;
	last = *info;
	ran++;
}

int main(void)
{
	static int target;
	int sigs[2] = { SIGRTMIN + 4, SIGUSR2 }, i;
	struct sigaction sa;
	union sigval v;
	sigset_t set;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);
	for (i = 0; i < 2; i++) {
		if (sigaction(sigs[i], &sa, NULL))
			PTS_UNRES("sigaction(): %s", strerror(errno));
		ran = 0;
		v.sival_int = 1000 + i;
		if (sigqueue(getpid(), sigs[i], v))
			PTS_UNRES("sigqueue(): %s", strerror(errno));
		printf("signal %d: handler runs at return %d, si_code %d, value %d\n",
		       sigs[i], (int)ran, last.si_code, last.si_value.sival_int);
		if (ran != 1)
			PTS_FAILED("signal %d not delivered before sigqueue() returned",
				   sigs[i]);
		if (last.si_signo != sigs[i] || last.si_code != SI_QUEUE ||
		    last.si_value.sival_int != 1000 + i)
			PTS_FAILED("signal %d: wrong info", sigs[i]);
		ran = 0;
		v.sival_ptr = &target;
		if (sigqueue(getpid(), sigs[i], v))
			PTS_UNRES("sigqueue(): %s", strerror(errno));
		if (ran != 1 || last.si_value.sival_ptr != &target)
			PTS_FAILED("signal %d: pointer value not delivered at once",
				   sigs[i]);
	}
	PTS_PASSED("sigqueue() to oneself delivers with the value before returning");
}
