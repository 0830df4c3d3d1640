// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigdelset(): deletes the signal, and only it, from the set and returns
 * 0; deleting a non-member is no error and changes nothing; it works
 * for the lowest and the highest numbers. For an invalid or unsupported
 * signo (0, -1, _NSIG, INT_MAX) it may fail with [EINVAL] (glibc does),
 * leaving the set unchanged; success is reported as unsupported.
 */
#include <limits.h>
#include "pts_helpers.h"

static int same(const sigset_t *a, const sigset_t *b)
{
	int i;

	for (i = 1; i < _NSIG; i++)
		if (sigismember(a, i) != sigismember(b, i))
			return 0;
	return 1;
}

int main(void)
{
	int bad[] = { 0, -1, _NSIG, INT_MAX };
	sigset_t set, ref;
	unsigned int k;
	int i;

	sigfillset(&set);
	ref = set;
	if (sigdelset(&set, SIGUSR2))
		PTS_FAILED("sigdelset(SIGUSR2): %s", strerror(errno));
	for (i = 1; i < _NSIG; i++)
		if (sigismember(&set, i) != (i == SIGUSR2 ? 0 : sigismember(&ref, i)))
			PTS_FAILED("signal %d membership wrong after deleting SIGUSR2", i);
	ref = set;
	if (sigdelset(&set, SIGUSR2) || !same(&set, &ref))
		PTS_FAILED("deleting a non-member changed the set or failed");
	if (sigdelset(&set, 1) || sigdelset(&set, SIGRTMAX) ||
	    sigismember(&set, 1) || sigismember(&set, SIGRTMAX))
		PTS_FAILED("signal 1 or SIGRTMAX not deleted");
	if (sigismember(&set, SIGRTMAX - 1) != 1 || sigismember(&set, 2) != 1)
		PTS_FAILED("deleting 1 and SIGRTMAX removed a neighbour");
	ref = set;
	for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		errno = 0;
		i = sigdelset(&set, bad[k]);
		printf("sigdelset(%d): %d %s\n", bad[k], i, strerror(errno));
		if (!i)
			PTS_UNSUPP("sigdelset(%d) succeeded: the EINVAL check is optional",
				   bad[k]);
		if (i != -1 || errno != EINVAL)
			PTS_FAILED("sigdelset(%d): expected -1 with EINVAL", bad[k]);
		if (!same(&set, &ref))
			PTS_FAILED("a failed sigdelset(%d) changed the set", bad[k]);
	}
	PTS_PASSED("sigdelset() removes exactly one signal; EINVAL");
}
