// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigismember(): "shall return 1 if the specified signal is a member of
 * the specified set, or 0 if it is not" - exactly 1 and 0, for every
 * number from 1 to SIGRTMAX in a set holding every third of them. For an
 * invalid or unsupported signo (0, -1, _NSIG, INT_MAX) it may fail with
 * -1 and [EINVAL] (glibc does); a 0 or 1 there is reported as
 * unsupported (the check is optional).
 */
#include <limits.h>
#include "pts_helpers.h"

int main(void)
{
	int bad[] = { 0, -1, _NSIG, INT_MAX };
	unsigned int k;
	sigset_t set;
	int i, r, n = 0;

	sigemptyset(&set);
	for (i = 1; i <= SIGRTMAX; i += 3)
		if (sigaddset(&set, i) == 0)
			n++;
	for (i = 1; i <= SIGRTMAX; i++) {
		int want = (i - 1) % 3 == 0;

		r = sigismember(&set, i);
		/* numbers the C library keeps for itself may not be added */
		if (want && r == 0 && i > SIGSYS && i < SIGRTMIN)
			continue;
		if (r != want)
			PTS_FAILED("sigismember(%d) returned %d, expected %d", i, r, want);
	}
	printf("%d signals added, membership exact from 1 to %d\n", n, SIGRTMAX);
	for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		errno = 0;
		r = sigismember(&set, bad[k]);
		printf("sigismember(%d): %d %s\n", bad[k], r, strerror(errno));
		if (r == 0 || r == 1)
			PTS_UNSUPP("sigismember(%d) returned %d: the EINVAL check is optional",
				   bad[k], r);
		if (r != -1 || errno != EINVAL)
			PTS_FAILED("sigismember(%d): expected -1 with EINVAL", bad[k]);
	}
	PTS_PASSED("sigismember() returns exactly 1 and 0; EINVAL");
}
