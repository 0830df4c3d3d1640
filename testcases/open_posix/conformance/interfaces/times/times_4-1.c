// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tms_utime and tms_stime are inherited across exec (XSH exec): a
 * process that used 200 ms of CPU time and then exec()s itself reads,
 * in the new image, tms_utime + tms_stime of at least that time in
 * ticks less two, and no less than the value times() gave right before
 * the exec (passed along on the command line).
 */
#include <sys/times.h>
#include "pts_helpers.h"

#define SPIN (200 * 1000000LL)

static long long own_ticks(void)
{
	struct tms t;

	if (times(&t) == (clock_t)-1)
		PTS_UNRES("times(): %m");
	return (long long)t.tms_utime + t.tms_stime;
}

int main(int argc, char *argv[])
{
	long hz = sysconf(_SC_CLK_TCK);
	long long need = SPIN * hz / PTS_NSEC - 2, now, before;
	char arg[32];

	if (argc == 3 && !strcmp(argv[1], "exec")) {
		now = own_ticks();
		before = atoll(argv[2]);
		if (now < before || now < need)
			PTS_FAILED("after exec tms_utime + tms_stime %lld ticks, before %lld, expected >= %lld",
				   now, before, need);
		PTS_PASSED("%lld ticks of CPU time carried across exec (%lld before)",
			   now, before);
	}
	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < SPIN)
		;
	snprintf(arg, sizeof(arg), "%lld", own_ticks());
	fflush(stdout);
	execl("/proc/self/exe", argv[0], "exec", arg, (char *)NULL);
	PTS_UNRES("execl(/proc/self/exe): %m");
}
