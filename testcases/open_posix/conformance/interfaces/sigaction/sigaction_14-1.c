// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction() and the realtime signals: there are at least
 * _POSIX_RTSIG_MAX (8) signal numbers from SIGRTMIN to SIGRTMAX, and
 * sysconf(_SC_RTSIG_MAX) reports at least that many; each of them can be
 * caught with SA_SIGINFO, its handler getting its own number in
 * si_signo and SI_USER for a kill() to the calling process.
 */
#include <limits.h>
#include "pts_helpers.h"

static volatile sig_atomic_t seen[_NSIG];
static volatile int codes[_NSIG];

static void handler(int sig, siginfo_t *info, void *uc)
{
	(void)uc;
	if (info->si_signo == sig && sig > 0 && sig < _NSIG) {
		seen[sig]++;
		codes[sig] = info->si_code;
	}
}

int main(void)
{
	struct sigaction sa;
	sigset_t set;
	long max = sysconf(_SC_RTSIG_MAX);
	int n = SIGRTMAX - SIGRTMIN + 1, s;

	printf("SIGRTMIN %d SIGRTMAX %d (%d signals), _SC_RTSIG_MAX %ld\n",
	       SIGRTMIN, SIGRTMAX, n, max);
	if (n < _POSIX_RTSIG_MAX)
		PTS_FAILED("only %d realtime signals", n);
	if (max != -1 && max < _POSIX_RTSIG_MAX)
		PTS_FAILED("_SC_RTSIG_MAX %ld below %d", max, _POSIX_RTSIG_MAX);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);
	for (s = SIGRTMIN; s <= SIGRTMAX; s++) {
		if (sigaction(s, &sa, NULL))
			PTS_FAILED("sigaction(%d): %s", s, strerror(errno));
		if (kill(getpid(), s))
			PTS_UNRES("kill(%d): %s", s, strerror(errno));
		if (seen[s] != 1)
			PTS_FAILED("signal %d: handler ran %d times with its si_signo",
				   s, (int)seen[s]);
		if (codes[s] != SI_USER)
			PTS_FAILED("signal %d: si_code %d, not SI_USER", s, codes[s]);
	}
	PTS_PASSED("%d realtime signals, each caught with its number", n);
}
