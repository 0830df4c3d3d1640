// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getitimer(): each of ITIMER_REAL, ITIMER_VIRTUAL and ITIMER_PROF reads
 * zero in a new process (a child: interval timers are reset by fork);
 * after setitimer() it_interval reads back as set (1.25 s) and it_value
 * is the time left, in (0, 10 s] for ITIMER_REAL; for the CPU timers
 * Linux arms one tick more than asked so as never to expire early
 * (set_cpu_itimer()), so their time left may exceed the value by up to
 * a tick: bounded by 10 s + 10 ms (HZ >= 100), printed when above 10 s.
 * Setting it_value zero disarms, read back as zero value. An invalid
 * which (-1, 3) fails with [EINVAL].
 */
#include <sys/time.h>

#include "pts_helpers.h"

static int child(void)
{
	static const int which[] = { ITIMER_REAL, ITIMER_VIRTUAL, ITIMER_PROF };
	struct itimerval set = { { 1, 250000 }, { 10, 0 } }, cur, zero = { { 0, 0 }, { 0, 0 } };
	long long v;
	int i;

	for (i = 0; i < 3; i++) {
		if (getitimer(which[i], &cur))
			PTS_FAILED("getitimer(%d): %m", which[i]);
		if (cur.it_value.tv_sec || cur.it_value.tv_usec ||
		    cur.it_interval.tv_sec || cur.it_interval.tv_usec)
			PTS_FAILED("itimer %d not zero in a new process", which[i]);
	}
	for (i = 0; i < 3; i++) {
		if (setitimer(which[i], &set, NULL))
			PTS_FAILED("setitimer(%d): %m", which[i]);
		if (getitimer(which[i], &cur))
			PTS_FAILED("getitimer(%d): %m", which[i]);
		v = cur.it_value.tv_sec * 1000000LL + cur.it_value.tv_usec;
		if (cur.it_interval.tv_sec != 1 || cur.it_interval.tv_usec != 250000)
			PTS_FAILED("itimer %d: it_interval %ld.%06ld, expected 1.250000",
				   which[i], (long)cur.it_interval.tv_sec,
				   (long)cur.it_interval.tv_usec);
		if (v > 10000000 && which[i] != ITIMER_REAL && v <= 10010000)
			printf("INFO: itimer %d reads %lld us for 10 s (tick added)\n",
			       which[i], v);
		else if (v <= 0 || v > 10000000)
			PTS_FAILED("itimer %d: it_value %lld us for 10 s", which[i], v);
		if (setitimer(which[i], &zero, NULL) || getitimer(which[i], &cur))
			PTS_FAILED("disarming itimer %d: %m", which[i]);
		if (cur.it_value.tv_sec || cur.it_value.tv_usec)
			PTS_FAILED("itimer %d still armed after a zero it_value", which[i]);
	}
	PTS_EXPECT_ERRNO(getitimer(-1, &cur), EINVAL, "getitimer(-1)");
	PTS_EXPECT_ERRNO(getitimer(3, &cur), EINVAL, "getitimer(3)");
	return PTS_PASS;
}

int main(void)
{
	struct itimerval set = { { 0, 0 }, { 100, 0 } };

	/* the child must start with zero even though the parent's are armed */
	setitimer(ITIMER_REAL, &set, NULL);
	setitimer(ITIMER_VIRTUAL, &set, NULL);
	setitimer(ITIMER_PROF, &set, NULL);
	pts_run_child(child, "child");
	PTS_PASSED("zero in a new process, interval and time left read back, disarm, EINVAL");
}
