// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigqueue() to a blocked real-time signal queues it with its value, for
 * every signal from SIGRTMIN to SIGRTMAX: three values per signal, sent
 * highest signal first, are all pending; sigwaitinfo() then takes them
 * lowest signal first and, per signal, in the order sent, each with
 * si_signo, si_code SI_QUEUE, si_pid, si_uid and its own si_value.
 */
#include "pts_helpers.h"

int main(void)
{
	int n = SIGRTMAX - SIGRTMIN + 1, s, k, got;
	union sigval v;
	siginfo_t si;
	sigset_t set;
	struct timespec zero = { 0, 0 };

	sigemptyset(&set);
	for (s = SIGRTMIN; s <= SIGRTMAX; s++)
		sigaddset(&set, s);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (s = SIGRTMAX; s >= SIGRTMIN; s--)
		for (k = 0; k < 3; k++) {
			v.sival_int = s * 100 + k;
			if (sigqueue(getpid(), s, v))
				PTS_UNRES("sigqueue(%d): %s", s, strerror(errno));
		}
	for (s = SIGRTMIN; s <= SIGRTMAX; s++)
		for (k = 0; k < 3; k++) {
			got = sigwaitinfo(&set, &si);
			if (got != s || si.si_signo != s)
				PTS_FAILED("took signal %d (si_signo %d), expected %d",
					   got, si.si_signo, s);
			if (si.si_code != SI_QUEUE || si.si_pid != getpid() ||
			    si.si_uid != getuid())
				PTS_FAILED("signal %d: si_code %d pid %d uid %d",
					   s, si.si_code, (int)si.si_pid,
					   (int)si.si_uid);
			if (si.si_value.sival_int != s * 100 + k)
				PTS_FAILED("signal %d instance %d: value %d, expected %d",
					   s, k, si.si_value.sival_int, s * 100 + k);
		}
	if (sigtimedwait(&set, &si, &zero) != -1 || errno != EAGAIN)
		PTS_FAILED("a signal is left pending after %d were taken", 3 * n);
	PTS_PASSED("%d real-time signals x 3 values, lowest first, FIFO per signal, all fields", n);
}
