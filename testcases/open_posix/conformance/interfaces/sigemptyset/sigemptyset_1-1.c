// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigemptyset(): initializes the set so that all signals defined in
 * POSIX.1-2017 are excluded, whatever the memory held before (here all
 * bits set), and returns 0. As a mask (SIG_SETMASK) it unblocks every
 * signal, which sigprocmask() reads back as the empty set.
 */
#include "pts_helpers.h"

int main(void)
{
	sigset_t set, m;
	int i;

	memset(&set, 0xff, sizeof(set));
	if (sigemptyset(&set))
		PTS_FAILED("sigemptyset() returned non-zero: %s", strerror(errno));
	for (i = 1; i < _NSIG; i++)
		if (sigismember(&set, i))
			PTS_FAILED("signal %d is a member of the emptied set", i);
	sigfillset(&m);
	sigprocmask(SIG_SETMASK, &m, NULL);
	if (sigprocmask(SIG_SETMASK, &set, NULL))
		PTS_UNRES("sigprocmask(): %s", strerror(errno));
	memset(&m, 0xff, sizeof(m));
	sigprocmask(SIG_BLOCK, NULL, &m);
	for (i = 1; i < _NSIG; i++)
		if (sigismember(&m, i))
			PTS_FAILED("signal %d still blocked with the empty mask", i);
	PTS_PASSED("no signal in an emptied set; it unblocks everything");
}
