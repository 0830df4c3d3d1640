// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaddset(): adds the signal, and only it, to the set and returns 0;
 * adding a member again changes nothing; the lowest (1) and highest
 * (SIGRTMAX) numbers work. For a signo that is "an invalid or
 * unsupported signal number" (0, -1, _NSIG, INT_MAX) it may fail with
 * [EINVAL]; glibc does, and the set must then be unchanged. Success for
 * such a number is reported as unsupported (the check is optional).
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

	sigemptyset(&set);
	if (sigaddset(&set, SIGUSR1))
		PTS_FAILED("sigaddset(SIGUSR1): %s", strerror(errno));
	for (i = 1; i < _NSIG; i++)
		if (sigismember(&set, i) != (i == SIGUSR1))
			PTS_FAILED("signal %d membership wrong after adding SIGUSR1", i);
	ref = set;
	if (sigaddset(&set, SIGUSR1) || !same(&set, &ref))
		PTS_FAILED("adding a member again changed the set");
	if (sigaddset(&set, 1) || sigaddset(&set, SIGRTMAX) ||
	    sigismember(&set, 1) != 1 || sigismember(&set, SIGRTMAX) != 1)
		PTS_FAILED("signal 1 or SIGRTMAX not added");
	ref = set;
	for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		errno = 0;
		i = sigaddset(&set, bad[k]);
		printf("sigaddset(%d): %d %s\n", bad[k], i, strerror(errno));
		if (!i)
			PTS_UNSUPP("sigaddset(%d) succeeded: the EINVAL check is optional",
				   bad[k]);
		if (i != -1 || errno != EINVAL)
			PTS_FAILED("sigaddset(%d): expected -1 with EINVAL", bad[k]);
		if (!same(&set, &ref))
			PTS_FAILED("a failed sigaddset(%d) changed the set", bad[k]);
	}
	PTS_PASSED("sigaddset() adds exactly one signal; EINVAL");
}
