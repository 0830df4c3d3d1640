// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Interval timers are inherited across exec (XSH exec, XSI): with
 * ITIMER_REAL, ITIMER_VIRTUAL and ITIMER_PROF each armed for 100 s with
 * a 7 s interval, the new image reads, for all three, it_interval 7 s
 * exactly and it_value in (0, 100 s]; disarming them there returns the
 * same settings (setitimer()'s ovalue). The CPU-time timers are kept in
 * ticks by Linux and may read up to a tick above the value set (as in
 * getitimer_1-1): up to 10 ms more is printed, not failed.
 */
#include <sys/time.h>
#include "pts_helpers.h"

static const int which[] = { ITIMER_REAL, ITIMER_VIRTUAL, ITIMER_PROF };
static const char *const name[] = { "ITIMER_REAL", "ITIMER_VIRTUAL", "ITIMER_PROF" };

static void check(const struct itimerval *v, int cpu, const char *what)
{
	long long left = v->it_value.tv_sec * 1000000LL + v->it_value.tv_usec;

	if (cpu && left > 100000000LL && left <= 100010000LL) {
		printf("%s: %lld us left, above the 100 s set by a tick\n",
		       what, left);
		left = 100000000LL;
	}
	if (v->it_interval.tv_sec != 7 || v->it_interval.tv_usec ||
	    left <= 0 || left > 100000000LL)
		PTS_FAILED("%s after exec: interval %ld.%06ld, left %lld us",
			   what, (long)v->it_interval.tv_sec,
			   (long)v->it_interval.tv_usec, left);
}

int main(int argc, char *argv[])
{
	struct itimerval its = { { 7, 0 }, { 100, 0 } }, zero = { { 0, 0 }, { 0, 0 } }, cur;
	int i;

	if (argc == 2 && !strcmp(argv[1], "exec")) {
		for (i = 0; i < 3; i++) {
			if (getitimer(which[i], &cur))
				PTS_UNRES("getitimer(%s): %m", name[i]);
			check(&cur, i > 0, name[i]);
			if (setitimer(which[i], &zero, &cur))
				PTS_UNRES("setitimer(%s): %m", name[i]);
			check(&cur, i > 0, name[i]);
		}
		PTS_PASSED("the three interval timers survived exec");
	}
	for (i = 0; i < 3; i++)
		if (setitimer(which[i], &its, NULL))
			PTS_UNRES("setitimer(%s): %m", name[i]);
	fflush(stdout);
	execl("/proc/self/exe", argv[0], "exec", (char *)NULL);
	PTS_UNRES("execl(/proc/self/exe): %m");
}
