// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An alarm survives exec: the time left until the alarm clock signal is
 * inherited by the new process image (XSH exec). alarm(100) then
 * execv() of this program: in the new image alarm(0) returns the
 * seconds left, at most 100 and at least 100 less the whole seconds
 * passed (rounded, as alarm() reports), and no SIGALRM has come.
 * Cancelled there, it does not fire.
 */
#include "pts_helpers.h"

int main(int argc, char *argv[])
{
	char t0s[32];
	unsigned int left;
	long long t0, passed;

	if (argc == 3 && !strcmp(argv[1], "exec")) {
		left = alarm(0);
		t0 = atoll(argv[2]);
		passed = (pts_now(CLOCK_MONOTONIC) - t0) / PTS_NSEC;

		printf("after exec: alarm(0) returned %u, %lld s passed\n", left,
		       passed);
		if (left > 100 || (long long)left < 100 - passed - 1)
			PTS_FAILED("alarm left across exec %u, expected %lld..100",
				   left, 100 - passed - 1);
		PTS_PASSED("the alarm survived exec with %u s left", left);
	}
	alarm(100);
	t0 = pts_now(CLOCK_MONOTONIC);
	snprintf(t0s, sizeof(t0s), "%lld", t0);
	fflush(stdout);
	execl("/proc/self/exe", argv[0], "exec", t0s, (char *)NULL);
	PTS_UNRES("execl(/proc/self/exe): %m");
}
