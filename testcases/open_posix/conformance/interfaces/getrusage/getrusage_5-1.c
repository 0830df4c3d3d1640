// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getrusage(RUSAGE_SELF) counts the process's CPU time across exec (the
 * process is the same; XSH exec keeps tms_utime and tms_stime): after
 * 200 ms of CPU time and an exec of itself, ru_utime + ru_stime in the
 * new image are at least the 200 ms less a tick (10 ms) and at least the
 * value read right before the exec (passed on the command line).
 */
#include "pts_helpers.h"

#define SPIN (200 * 1000000LL)

static long long self_us(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru))
		PTS_UNRES("getrusage(RUSAGE_SELF): %m");
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL +
	       ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
}

int main(int argc, char *argv[])
{
	long long now, before;
	char arg[32];

	if (argc == 3 && !strcmp(argv[1], "exec")) {
		now = self_us();
		before = atoll(argv[2]);
		if (now < before || now < SPIN / 1000 - 10000)
			PTS_FAILED("after exec ru_utime + ru_stime %lld us, before %lld us, expected >= %lld",
				   now, before, SPIN / 1000 - 10000);
		PTS_PASSED("%lld us of CPU time carried across exec (%lld before)",
			   now, before);
	}
	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < SPIN)
		;
	snprintf(arg, sizeof(arg), "%lld", self_us());
	fflush(stdout);
	execl("/proc/self/exe", argv[0], "exec", arg, (char *)NULL);
	PTS_UNRES("execl(/proc/self/exe): %m");
}
