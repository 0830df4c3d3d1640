// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwaitinfo(): returns the selected signal number and fills info with
 * its si_signo, si_code (SI_QUEUE) and si_value; for realtime signals the
 * lowest-numbered pending one is selected first, and multiple queued
 * instances of one signal come out in the order sent.
 */
#include "pts_helpers.h"

int main(void)
{
	sigset_t set;
	siginfo_t si;
	union sigval v;
	int i, s;
	static const struct { int sig, val; } want[] = {
		{ 0, 10 }, { 0, 11 }, { 2, 30 }, { 3, 40 },
	};

	sigemptyset(&set);
	for (i = 0; i < 4; i++)
		sigaddset(&set, SIGRTMIN + i);
	sigprocmask(SIG_BLOCK, &set, NULL);
	v.sival_int = 40;
	sigqueue(getpid(), SIGRTMIN + 3, v);
	v.sival_int = 10;
	sigqueue(getpid(), SIGRTMIN, v);
	v.sival_int = 30;
	sigqueue(getpid(), SIGRTMIN + 2, v);
	v.sival_int = 11;
	if (sigqueue(getpid(), SIGRTMIN, v))
		PTS_UNRES("sigqueue(): %m");
	for (i = 0; i < 4; i++) {
		memset(&si, 0, sizeof(si));
		s = sigwaitinfo(&set, &si);
		if (s != SIGRTMIN + want[i].sig)
			PTS_FAILED("take %d: signal %d, expected SIGRTMIN+%d", i, s,
				   want[i].sig);
		if (si.si_signo != s || si.si_code != SI_QUEUE ||
		    si.si_value.sival_int != want[i].val || si.si_pid != getpid())
			PTS_FAILED("take %d: signo %d code %d value %d pid %d", i,
				   si.si_signo, si.si_code, si.si_value.sival_int,
				   (int)si.si_pid);
	}
	PTS_PASSED("lowest realtime signal first, FIFO per signal, info filled");
}
